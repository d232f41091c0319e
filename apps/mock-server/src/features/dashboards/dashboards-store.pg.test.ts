import { operatorsFor, type ValueElement } from '@procedo/client-api';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useStoreParity } from '../../testing/store-parity';
import type { CountCondition, CountQuery, DashboardStore, ValueSort } from './dashboards-store';
import { createPgDashboardStore } from './dashboards-store.pg';
import { createSqliteDashboardStore } from './dashboards-store.sqlite';

const parity = useStoreParity<DashboardStore>({
  sqlite: (db) => createSqliteDashboardStore(db),
  pg: (db) => createPgDashboardStore(db),
});
const { same } = parity;

/** Fields of the seeded suppliers, by kind, and how a grouping compares each. */
const FIELDS: Record<string, { kind: ValueElement['Kind']; sort: ValueSort; operands: string[] }> = {
  Country: { kind: 'text', sort: 'text', operands: ['Italy', 'italy', 'nor', ''] },
  Status: { kind: 'select', sort: 'text', operands: ['Approved', 'Blocked', ''] },
  Rating: { kind: 'number', sort: 'number', operands: ['1', '3', '4.5', '-2'] },
  IsPreferred: { kind: 'checkbox', sort: 'boolean', operands: ['true', 'false'] },
  LastAuditDate: { kind: 'date', sort: 'text', operands: ['2022-01-01', '2023-06-30', ''] },
};

const condition: fc.Arbitrary<CountCondition> = fc.constantFrom(...Object.keys(FIELDS)).chain((field) => {
  const { kind, operands } = FIELDS[field]!;
  return fc.record({
    field: fc.constant(field),
    kind: fc.constant(kind),
    op: fc.constantFrom(...operatorsFor(kind)),
    value: fc.constantFrom(...operands),
    value2: fc.constantFrom(...operands),
    values: fc.subarray(operands, { minLength: 1 }),
  });
});

const instants = [undefined, '2020-01-01T00:00:00.000Z', '2035-01-01T00:00:00.000Z'];

describe('the dashboard store on PostgreSQL', () => {
  it('lists and gets the dashboards a profile sees as SQLite does', async () => {
    expect(await same((s) => s.list(1))).toHaveLength(1);
    await same((s) => s.list(2));
    await same((s) => s.get(1, 2));
    expect(await same((s) => s.get(99, 1))).toBeNull();
  });

  it('counts and groups the seeded records by every kind of field, now and at T, as SQLite does', async () => {
    for (const atIso of instants) {
      const base: CountQuery = { entity: 'supplier', conditions: [], ...(atIso ? { atIso } : {}) };
      await same((s) => s.count(base));
      for (const [field, { sort }] of Object.entries(FIELDS)) {
        await same((s) => s.countBy(base, { field, sort }));
      }
      await same((s) => s.countBy({ ...base, entity: 'batch' }, { field: 'Supplier', sort: 'id' }));
      await same((s) => s.countBy({ ...base, entity: 'batch' }, { field: 'Product', sort: 'id' }));
    }
    expect(await same((s) => s.count({ entity: 'supplier', conditions: [] }))).toBeGreaterThan(5);
  });

  it('groups mixed values as SQLite orders them: none first, then numbers (true as 1), then texts by bytes', async () => {
    const rows = [
      { Mixed: 'b' },
      { Mixed: 2 },
      { Mixed: 'B' },
      { Mixed: true },
      { Mixed: 1 },
      { Mixed: null },
      {},
      { Mixed: 'é' },
      { Mixed: '10' },
      { Mixed: 2.5 },
      { Mixed: false },
    ];
    for (const [i, values] of rows.entries()) {
      const id = 9100 + i;
      const sql = `INSERT INTO records (record_id, entity, current_version) VALUES (${id}, 'mixed', 1);
        INSERT INTO record_versions (record_id, version, entity, values_json, is_deleted, updated_by, updated_at_utc)
        VALUES (${id}, 1, 'mixed', '${JSON.stringify(values)}', 0, 'system', '2026-01-01T00:00:00.000Z')`;
      parity.both.sqlite.exec(sql);
      await parity.both.pg.run(sql);
    }
    const query: CountQuery = { entity: 'mixed', conditions: [] };
    for (const sort of ['text', 'number', 'boolean'] as const) {
      await same((s) => s.countBy(query, { field: 'Mixed', sort }));
    }
    expect(await same((s) => s.countBy(query, { field: 'Mixed', sort: 'text' }))).toEqual([
      { key: null, count: 2 },
      { key: 0, count: 1 },
      { key: 1, count: 2 },
      { key: 2, count: 1 },
      { key: 2.5, count: 1 },
      { key: '10', count: 1 },
      { key: 'B', count: 1 },
      { key: 'b', count: 1 },
      { key: 'é', count: 1 },
    ]);
  });

  it('counts and groups any conditions, and-ed or or-ed, now and at T, as SQLite does (model test)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(condition, { maxLength: 3 }),
        fc.constantFrom<'and' | 'or'>('and', 'or'),
        fc.constantFrom(...instants),
        fc.constantFrom(...Object.keys(FIELDS)),
        async (conditions, combine, atIso, groupBy) => {
          const query: CountQuery = { entity: 'supplier', conditions, combine, ...(atIso ? { atIso } : {}) };
          const total = await same((s) => s.count(query));
          const groups = await same((s) => s.countBy(query, { field: groupBy, sort: FIELDS[groupBy]!.sort }));
          expect(groups.reduce((sum, g) => sum + g.count, 0)).toBe(total);
        },
      ),
      { numRuns: 40 },
    );
  });
});
