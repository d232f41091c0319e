import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openParityDatabases, type ParityDatabases } from '../testing/parity';

let both: ParityDatabases;
beforeAll(async () => {
  both = await openParityDatabases('full');
});
afterAll(() => both?.close());

describe('copying a SQLite database into PostgreSQL', () => {
  it('copies every row of every table, value for value', async () => {
    const tables = both.sqlite
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all()
      .map(({ name }) => name);
    let rows = 0;
    for (const table of tables) {
      const columns = both.sqlite
        .prepare<[string], { name: string; pk: number }>(
          'SELECT name, pk FROM pragma_table_info(?) ORDER BY cid',
        )
        .all(table);
      const order = columns.map((c) => `"${c.name}"`).join(', ');
      const fromSqlite = both.sqlite.prepare(`SELECT * FROM "${table}" ORDER BY ${order}`).all();
      const fromPg = await both.pg.many(`SELECT * FROM "${table}" ORDER BY ${order}`);
      expect(fromPg, table).toEqual(fromSqlite);
      rows += fromSqlite.length;
    }
    // The full seed has hundreds of rows: a copy of empty tables would prove nothing.
    expect(rows).toBeGreaterThan(500);
  });

  it('continues every identity after the largest id copied', async () => {
    const { max } = both.sqlite
      .prepare<[], { max: number }>('SELECT max(record_id) AS max FROM records')
      .get()!;
    const inserted = await both.pg.one<{ record_id: number }>(
      "INSERT INTO records (entity, current_version) VALUES ('supplier', 1) RETURNING record_id",
    );
    expect(inserted?.record_id).toBe(max + 1);
  });

  it('keeps the derived-row triggers on after the copy', async () => {
    await both.pg.run(
      `INSERT INTO form_definitions (web_template_no, schema_version, json, updated_at_utc, updated_by)
       VALUES (987654, 1, '{}', '2026-01-01T00:00:00.000Z', 'x')`,
    );
    expect(
      await both.pg.one(
        'SELECT version, change_note FROM form_definition_versions WHERE web_template_no = 987654',
      ),
    ).toEqual({ version: 1, change_note: 'Seeded definition' });
  });
});
