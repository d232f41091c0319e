import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../db/migrations';
import { migrate, openSqlite } from '../../db/sqlite';
import { forkNode, OPEN_END, stabbingNodes } from './record-periods';
import { createSqliteRecordStore } from './records-store.sqlite';

// Instants a Timepoint can name or a version can carry: years 1000 to 9999, and the open end.
const FIRST = Date.parse('1000-01-01T00:00:00.000Z');
const LAST = Date.parse(OPEN_END);
const iso = (ms: number) => new Date(ms).toISOString();
// Near each other as often as far apart, so neighbouring milliseconds are tried too.
const instant = fc.oneof(
  fc.integer({ min: FIRST, max: LAST }),
  fc.integer({ min: Date.parse('2026-01-01T00:00:00.000Z'), max: Date.parse('2026-01-01T00:00:01.000Z') }),
  fc.constant(LAST),
);

/** Whether the interval-tree query finds the period [from, to) at `at`, as the SQL does. */
function found(from: string, to: string, at: string): boolean {
  const node = forkNode(from, to);
  const { left, right } = stabbingNodes(at);
  return (left.includes(node!) && to > at) || (right.includes(node!) && from <= at);
}

describe('the interval tree of record periods', () => {
  it('finds a period at T exactly when T lies in it (closed-open), for every period and instant', () => {
    fc.assert(
      fc.property(instant, instant, instant, (a, b, t) => {
        const [from, to] = [iso(Math.min(a, b)), iso(Math.max(a, b))];
        const at = iso(t);
        expect(found(from, to, at)).toBe(from <= at && at < to);
      }),
      { numRuns: 20_000 },
    );
  });

  it('registers an empty period at no node, and a current one (open end) at a node inside it', () => {
    expect(forkNode('2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')).toBeNull();
    const node = forkNode('2026-01-01T00:00:00.000Z', OPEN_END)!;
    const shift = 2 ** 45;
    expect(node).toBeGreaterThanOrEqual(Date.parse('2026-01-01T00:00:00.000Z') + shift);
    expect(node).toBeLessThan(Date.parse(OPEN_END) + shift);
  });

  it('walks at most 49 nodes down to any instant', () => {
    fc.assert(
      fc.property(instant, (t) => {
        const { left, right } = stabbingNodes(iso(t));
        expect(left.length + right.length).toBeLessThanOrEqual(49);
      }),
    );
  });
});

describe('migration 9', () => {
  it('gives the periods stored before it their fork node, so the search at T finds them', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'procedo-migration-9-'));
    const db = openSqlite(path.join(dir, 'eight.sqlite'));
    try {
      migrate(
        db,
        MIGRATIONS.filter((m) => m.version <= 6),
      );
      db.exec(`INSERT INTO records (record_id, entity, current_version, title, search_key)
        VALUES (1, 'supplier', 2, 'Beta', 'beta'), (2, 'supplier', 1, 'Gamma', 'gamma')`);
      db.exec(`INSERT INTO record_versions (record_id, version, entity, values_json, is_deleted, updated_by, updated_at_utc)
        VALUES (1, 1, 'supplier', '{"Name":"Alpha"}', 0, 'u', '2026-01-01T00:00:00.000Z'),
               (1, 2, 'supplier', '{"Name":"Beta"}', 0, 'u', '2026-02-01T00:00:00.000Z'),
               (2, 1, 'supplier', '{"Name":"Gamma"}', 0, 'u', '2026-03-01T00:00:00.000Z')`);
      migrate(
        db,
        MIGRATIONS.filter((m) => m.version <= 8),
      );
      migrate(db, MIGRATIONS);
      const store = createSqliteRecordStore(db);
      const names = async (atIso: string, text = '') => {
        const { rows, total } = await store.search({
          entity: 'supplier',
          text,
          filters: [],
          offset: 0,
          limit: 10,
          atIso,
        });
        return { total, names: rows.map((row) => row.values.Name) };
      };
      expect(await names('2026-01-15T00:00:00.000Z')).toEqual({ total: 1, names: ['Alpha'] });
      expect(await names('2026-02-01T00:00:00.000Z')).toEqual({ total: 1, names: ['Beta'] });
      expect(await names('2026-03-01T00:00:00.000Z', 'a')).toEqual({ total: 2, names: ['Beta', 'Gamma'] });
      expect(await names('2025-12-31T23:59:59.999Z')).toEqual({ total: 0, names: [] });
    } finally {
      db.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
