import { createHash } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * Tables every authenticated request may touch without being a change of data: the session row
 * (its idle deadline moves with each call, CONTRACT "Cookies, sessions and CSRF").
 */
const TOUCHED_BY_ANY_REQUEST: ReadonlySet<string> = new Set(['sessions']);

/** Table name → row count and a hash of every row. */
export type DbFingerprint = Record<string, { rows: number; hash: string }>;

/** A read-only view of one database file of a test server, to show that requests changed nothing. */
export interface DbWatch {
  /** Every table's row count and largest rowid: cheap enough to take after each request. */
  quick(): Record<string, string>;
  /** Every table's rows hashed in a stable order: two equal ones mean no row was added, changed or removed. */
  full(): DbFingerprint;
  close(): void;
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
    quick: () => Object.fromEntries(quick.map(([name, statement]) => [name, String(statement.get())])),
    full() {
      const fingerprint: DbFingerprint = {};
      for (const [name, statement] of full) {
        const hash = createHash('sha256');
        let rows = 0;
        for (const row of statement.iterate()) {
          hash.update(
            JSON.stringify(row, (_key, value) => (typeof value === 'bigint' ? String(value) : value)),
          );
          hash.update('\n');
          rows++;
        }
        fingerprint[name] = { rows, hash: hash.digest('hex') };
      }
      return fingerprint;
    },
    close: () => db.close(),
  };
}
