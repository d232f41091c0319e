import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openParityDatabases, type ParityDatabases } from '../../testing/parity';
import { forkNode, OPEN_END } from './record-periods';
import { SearchTimeLimitError } from './record-seek';
import type { RecordStore, SearchPageOptions } from './records-store';
import { createPgRecordStore } from './records-store.pg';
import { createSqliteRecordStore } from './records-store.sqlite';

// The search time limit on both engines (PROCEDO_SEARCH_TIME_LIMIT_MS): a keyset page's statement
// stops there however many rows it has left to read — SQLite through its `search_tick` term (the
// event loop is not held), PostgreSQL through `statement_timeout` — and a count stopped there
// answers "more than" the rows the page found, the page itself unharmed.

/** Batches added beside the seeded ones, first in title order, all of Grade A (a field without an index). */
const ADDED = 150_000;
const VALUES = '{"Grade":"A"}';
/**
 * The added batches' ids follow this one: 1,000,001 is 65 past a multiple of 256, so the first
 * ten in title order are none (SQLite reads its clock at those ids only).
 */
const FIRST_ID = 1_000_000;

/** The added batches' one period each (valid from their version's time on), for reads at a timepoint. */
const ADDED_AT = '2026-01-01T00:00:00.000Z';
const PERIODS = `INSERT INTO record_periods
    (record_id, version, entity, valid_from, valid_to, is_deleted, title, search_key, parent_id, node)
  SELECT record_id, 1, 'batch', '${ADDED_AT}', '${OPEN_END}', 0, title, search_key, NULL, ${forkNode(ADDED_AT, OPEN_END)}
  FROM records WHERE search_key LIKE '000-%'`;

/**
 * A picker's page and one more of batches alive since before the added ones, after them in title
 * order: a picker's prefix `000-` at a timepoint between reads every added batch's period (not
 * alive then) before it finds them. Their ids are no multiples of 256.
 */
const EARLIER_AT = '2025-01-01T00:00:00.000Z';
const EARLIER = Array.from({ length: 21 }, (_, i) => ({
  id: 2_000_001 + i,
  key: `000-9${String(i).padStart(5, '0')}`,
}));
const ADD_EARLIER = [
  `INSERT INTO records (record_id, entity, current_version, is_deleted, title, search_key, current_values_json)
   VALUES ${EARLIER.map(({ id, key }) => `(${id}, 'batch', 1, 0, '${key}', '${key}', '${VALUES}')`).join(', ')}`,
  `INSERT INTO record_versions (record_id, version, entity, values_json, is_deleted, updated_by, updated_at_utc)
   SELECT record_id, 1, 'batch', current_values_json, 0, 'test', '${EARLIER_AT}'
   FROM records WHERE record_id >= ${EARLIER[0]!.id}`,
  `INSERT INTO record_periods
     (record_id, version, entity, valid_from, valid_to, is_deleted, title, search_key, parent_id, node)
   SELECT record_id, 1, 'batch', '${EARLIER_AT}', '${OPEN_END}', 0, title, search_key, NULL, ${forkNode(EARLIER_AT, OPEN_END)}
   FROM records WHERE record_id >= ${EARLIER[0]!.id}`,
];
/** Between the earlier batches and the added ones. */
const BETWEEN = '2025-06-01T00:00:00.000Z';

let both: ParityDatabases;
beforeAll(async () => {
  both = await openParityDatabases();
  both.sqlite.exec(`
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ADDED})
    INSERT INTO records (record_id, entity, current_version, is_deleted, title, search_key, current_values_json)
    SELECT ${FIRST_ID} + i, 'batch', 1, 0, printf('000-%06d', i), printf('000-%06d', i), '${VALUES}' FROM n;
    INSERT INTO record_versions (record_id, version, entity, values_json, is_deleted, updated_by, updated_at_utc)
    SELECT record_id, 1, 'batch', current_values_json, 0, 'test', '${ADDED_AT}'
    FROM records WHERE search_key LIKE '000-%';
    ${PERIODS};
    ${ADD_EARLIER.join(';\n')};
    ANALYZE;`);
  await both.pg.run(
    `INSERT INTO records (record_id, entity, current_version, is_deleted, title, search_key, current_values_json)
     SELECT ${FIRST_ID} + i, 'batch', 1, 0, '000-' || lpad(i::text, 6, '0'), '000-' || lpad(i::text, 6, '0'), '${VALUES}'
     FROM generate_series(1, ${ADDED}) AS i`,
  );
  await both.pg.run(
    `INSERT INTO record_versions (record_id, version, entity, values_json, is_deleted, updated_by, updated_at_utc)
     SELECT record_id, 1, 'batch', current_values_json, 0, 'test', '${ADDED_AT}'
     FROM records WHERE search_key LIKE '000-%'`,
  );
  await both.pg.run(PERIODS);
  for (const sql of ADD_EARLIER) await both.pg.run(sql);
  await both.pg.run('ANALYZE');
}, 120_000);
afterAll(() => both?.close());

const where = (Field: string, Op: 'equals' | 'contains', Value: string, kind: 'text' | 'select') => [
  { Combine: 'and' as const, Conditions: [{ Field, Op, Value, kind }] },
];
const page = (conditions: SearchPageOptions['conditions'], count: boolean): SearchPageOptions => ({
  entity: 'batch',
  text: '',
  filters: [],
  conditions,
  after: null,
  limit: 10,
  count,
});

