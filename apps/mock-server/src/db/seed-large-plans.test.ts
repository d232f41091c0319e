import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordStore, SearchPageOptions } from '../features/records/records-store';
import { createSqliteRecordStore } from '../features/records/records-store.sqlite';
import { SEEDED_SORT_COLUMNS } from '../features/records/search-sort';
import { startTestServer, type TestServer } from '../testing/harness';
import { openSqlite, type SqliteDatabase } from './sqlite';

// The query plans of a page deep in the scroll over data shaped like the large demo (its seed, a
// smaller target): each statement seeks its index from the cursor — no OFFSET, no sort — so the
// page costs what the first one does at any depth (bench/search-bench.mjs measures it at 900,000).

const BATCHES = 12_000;
const DEPTH = 9_000;
let server: TestServer;
let db: SqliteDatabase;
beforeAll(async () => {
  server = await startTestServer({ demoLarge: true, demoLargeBatches: BATCHES });
  await server.server.close();
  db = openSqlite(path.join(server.dataDir, 'demo.sqlite'));
});
afterAll(async () => {
  db.close();
  await server.close();
});

type Sort = SearchPageOptions['sort'];

/** The cursor after row `depth` of `sort`, reached by following pages of 500. */
async function cursorAt(store: RecordStore, sort: Sort, depth: number) {
  let after: SearchPageOptions['after'] = null;
  let seen = 0;
  while (seen < depth) {
    const limit = Math.min(500, depth - seen);
    const page = await store.searchPage({
      entity: 'batch',
      text: '',
      filters: [],
      sort,
      after,
      limit,
      count: false,
    });
    const last = page.rows.at(-1)!;
    seen += page.rows.length;
    after = { key: last.searchKey, id: last.id };
  }
  return after!;
}

/** The SQL and plan of each statement of the page after `after`. */
async function plansOf(sort: Sort, after: NonNullable<SearchPageOptions['after']>) {
  const ran: { sql: string; plan: string }[] = [];
  const store = createSqliteRecordStore(db, undefined, {
    onStatement: (kind, sql, params) => {
      if (kind !== 'page') return;
      const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[];
      ran.push({ sql, plan: plan.map((row) => row.detail).join('\n') });
    },
  });
  const page = await store.searchPage({
    entity: 'batch',
    text: '',
    filters: [],
    sort,
    after,
    limit: 100,
    count: false,
  });
  expect(page.rows).toHaveLength(100);
  return ran;
}

const batchColumns = SEEDED_SORT_COLUMNS.filter((column) => column.entity === 'batch');

describe('a page deep in the large demo', () => {
  it('seeks the title index from the cursor in title order', async () => {
    const plain = createSqliteRecordStore(db);
    const ran = await plansOf(null, await cursorAt(plain, null, DEPTH));
    expect(ran).toHaveLength(1);
    expect(ran[0]!.sql).not.toMatch(/OFFSET/i);
    expect(ran[0]!.plan).toMatch(
      /USING INDEX records_by_key \(entity=\? AND is_deleted=\? AND search_key>\?\)/,
    );
    expect(ran[0]!.plan).not.toMatch(/TEMP B-TREE/);
  });

  it.each(
    batchColumns.flatMap((column) =>
      (['asc', 'desc'] as const).map((direction) => ({ ...column, direction })),
    ),
  )(
    'seeks the index of $name ($direction) from the cursor: no OFFSET, no sort',
    async ({ name, kind, direction }) => {
      const sort = { name, kind, direction };
      const after = await cursorAt(createSqliteRecordStore(db), sort, DEPTH);
      expect(after.key).not.toBeNull();
      const ran = await plansOf(sort, after);
      // The ties of the cursor's value after its id, then (unless they filled the page) the values past it.
      expect(ran.length).toBeGreaterThanOrEqual(1);
      const index = `records_sort_batch_${name}`;
      for (const { sql, plan } of ran) {
        expect(sql).not.toMatch(/OFFSET/i);
        expect(plan).toMatch(new RegExp(`SEARCH r USING INDEX ${index} \\(is_deleted=\\? AND <expr>`));
        expect(plan).not.toMatch(/TEMP B-TREE/);
      }
      expect(ran[0]!.plan).toMatch(
        new RegExp(`${index} \\(is_deleted=\\? AND <expr>=\\? AND record_id[<>]\\?\\)`),
      );
      if (ran[1]) expect(ran[1].plan).toMatch(new RegExp(`${index} \\(is_deleted=\\? AND <expr>[<>]\\?\\)`));
    },
  );
});

