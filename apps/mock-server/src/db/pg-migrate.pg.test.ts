import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPgDatabase, type TestPgDatabase } from '../testing/pg';
import { MIGRATIONS } from './migrations';
import { openPgDatabase, type PgDatabase } from './pg';
import { migratePg } from './pg-migrate';
import { PG_MIGRATIONS } from './pg-migrations';
import { APPEND_ONLY_TABLES } from './pg-migrations/baseline';
import { migrate, openSqlite } from './sqlite';

let database: TestPgDatabase;
let db: PgDatabase;

beforeAll(async () => {
  database = await createTestPgDatabase();
  db = await openPgDatabase(database.url, 'demo');
});

afterAll(async () => {
  await db?.close();
  await database?.drop();
});

/** SQLite's schema at the newest migration: each table's columns in order, and the index names. */
function sqliteSchema() {
  const sqlite = openSqlite(':memory:');
  try {
    migrate(sqlite, MIGRATIONS);
    const tables = sqlite
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'sqlite_sequence' ORDER BY name",
      )
      .all()
      .map(({ name }) => name);
    const columns = Object.fromEntries(
      tables.map((table) => [
        table,
        sqlite
          .prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${table}') ORDER BY cid`)
          .all()
          .map(({ name }) => name),
      ]),
    );
    const indexes = sqlite
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND name NOT LIKE 'records_sort_%' ORDER BY name",
      )
      .all()
      .map(({ name }) => name);
    const appendOnly = sqlite
      .prepare<[], { tbl_name: string }>(
        "SELECT DISTINCT tbl_name FROM sqlite_master WHERE type = 'trigger' AND sql LIKE '%BEFORE DELETE%RAISE(ABORT%' ORDER BY tbl_name",
      )
      .all()
      .map(({ tbl_name }) => tbl_name);
    return { tables, columns, indexes, appendOnly };
  } finally {
    sqlite.close();
  }
}

describe('the PostgreSQL schema', () => {
  it('numbers its migrations 1, 2, 3… without a gap or a repeat', () => {
    expect(PG_MIGRATIONS.map((migration) => migration.version)).toEqual(PG_MIGRATIONS.map((_, i) => i + 1));
  });

  it('migrates a new schema once, even when two servers start together', async () => {
    const second = await openPgDatabase(database.url, 'demo');
    try {
      const [a, b] = await Promise.all([migratePg(db, PG_MIGRATIONS), migratePg(second, PG_MIGRATIONS)]);
      expect([a, b].sort((x, y) => y.length - x.length)).toEqual([PG_MIGRATIONS.map((m) => m.version), []]);
      expect(await migratePg(db, PG_MIGRATIONS)).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it("has SQLite's tables with the same columns in the same order, and SQLite's indexes", async () => {
    const sqlite = sqliteSchema();
    const tables = await db.many<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
       WHERE table_schema = 'demo' AND table_name <> 'schema_migrations' ORDER BY table_name`,
    );
    expect(tables.map((t) => t.table_name)).toEqual(sqlite.tables);
    for (const table of sqlite.tables) {
      const columns = await db.many<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns
         WHERE table_schema = 'demo' AND table_name = $1 ORDER BY ordinal_position`,
        [table],
      );
      expect(
        columns.map((c) => c.column_name),
        table,
      ).toEqual(sqlite.columns[table]);
    }
    const indexes = await db.many<{ indexname: string }>(
      "SELECT indexname FROM pg_indexes WHERE schemaname = 'demo' ORDER BY indexname",
    );
    const names = new Set(indexes.map((i) => i.indexname));
    for (const index of sqlite.indexes) expect(names.has(index), index).toBe(true);
  });

  it("keeps SQLite's append-only tables append-only: no UPDATE, DELETE or TRUNCATE", async () => {
    expect(APPEND_ONLY_TABLES.map(([table]) => table).sort()).toEqual(sqliteSchema().appendOnly);
    await db.run(
      `INSERT INTO saved_filter_changes (filter_id, web_template_no, change, owner_name, name_before,
         version_before, changed_by, changed_at_utc)
       VALUES (1, 1, 'rename', 'a', 'b', 1, 'a', '2026-01-01T00:00:00.000Z')`,
    );
    for (const [table, message] of APPEND_ONLY_TABLES) {
      await expect(db.run(`TRUNCATE ${table} CASCADE`), table).rejects.toThrow(message);
      const rowTrigger = await db.one<{ updates: boolean; deletes: boolean }>(
        `SELECT (tgtype & 16) <> 0 AS updates, (tgtype & 8) <> 0 AS deletes FROM pg_trigger
         WHERE tgrelid = $1::regclass AND tgname = $2`,
        [table, `${table}_append_only`],
      );
      expect(rowTrigger, table).toEqual({ updates: true, deletes: true });
    }
    await expect(db.run('DELETE FROM saved_filter_changes')).rejects.toThrow(
      'saved filter changes are append-only',
    );
    await expect(db.run("UPDATE saved_filter_changes SET name_after = 'x'")).rejects.toThrow(
      'saved filter changes are append-only',
    );
    expect(await db.one('SELECT count(*)::int AS n FROM saved_filter_changes')).toEqual({ n: 1 });
  });

  it('keeps a file link per file value of a record version, as the SQLite trigger does', async () => {
    await db.transaction(async (tx) => {
      await tx.run("INSERT INTO records (record_id, entity, current_version) VALUES (7, 'supplier', 1)");
      await tx.run(
        `INSERT INTO record_versions (record_id, version, entity, values_json, is_deleted, updated_by, updated_at_utc)
         VALUES (7, 1, 'supplier', $1, 0, 'a', '2026-01-01T00:00:00.000Z')`,
        [
          JSON.stringify({
            Cert: { Id: 'f1', FileName: 'a.pdf' },
            Name: 'x',
            Other: { Id: 3, FileName: 'b' },
          }),
        ],
      );
    });
    expect(await db.many('SELECT file_id, record_id, element_name FROM file_links')).toEqual([
      { file_id: 'f1', record_id: 7, element_name: 'Cert' },
    ]);
  });
});
