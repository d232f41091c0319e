import path from 'node:path';
import { openPgDatabase, type PgDatabase } from '../db/pg';
import { openSqlite } from '../db/sqlite';

/**
 * Raw SQL on one database of a running test server, on the engine the server runs on: its SQLite
 * file, or its schema in the server's PostgreSQL database (testing/harness.ts). For tests that read
 * what a request stored, or change a row behind the server's back, and so run on both engines.
 *
 * Write statements with `?` placeholders and SQL both engines speak; on PostgreSQL each `?` outside
 * a quoted literal becomes `$1`, `$2`… (so never use PostgreSQL's jsonb `?` operators here). Where
 * the engines differ (JSON functions, date arithmetic), branch on {@link ServerSql.engine}.
 */
export interface ServerSql {
  readonly engine: 'sqlite' | 'postgres';
  /** Every row of a statement. */
  all<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<R[]>;
  /** The first row, or undefined. */
  get<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<R | undefined>;
  /** Runs a statement; resolves to the number of rows it changed. */
  run(sql: string, params?: readonly unknown[]): Promise<number>;
  close(): Promise<void>;
}

/** The parts of a test server this needs (a `TestServer` has them). */
export interface ServerDatabases {
  dataDir: string;
  databaseUrl: string | null;
}

/** `?` placeholders as PostgreSQL's `$n`, leaving quoted literals and identifiers alone. */
export function numberPlaceholders(sql: string): string {
  let out = '';
  let quote: string | null = null;
  let n = 0;
  for (const ch of sql) {
    if (quote) {
      if (ch === quote) quote = null;
      out += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      out += ch;
    } else if (ch === '?') {
      out += `$${++n}`;
    } else {
      out += ch;
    }
  }
  return out;
}

function pgSql(db: PgDatabase): ServerSql {
  return {
    engine: 'postgres',
    all: (sql, params = []) => db.many(numberPlaceholders(sql), params),
    get: (sql, params = []) => db.one(numberPlaceholders(sql), params),
    run: (sql, params = []) => db.run(numberPlaceholders(sql), params),
    close: () => db.close(),
  };
}

function sqliteSql(file: string): ServerSql {
  const db = openSqlite(file);
  return {
    engine: 'sqlite',
    all: async <R>(sql: string, params: readonly unknown[] = []) => db.prepare(sql).all(...params) as R[],
    get: async <R>(sql: string, params: readonly unknown[] = []) =>
      db.prepare(sql).get(...params) as R | undefined,
    run: async (sql, params = []) => db.prepare(sql).run(...params).changes,
    close: async () => {
      db.close();
    },
  };
}

/** Opens database `database` of the logon list of `server`; close it when done. */
export async function openServerSql(server: ServerDatabases, database = 'demo'): Promise<ServerSql> {
  return server.databaseUrl
    ? pgSql(await openPgDatabase(server.databaseUrl, database, { max: 2 }))
    : sqliteSql(path.join(server.dataDir, `${database}.sqlite`));
}

/** Runs `work` on database `database` of `server` and closes the connection after. */
export async function withServerSql<T>(
  server: ServerDatabases,
  work: (sql: ServerSql) => Promise<T>,
  database = 'demo',
): Promise<T> {
  const sql = await openServerSql(server, database);
  try {
    return await work(sql);
  } finally {
    await sql.close();
  }
}