describe('a selective condition in the large demo', () => {
  // The planner picks a condition's index or the title order by these figures: rough ones (an
  // analysis limit of 1,000 rows) took a million batches for 667 rows an entity, and one day of
  // ManufacturedOn then walked the title order through every batch.
  it('has planner statistics that see how the rows spread over the entities', () => {
    const stat = (index: string) =>
      (db.prepare('SELECT stat FROM sqlite_stat1 WHERE idx = ?').get(index) as { stat: string }).stat
        .split(' ')
        .map(Number);
    const { rows, entities } = db
      .prepare('SELECT count(*) AS rows, count(DISTINCT entity) AS entities FROM records')
      .get() as { rows: number; entities: number };
    const [indexed, perEntity] = stat('records_by_key');
    expect(indexed).toBe(rows);
    expect(perEntity).toBe(Math.ceil(rows / entities));
    const { days } = db
      .prepare(
        "SELECT count(DISTINCT json_extract(current_values_json, '$.ManufacturedOn')) AS days FROM records WHERE entity = 'batch'",
      )
      .get() as { days: number };
    const [, , perDay] = stat('records_sort_batch_ManufacturedOn');
    expect(perDay).toBeLessThanOrEqual(Math.ceil(BATCHES / days) + 1);
  });

  const conditions = (
    field: string,
    kind: 'date' | 'number' | 'select',
    op: string,
    value: string,
    value2?: string,
  ) => [
    {
      Combine: 'and' as const,
      Conditions: [
        { Field: field, Op: op as 'equals', Value: value, ...(value2 ? { Value2: value2 } : {}), kind },
      ],
    },
  ];
  const page = (store: RecordStore, filter: ReturnType<typeof conditions>, limit = 5_000) =>
    store.searchPage({
      entity: 'batch',
      text: '',
      filters: [],
      conditions: filter,
      after: null,
      limit,
      count: false,
    });

  // A range on an indexed column is read through its index (a dashboard's week bar is one); for
  // the others the planner decides (without statistics it may keep the title order's index).
  // Whatever it picks, the rows are the ones the condition's own SQL selects.
  it.each([
    { field: 'ManufacturedOn', kind: 'date' as const, op: 'equals', value: '2020-05-05', indexed: true },
    {
      field: 'ManufacturedOn',
      kind: 'date' as const,
      op: 'between',
      value: '2021-01-01',
      value2: '2021-01-31',
      indexed: true,
    },
    { field: 'Quantity', kind: 'number' as const, op: 'ge', value: '990', indexed: false },
    { field: 'Status', kind: 'select' as const, op: 'equals', value: 'Rejected', indexed: false },
  ])(
    'finds $field $op $value (through its index: $indexed) with exactly the rows the condition selects',
    async (c) => {
      const filter = conditions(c.field, c.kind, c.op, c.value, c.value2);
      const plans: string[] = [];
      const store = createSqliteRecordStore(db, undefined, {
        onStatement: (kind, sql, params) => {
          if (kind !== 'page') return;
          plans.push(
            (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[])
              .map((r) => r.detail)
              .join('\n'),
          );
        },
      });
      const found = await page(store, filter);
      if (c.indexed)
        expect(plans.join('\n')).toMatch(
          new RegExp(`USING INDEX records_sort_batch_${c.field} \\(is_deleted=\\? AND <expr>`),
        );
      // The same condition at a time after every write reads the versions, not the index: the oracle.
      const oracle = await createSqliteRecordStore(db).searchPage({
        entity: 'batch',
        text: '',
        filters: [],
        conditions: filter,
        after: null,
        limit: 5_000,
        count: false,
        atIso: '2999-01-01T00:00:00.000Z',
      });
      expect(found.rows.map((row) => row.id)).toEqual(oracle.rows.map((row) => row.id));
      expect(found.rows.length).toBeGreaterThan(0);
    },
  );
});
