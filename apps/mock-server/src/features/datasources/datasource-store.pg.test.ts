import { describe, expect, it } from 'vitest';
import { useStoreParity } from '../../testing/store-parity';
import {
  createSqliteDatasourceStore,
  type DatasourceStore,
  type PublishDatasourceInput,
} from './datasource-store';
import { createPgDatasourceStore } from './datasource-store.pg';

const parity = useStoreParity<DatasourceStore>({
  sqlite: (db) => createSqliteDatasourceStore(db),
  pg: (db) => createPgDatasourceStore(db),
});
const { same } = parity;

const input = (overrides: Partial<PublishDatasourceInput> = {}): PublishDatasourceInput => ({
  key: 'supplier',
  baseVersion: 1,
  json: '[{"Name":"Name"}]',
  publishedAt: '2026-06-01T00:00:00.000Z',
  publishedBy: 'supervisor',
  changeNote: 'note',
  seed: {
    key: overrides.key ?? 'supplier',
    version: 1,
    json: '[{"Name":"Name"},{"Name":"Country"}]',
    publishedAt: '1970-01-01T00:00:00.000Z',
    publishedBy: 'system',
    changeNote: 'Seeded datasource',
  },
  refuseFilters: null,
  ...overrides,
});

describe('the datasource store on PostgreSQL', () => {
  it('reads nothing stored before the first publish, as SQLite does', async () => {
    expect(await same((s) => s.entities())).toEqual([]);
    expect(await same((s) => s.list('supplier'))).toEqual([]);
    expect(await same((s) => s.latest('supplier'))).toBeNull();
    expect(await same((s) => s.versionAt('supplier', '2026-01-01T00:00:00.000Z'))).toBeNull();
  });

  it('stores the seed then the publish, refuses a stale base and broken filters, and reads back as SQLite does', async () => {
    for (const sql of [
      `INSERT INTO saved_filters (id, web_template_no, owner_user_id, is_shared, name, filter_json, created_by,
         created_at_utc, updated_by, updated_at_utc)
       VALUES (41, 101, 2, 0, 'By country', '{"Conditions":[{"Field":"Country"}]}', 'operator', 'x', 'operator', 'x'),
              (40, 101, 1, 1, 'Shared', '{"Conditions":[{"Field":"Country"}]}', 'supervisor', 'x', 'supervisor', 'x'),
              (42, 111, 1, 0, 'Other form', '{}', 'supervisor', 'x', 'supervisor', 'x')`,
    ]) {
      parity.both.sqlite.exec(sql);
      await parity.both.pg.run(sql);
    }
    const seen: number[][] = [];
    const broken = {
      forms: [111, 101],
      broken: (filters: { id: number; filterJson: string }[]) => {
        // The order of a form's filters is the plan's on SQLite (its index on is_shared today) and
        // the publish uses them as a set: the rule answers them sorted, on both engines.
        seen.push(filters.map((f) => f.id).sort());
        return filters
          .filter((f) => f.filterJson.includes('Country'))
          .map((f) => f.id)
          .sort();
      },
    };
    expect(await same((s) => s.publish(input({ refuseFilters: broken })))).toEqual({
      ok: false,
      reason: 'filters',
      ids: [40, 41],
    });
    // Both engines hand the rule the same filters.
    expect(seen[1]).toEqual(seen[0]);
    expect(await same((s) => s.publish(input()))).toMatchObject({ ok: true, version: { version: 2 } });
    expect(await same((s) => s.publish(input()))).toEqual({ ok: false, reason: 'stale', currentVersion: 2 });
    await same((s) => s.publish(input({ baseVersion: 2, publishedAt: '2025-01-01T00:00:00.000Z' })));
    expect(await same((s) => s.entities())).toEqual(['supplier']);
    expect(await same((s) => s.list('supplier'))).toHaveLength(3);
    await same((s) => s.get('supplier', 1));
    await same((s) => s.latest('supplier'));
    for (const at of [
      '1969-12-31T23:59:59.999Z',
      '1970-01-01T00:00:00.000Z',
      '2026-06-01T00:00:00.000Z',
      '2026-06-01T00:00:00.001Z',
    ]) {
      await same((s) => s.versionAt('supplier', at));
    }
  });

  it('gives one success and one conflict to two concurrent first publishes of an entity (the seed stored once)', async () => {
    const results = await Promise.all([
      parity.pg.publish(input({ key: 'batch', json: '["a"]' })),
      parity.pg.publish(input({ key: 'batch', json: '["b"]' })),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: 'stale', currentVersion: 2 }]);
    expect((await parity.pg.list('batch')).map((v) => v.version)).toEqual([2, 1]);
  });
});
