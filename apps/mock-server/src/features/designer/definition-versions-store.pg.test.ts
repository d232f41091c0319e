import { describe, expect, it } from 'vitest';
import { useStoreParity } from '../../testing/store-parity';
import {
  createSqliteDefinitionVersionStore,
  type DefinitionVersionStore,
  type PublishInput,
} from './definition-versions-store';
import { createPgDefinitionVersionStore } from './definition-versions-store.pg';

const parity = useStoreParity<DefinitionVersionStore>({
  sqlite: (db) => createSqliteDefinitionVersionStore(db),
  pg: (db) => createPgDefinitionVersionStore(db),
});
const { same } = parity;

const input = (overrides: Partial<PublishInput> = {}): PublishInput => ({
  key: 102,
  baseVersion: 1,
  schemaVersion: 1,
  json: '{"v":2}',
  publishedAt: '2026-06-01T00:00:00.000Z',
  publishedBy: 'supervisor',
  changeNote: 'note',
  refuseValuesOf: null,
  ...overrides,
});

const instants = [
  '1969-12-31T23:59:59.999Z',
  '1970-01-01T00:00:00.000Z',
  '2026-05-31T23:59:59.999Z',
  '2026-06-01T00:00:00.000Z',
  '2026-06-01T00:00:00.001Z',
  '2030-01-01T00:00:00.000Z',
];

describe('the form definition version store on PostgreSQL', () => {
  it('reads the seeded versions as SQLite does: lists, one version, the latest, the current ones, the version at T', async () => {
    expect((await same((s) => s.listCurrent())).length).toBeGreaterThan(3);
    expect(await same((s) => s.list(102))).toHaveLength(1);
    await same((s) => s.list(999));
    expect(await same((s) => s.get(102, 1))).toMatchObject({ key: 102, version: 1, schemaVersion: 1 });
    expect(await same((s) => s.get(102, 2))).toBeNull();
    await same((s) => s.latest(104));
    expect(await same((s) => s.latest(999))).toBeNull();
    for (const at of instants) await same((s) => s.versionAt(102, at));
  });

  it('finds the same names with stored values (a JSON null and an empty text are none; false and 0 are values)', async () => {
    expect(
      await same((s) => s.namesWithValues('supplier', ['Country', 'IsPreferred', 'Rating', 'Missing'])),
    ).toEqual(['Country', 'IsPreferred', 'Rating']);
    expect(await same((s) => s.namesWithValues('nothing', ['Country']))).toEqual([]);
    for (const engine of ['sqlite', 'pg'] as const) {
      const values = JSON.stringify({ Zero: 0, False: false, Null: null, Empty: '', List: [], Nested: {} });
      const sql = `INSERT INTO records (record_id, entity, current_version) VALUES (9001, 'probe', 1);
        INSERT INTO record_versions (record_id, version, entity, values_json, is_deleted, updated_by, updated_at_utc)
        VALUES (9001, 1, 'probe', '${values}', 0, 'system', '2026-01-01T00:00:00.000Z')`;
      if (engine === 'sqlite') parity.both.sqlite.exec(sql);
      else await parity.both.pg.run(sql);
    }
    expect(
      await same((s) => s.namesWithValues('probe', ['Zero', 'False', 'Null', 'Empty', 'List', 'Nested'])),
    ).toEqual(['Zero', 'False', 'List', 'Nested']);
  });

  it('publishes, refuses and reads back as SQLite does: values, missing, stale, a clock gone back, the version at T after', async () => {
    expect(
      await same((s) =>
        s.publish(input({ refuseValuesOf: { entity: 'supplier', names: ['Missing', 'Country'] } })),
      ),
    ).toEqual({ ok: false, reason: 'values', names: ['Country'] });
    expect(await same((s) => s.publish(input({ key: 999 })))).toEqual({ ok: false, reason: 'missing' });
    expect(await same((s) => s.publish(input()))).toMatchObject({ ok: true, version: { version: 2 } });
    expect(await same((s) => s.publish(input()))).toEqual({ ok: false, reason: 'stale', currentVersion: 2 });
    const third = await same((s) =>
      s.publish(
        input({ baseVersion: 2, json: '{"v":3}', schemaVersion: 2, publishedAt: '2026-05-01T00:00:00.000Z' }),
      ),
    );
    expect(third.ok && third.version.publishedAt).toBe('2026-06-01T00:00:00.001Z');
    await same((s) => s.list(102));
    await same((s) => s.latest(102));
    await same((s) => s.listCurrent());
    for (const at of instants) await same((s) => s.versionAt(102, at));
    await parity.sameRows('SELECT * FROM form_definitions WHERE web_template_no = 102');
  });

  it('gives one success and one conflict to two concurrent publishes on the same base, and stores only the winner', async () => {
    // Several rounds: each must end one way only, whichever transaction reaches the row first.
    for (let round = 0; round < 5; round++) {
      const base = (await parity.pg.latest(104))!.version;
      const results = await Promise.all([
        parity.pg.publish(input({ key: 104, baseVersion: base, json: `{"by":"a${round}"}` })),
        parity.pg.publish(input({ key: 104, baseVersion: base, json: `{"by":"b${round}"}` })),
      ]);
      const won = results.flatMap((r) => (r.ok ? [r.version] : []));
      expect(won).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual([
        { ok: false, reason: 'stale', currentVersion: base + 1 },
      ]);
      expect(
        await parity.both.pg.one('SELECT json, version FROM form_definitions WHERE web_template_no = 104'),
      ).toEqual({ json: won[0]!.json, version: base + 1 });
      expect((await parity.pg.list(104)).map((v) => v.version).slice(0, 2)).toEqual([base + 1, base]);
    }
  });
});
