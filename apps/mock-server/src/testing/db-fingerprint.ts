import { createHash } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';

/**
 * Tables every authenticated request may touch without being a change of data: the session row
 * (its idle deadline moves with each call, CONTRACT "Cookies, sessions and CSRF").
 */
const TOUCHED_BY_ANY_REQUEST: ReadonlySet<string> = new Set(['sessions']);

/** Table name → row count and a hash of every row. */
export type DbFingerprint = Record<string, { rows: number; hash: string }>;

/** A read-only view of one database of a test server, to show that requests changed nothing. */
export interface DbWatch {
  /** Every table's row count and a mark of its newest write: cheap enough to take after each request. */
  quick(): Promise<Record<string, string>>;
  /** Every table's rows hashed in a stable order: two equal ones mean no row was added, changed or removed. */
  full(): Promise<DbFingerprint>;
  close(): Promise<void>;
}

/** Hashes rows (arrays of column values) read in a stable order. */
function hashRows(rows: Iterable<unknown[]>): { rows: number; hash: string } {
  const hash = createHash('sha256');
  let count = 0;
  for (const row of rows) {
    hash.update(JSON.stringify(row, (_key, value) => (typeof value === 'bigint' ? String(value) : value)));
    hash.update('\n');
    count++;
  }
  return { rows: count, hash: hash.digest('hex') };
}

/**
 * Watches database `database` of a test server, on the engine it runs on: its SQLite file, or its
 * schema in the server's PostgreSQL database (see testing/harness.ts).
 */
export async function watchServerDb(
  server: { dataDir: string; databaseUrl: string | null },
  database = 'demo',
): Promise<DbWatch> {
  return server.databaseUrl ? watchPgDb(server.databaseUrl, database) : watchDb(server.dataDir, database);
}

/** Schema `database` of a PostgreSQL database through a connection of its own. */
async function watchPgDb(url: string, database: string): Promise<DbWatch> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const tables = (
    await client.query<{ name: string }>(
      'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name',
      [database],
    )
  ).rows
    .map(({ name }) => name)
    .filter((name) => !TOUCHED_BY_ANY_REQUEST.has(name) && name !== 'schema_migrations');
  const columns = new Map<string, number>();
  for (const name of tables) {
    const { rows } = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2',
      [database, name],
    );
    columns.set(name, rows[0]!.n);
  }
  const table = (name: string) => `"${database}"."${name}"`;
  return {
    async quick() {
      const marks: Record<string, string> = {};
      for (const name of tables) {
        // xmin is the transaction that wrote a row version: any insert or update moves the largest.
        const { rows } = await client.query<{ v: string }>(
          `SELECT count(*) || ':' || coalesce(max(xmin::text::bigint), 0) AS v FROM ${table(name)}`,
        );
        marks[name] = rows[0]!.v;
      }
      return marks;
    },
    async full() {
      const fingerprint: DbFingerprint = {};
      for (const name of tables) {
        const order = Array.from({ length: columns.get(name)! }, (_, i) => i + 1).join(', ');
        const { rows } = await client.query({
          text: `SELECT * FROM ${table(name)} ORDER BY ${order}`,
          rowMode: 'array',
        });
        fingerprint[name] = hashRows(rows as unknown[][]);
      }
      return fingerprint;
    },
    close: () => client.end(),
  };
}

/**
 * Opens `<dataDir>/<database>.sqlite` through a read-only connection of its own (WAL: it sees every
 * committed write and blocks none).
 */
export function watchDb(dataDir: string, database = 'demo'): DbWatch {
  const db = new Database(path.join(dataDir, `${database}.sqlite`), { readonly: true, fileMustExist: true });
  const tables = (
    db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all() as { name: string }[]
  )
    .map(({ name }) => name)
    .filter((name) => !TOUCHED_BY_ANY_REQUEST.has(name));
  const quick = tables.map((name) => {
    let statement: Database.Statement;
    try {
      statement = db.prepare(`SELECT count(*) || ':' || ifnull(max(rowid), '') AS v FROM "${name}"`);
    } catch {
      // WITHOUT ROWID: the count alone.
      statement = db.prepare(`SELECT count(*) AS v FROM "${name}"`);
    }
    return [name, statement.pluck()] as const;
  });
  const full = tables.map((name) => {
    const columns = (db.prepare('SELECT count(*) AS n FROM pragma_table_info(?)').get(name) as { n: number })
      .n;
    // Every column, in column order: a stable order without knowing the key.
    const order = Array.from({ length: columns }, (_, i) => i + 1).join(', ');
    return [name, db.prepare(`SELECT * FROM "${name}" ORDER BY ${order}`).raw()] as const;
  });
  return {
    quick: async () => Object.fromEntries(quick.map(([name, statement]) => [name, String(statement.get())])),
    async full() {
      const fingerprint: DbFingerprint = {};
      for (const [name, statement] of full)
        fingerprint[name] = hashRows(statement.iterate() as Iterable<unknown[]>);
      return fingerprint;
    },
    close: async () => {
      db.close();
    },
  };
}