/**
 * [engine, a store whose statements stop almost at once, its limit], counting without a cap.
 * SQLite reads its clock at the rows whose record id is a multiple of 256, so a limit of 0 stops
 * a statement at the first such row it reads and never one that reads none. PostgreSQL's
 * `statement_timeout` of `limitMs`: 1 ms stops the sort of every added batch (~6 ms here); 50 ms is
 * far under counting them all (~130 ms here) and far over a page read from the top of the title
 * order (~4 ms with the round trips).
 */
const limited = (pgLimitMs: number): [string, RecordStore, number][] => [
  ['SQLite', createSqliteRecordStore(both.sqlite, undefined, { timeLimitMs: 0, countCap: 10_000_000 }), 0],
  ['PostgreSQL', createPgRecordStore(both.pg, { timeLimitMs: pgLimitMs, countCap: 10_000_000 }), pgLimitMs],
];

describe('the search time limit', () => {
  it('stops a page that reads past it', async () => {
    for (const [engine, store, limitMs] of limited(1)) {
      // Sorted by a field without an index: every batch is read and sorted before the first row.
      const sorted = {
        ...page([], false),
        sort: { name: 'Grade', kind: 'text' as const, direction: 'asc' as const },
      };
      const error = await store.searchPage(sorted).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error, engine).toBeInstanceOf(SearchTimeLimitError);
      expect((error as SearchTimeLimitError).limitMs, engine).toBe(limitMs);
    }
  });

  it('stops an offset page, whose total counts every matching record, now and at a timepoint', async () => {
    for (const [engine, store, limitMs] of limited(1)) {
      for (const atIso of [undefined, '2026-06-01T00:00:00.000Z']) {
        const error = await store
          .search({
            entity: 'batch',
            text: '',
            filters: [],
            offset: 0,
            limit: 10,
            ...(atIso === undefined ? {} : { atIso }),
          })
          .then(
            () => null,
            (caught: unknown) => caught,
          );
        expect(error, `${engine} ${atIso ?? 'now'}`).toBeInstanceOf(SearchTimeLimitError);
        expect((error as SearchTimeLimitError).limitMs, engine).toBe(limitMs);
      }
    }
  });

  it('stops a picker’s title search that reads past it, now and at a timepoint', async () => {
    for (const [engine, store, limitMs] of limited(1)) {
      for (const atIso of [undefined, '2026-06-01T00:00:00.000Z']) {
        const at = atIso === undefined ? {} : { atIso };
        // No title starts with it (an empty index range), so every title is read for one containing it.
        const contains = await store
          .searchTitles({ entity: 'batch', text: 'no batch has this', limit: 20, ...at })
          .then(
            () => null,
            (caught: unknown) => caught,
          );
        expect(contains, `${engine} ${atIso ?? 'now'}`).toBeInstanceOf(SearchTimeLimitError);
        expect((contains as SearchTimeLimitError).limitMs, engine).toBe(limitMs);
      }
      // The prefix's range holds every added batch's period, none alive then, before the earlier batches.
      const prefix = await store
        .searchTitles({ entity: 'batch', text: '000-', limit: 20, atIso: BETWEEN })
        .then(
          () => null,
          (caught: unknown) => caught,
        );
      expect(prefix, `${engine} prefix at a timepoint`).toBeInstanceOf(SearchTimeLimitError);
    }
  });

  it('answers a count stopped there as "more than" the rows the page found, with the page', async () => {
    for (const [engine, store] of limited(50)) {
      const found = await store.searchPage(page(where('Grade', 'equals', 'A', 'text'), true));
      expect(
        found.rows.map((row) => row.searchKey),
        engine,
      ).toEqual(Array.from({ length: 10 }, (_, i) => `000-${String(i + 1).padStart(6, '0')}`));
      expect(found.hasMore, engine).toBe(true);
      expect(found.count, engine).toEqual({ total: 10, exact: false });
    }
  });

  it('lets the same searches through under the default limit', async () => {
    for (const store of [createSqliteRecordStore(both.sqlite), createPgRecordStore(both.pg)]) {
      const none = await store.searchPage(
        page(where('Grade', 'contains', 'no batch has this', 'text'), true),
      );
      expect(none.rows).toEqual([]);
      expect(none.count).toEqual({ total: 0, exact: true });
      const held = await store.searchPage(page(where('Grade', 'equals', 'A', 'text'), true));
      expect(held.count).toEqual({ total: 100_000, exact: false });
      const offset = await store.search({ entity: 'batch', text: '', filters: [], offset: 0, limit: 10 });
      expect(offset.total).toBeGreaterThan(ADDED);
      expect(offset.rows.map((row) => row.id)).toEqual(
        Array.from({ length: 10 }, (_, i) => FIRST_ID + i + 1),
      );
      for (const at of [{}, { atIso: '2026-06-01T00:00:00.000Z' }]) {
        const titles = (text: string) => store.searchTitles({ entity: 'batch', text, limit: 5, ...at });
        expect(await titles('no batch has this')).toEqual({ items: [], hasMore: false });
        // The last added batch: no title starts with its number, one contains it.
        expect(await titles('149999')).toEqual({
          items: [{ id: FIRST_ID + 149_999, title: '000-149999' }],
          hasMore: false,
        });
        expect(await titles('000-')).toEqual({
          items: Array.from({ length: 5 }, (_, i) => ({
            id: FIRST_ID + i + 1,
            title: `000-${String(i + 1).padStart(6, '0')}`,
          })),
          hasMore: true,
        });
      }
      expect(await store.searchTitles({ entity: 'batch', text: '000-', limit: 20, atIso: BETWEEN })).toEqual({
        items: EARLIER.slice(0, 20).map(({ id, key }) => ({ id, title: key })),
        hasMore: true,
      });
    }
  });
});
