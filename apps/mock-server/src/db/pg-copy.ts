import type { PgExecutor } from './pg';
import type { SqliteDatabase } from './sqlite';

/** Rows per INSERT: PostgreSQL binds at most 65,535 parameters in one statement. */
const MAX_PARAMETERS = 30_000;

/**
 * Copies every row of a SQLite database into an empty PostgreSQL schema of the same version
 * (pg-migrations/baseline.ts), table by table in creation order, inside the caller's transaction:
 * the way a new PostgreSQL schema gets the demo seed (seeded once, on SQLite, by the same code), and
 * the way a plant's SQLite file moves to PostgreSQL. The copy keeps ids; the derived-row triggers
 * are off while it runs (the derived rows are copied like the rest) and foreign keys are checked
 * once every row is in. Returns the rows copied per table.
 */
export async function copySqliteToPg(
  sqlite: SqliteDatabase,
  tx: PgExecutor,
): Promise<Record<string, number>> {
  const tables = sqlite
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid",
    )
    .all()
    .map(({ name }) => name);
  const copied: Record<string, number> = {};
  await tx.run('SET CONSTRAINTS ALL DEFERRED');
  for (const table of tables) await tx.run(`ALTER TABLE ${quote(table)} DISABLE TRIGGER USER`);
  for (const table of tables) {
    const columns = sqlite
      .prepare<[string], { name: string }>('SELECT name FROM pragma_table_info(?) ORDER BY cid')
      .all(table)
      .map(({ name }) => name);
    const perInsert = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
    const columnList = columns.map(quote).join(', ');
    let batch: unknown[][] = [];
    let count = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      const params: unknown[] = [];
      const rows = batch.map((row) => {
        const placeholders = row.map((value) => {
          params.push(typeof value === 'bigint' ? Number(value) : value);
          return `$${params.length}`;
        });
        return `(${placeholders.join(', ')})`;
      });
      await tx.run(`INSERT INTO ${quote(table)} (${columnList}) VALUES ${rows.join(', ')}`, params);
      count += batch.length;
      batch = [];
    };
    for (const row of sqlite
      .prepare(`SELECT ${columnList} FROM ${quote(table)}`)
      .raw()
      .iterate()) {
      batch.push(row as unknown[]);
      if (batch.length >= perInsert) await flush();
    }
    await flush();
    copied[table] = count;
  }
  // Every foreign key checked now, with every row in place (a table cannot change its triggers
  // while checks are pending).
  await tx.run('SET CONSTRAINTS ALL IMMEDIATE');
  for (const table of tables) await tx.run(`ALTER TABLE ${quote(table)} ENABLE TRIGGER USER`);
  // Identity columns continue after the largest id copied.
  const identities = await tx.many<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND is_identity = 'YES'`,
  );
  for (const { table_name: table, column_name: column } of identities) {
    await tx.run(
      `SELECT setval(pg_get_serial_sequence($1, $2), coalesce(max(${quote(column)}), 0) + 1, false)
       FROM ${quote(table)}`,
      [table, column],
    );
  }
  return copied;
}

/** A table or column name of our own schema, quoted as an identifier. */
function quote(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Not an identifier of our schema: ${name}`);
  return `"${name}"`;
}
