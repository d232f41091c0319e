import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openParityDatabases, type ParityDatabases } from '../../testing/parity';
import { writeEvents } from '../audit/audit-events';
import { indexFields } from './entities';
import type { KindedFilter, RecordStore, SearchPageOptions } from './records-store';
import { createPgRecordStore } from './records-store.pg';
import { createSqliteRecordStore } from './records-store.sqlite';
import { SEEDED_SORT_COLUMNS, type SortKind } from './search-sort';

// Every method of the record store on PostgreSQL answers as the SQLite one does, on the same
// seeded data: reads now and at instants of the seeded history, every search shape through both
// plans at T, writes and their refusals, and the reads after them.

let both: ParityDatabases;
/** [SQLite, PostgreSQL] pairs: the default plans, and the walk plan at T with a small count cap. */
let stores: [RecordStore, RecordStore][];
let ids: number[];
const DAY = 86_400_000;
let instants: (string | undefined)[];

beforeAll(async () => {
  both = await openParityDatabases();
  stores = [
    [createSqliteRecordStore(both.sqlite), createPgRecordStore(both.pg)],
    [
      createSqliteRecordStore(both.sqlite, undefined, { walkAtLeast: 0, countCap: 5 }),
      createPgRecordStore(both.pg, { walkAtLeast: 0, countCap: 5 }),
    ],
  ];
  ids = both.sqlite
    .prepare<[], { id: number }>('SELECT record_id AS id FROM records ORDER BY record_id')
    .all()
    .map(({ id }) => id);
  instants = [
    undefined,
    ...[0, 1, 20, 45, 100, 400].map((days) => new Date(both.now - days * DAY).toISOString()),
  ];
});
afterAll(() => both?.close());

/** Calls the same method on both stores and expects equal answers; returns SQLite's. */
async function same<T>(
  pair: [RecordStore, RecordStore],
  call: (store: RecordStore) => Promise<T>,
): Promise<T> {
  const expected = await call(pair[0]);
  expect(await call(pair[1])).toEqual(expected);
  return expected;
}

/** Every keyset page, following the cursor, with the first page's count. */
async function walk(store: RecordStore, options: Omit<SearchPageOptions, 'after' | 'count' | 'limit'>) {
  const pages = [];
  let after: SearchPageOptions['after'] = null;
  for (;;) {
    const page = await store.searchPage({ ...options, after, limit: 7, count: after === null });
    pages.push(page);
    const last = page.rows.at(-1);
    if (!page.hasMore || !last) return pages;
    after = { key: last.searchKey, id: last.id };
  }
}

const where = (Combine: 'and' | 'or', ...Conditions: KindedFilter['Conditions']): KindedFilter => ({
  Combine,
  Conditions,
});

describe('the record store on PostgreSQL', () => {
  it('reads every record, version and history at every instant as SQLite does', async () => {
    const [pair] = stores;
    expect(ids.length).toBeGreaterThan(100);
    for (const id of [...ids, 999_999]) {
      const current = await same(pair!, (s) => s.getCurrent(id));
      await same(pair!, (s) => s.getVersion(id, 1));
      if (current) await same(pair!, (s) => s.getVersion(id, current.version));
      for (const at of instants) {
        await same(pair!, (s) => s.listVersions(id, at));
        if (at) await same(pair!, (s) => s.getAt(id, at));
      }
    }
  });

  it('finds the same titles, by prefix then containing the text, under a parent, now and at T', async () => {
    const parent = both.sqlite
      .prepare<[], { parent_id: number }>(
        "SELECT parent_id FROM records WHERE entity = 'product' AND parent_id IS NOT NULL LIMIT 1",
      )
      .get()!.parent_id;
    for (const pair of stores) {
      for (const entity of ['supplier', 'product', 'batch', 'deviation']) {
        for (const text of ['', 'a', 'B24', 'ol', '%', '_', 'DEV-0001', 'zzz', ' Ä ']) {
          for (const atIso of instants) {
            const at = atIso === undefined ? {} : { atIso };
            await same(pair, (s) => s.searchTitles({ entity, text, limit: 5, ...at }));
            await same(pair, (s) => s.searchTitles({ entity, text, parentId: parent, limit: 50, ...at }));
          }
        }
      }
    }
  });

  it('gives the same offset pages and totals, with text and field filters, through both plans at T', async () => {
    const filters = [
      [],
      [{ name: 'Status', value: 'Approved', mode: 'equals' as const }],
      [{ name: 'Name', value: 'A', mode: 'contains' as const }],
      [{ name: 'IsPreferred', value: true, mode: 'equals' as const }],
      [{ name: 'Rating', value: 3, mode: 'equals' as const }],
    ];
    for (const pair of stores) {
      for (const entity of ['supplier', 'batch']) {
        for (const text of ['', 'a']) {
          for (const f of filters) {
            for (const atIso of instants) {
              for (const offset of [0, 4, 500]) {
                await same(pair, (s) =>
                  s.search({ entity, text, filters: f, offset, limit: 6, ...(atIso ? { atIso } : {}) }),
                );
              }
            }
          }
        }
      }
    }
  });

  it('walks the same keyset pages, counts and keys for every where condition, now and at T', async () => {
    const supplierId = both.sqlite
      .prepare<[], { id: string }>(
        "SELECT json_extract(current_values_json, '$.Supplier.Id') AS id FROM records WHERE entity = 'product' LIMIT 1",
      )
      .get()!.id;
    const conditions: [string, KindedFilter[]][] = [
      ['supplier', [where('and', { Field: 'Status', Op: 'equals', Value: 'Approved', kind: 'select' })]],
      ['supplier', [where('and', { Field: 'Status', Op: 'notEquals', Value: 'Approved', kind: 'select' })]],
      [
        'supplier',
        [where('and', { Field: 'Status', Op: 'in', Values: ['Approved', 'Blocked'], kind: 'select' })],
      ],
      ['supplier', [where('and', { Field: 'Name', Op: 'contains', Value: 'A', kind: 'text' })]],
      ['supplier', [where('and', { Field: 'Country', Op: 'equals', Value: 'GERMANY', kind: 'text' })]],
      ['supplier', [where('and', { Field: 'AuditNotes', Op: 'empty', kind: 'text' })]],
      ['supplier', [where('and', { Field: 'AuditNotes', Op: 'notEmpty', kind: 'text' })]],
      ['supplier', [where('and', { Field: 'Rating', Op: 'lt', Value: '3', kind: 'number' })]],
      [
        'supplier',
        [where('and', { Field: 'Rating', Op: 'between', Value: '2', Value2: '4', kind: 'number' })],
      ],
      ['supplier', [where('and', { Field: 'IsPreferred', Op: 'equals', Value: 'true', kind: 'checkbox' })]],
      ['supplier', [where('and', { Field: 'IsPreferred', Op: 'equals', Value: 'false', kind: 'checkbox' })]],
      ['supplier', [where('and', { Field: 'LastAuditDate', Op: 'ge', Value: '2025-06-01', kind: 'date' })]],
      [
        'supplier',
        [
          where(
            'or',
            { Field: 'Rating', Op: 'equals', Value: '5', kind: 'number' },
            { Field: 'Status', Op: 'equals', Value: 'Blocked', kind: 'select' },
          ),
          where('and', { Field: 'Name', Op: 'notEquals', Value: 'x', kind: 'text' }),
        ],
      ],
      ['product', [where('and', { Field: 'Supplier', Op: 'equals', Value: supplierId, kind: 'picker' })]],
      ['product', [where('and', { Field: 'Supplier', Op: 'in', Values: [supplierId, 'x'], kind: 'picker' })]],
      ['product', [where('and', { Field: 'Category', Op: 'equals', Value: 'api', kind: 'text' })]],
      ['product', [where('and', { Field: 'ShelfLifeDays', Op: 'gt', Value: '500', kind: 'number' })]],
      ['batch', [where('and', { Field: 'Quantity', Op: 'le', Value: '2500.5', kind: 'number' })]],
      [
        'batch',
        [
          where('and', {
            Field: 'ManufacturedOn',
            Op: 'between',
            Value: '2024-01-01',
            Value2: '2025-01-01',
            kind: 'date',
          }),
        ],
      ],
      ['batch', [where('and', { Field: 'ReworkOf', Op: 'empty', kind: 'picker' })]],
    ];
    for (const pair of stores) {
      for (const [entity, filter] of conditions) {
        for (const atIso of instants) {
          for (const text of ['', 'a']) {
            await same(pair, (s) =>
              walk(s, { entity, text, filters: [], conditions: filter, ...(atIso ? { atIso } : {}) }),
            );
          }
        }
      }
    }
  });

  it('walks the same pages in the order of every sortable column, both directions, nulls last', async () => {
    const columns: { entity: string; name: string; kind: SortKind }[] = [
      ...SEEDED_SORT_COLUMNS,
      { entity: 'supplier', name: 'Rating', kind: 'number' },
      { entity: 'supplier', name: 'IsPreferred', kind: 'checkbox' },
      { entity: 'supplier', name: 'AuditNotes', kind: 'text' },
      { entity: 'batch', name: 'ReworkOf', kind: 'picker' },
    ];
    for (const pair of stores) {
      for (const { entity, name, kind } of columns) {
        for (const direction of ['asc', 'desc'] as const) {
          for (const atIso of [undefined, instants[3]]) {
            await same(pair, (s) =>
              walk(s, {
                entity,
                text: '',
                filters: [],
                sort: { name, kind, direction },
                ...(atIso ? { atIso } : {}),
              }),
            );
          }
        }
      }
    }
  });
});

const supplier = (name: string, status: string, at: number, audit = false) => {
  const values = { Name: name, Status: status, Rating: name.length % 5 };
  return {
    values,
    isDeleted: false,
    index: indexFields('supplier', values),
    updatedBy: 'demo',
    updatedAt: new Date(at).toISOString(),
    ...(audit
      ? {
          audit: writeEvents({
            before: null,
            after: values,
            isDeleted: false,
            user: { name: 'demo', legalName: 'Demo' },
            signed: { signature: 'Demo', reason: 'Approved' },
            audited: new Set(['Status']),
          }),
        }
      : {}),
  };
};

describe('writes of the record store on PostgreSQL', () => {
  it('creates, appends, refuses a stale or missing record and imports history as SQLite does', async () => {
    const [pair] = stores;
    const t = both.now + DAY;
    const created = await same(pair!, (s) =>
      s.create('supplier', supplier('Zeta Pharma', 'Approved', t, true)),
    );
    const id = created.id;
    await same(pair!, (s) => s.append(id, 1, supplier('Zeta Pharma AG', 'Blocked', t + 1000, true)));
    await same(pair!, (s) => s.append(id, 1, supplier('Stale', 'Approved', t + 2000)));
    await same(pair!, (s) => s.append(999_999, 1, supplier('Missing', 'Approved', t + 2000)));
    await same(pair!, (s) =>
      s.append(id, 2, { ...supplier('Zeta Pharma AG', 'Blocked', t + 3000), isDeleted: true }),
    );
    await same(pair!, (s) =>
      s.importVersions(id, [
        supplier('Revived', 'Approved', t + 4000),
        supplier('Revived 2', 'Approved', t + 4000),
      ]),
    );
    await expect(pair![1].importVersions(999_999, [])).rejects.toThrow();
    for (const at of [
      undefined,
      ...[0, 1000, 2000, 3000, 3999, 4000].map((ms) => new Date(t + ms).toISOString()),
    ]) {
      await same(pair!, (s) => s.listVersions(id, at));
      if (at) await same(pair!, (s) => s.getAt(id, at));
      await same(pair!, (s) =>
        s.searchTitles({ entity: 'supplier', text: 'revived', limit: 5, ...(at ? { atIso: at } : {}) }),
      );
      await same(pair!, (s) =>
        walk(s, { entity: 'supplier', text: 'e', filters: [], ...(at ? { atIso: at } : {}) }),
      );
    }
    // The periods, audit events and file links the writes kept are the same rows.
    for (const table of ['record_periods', 'audit_events', 'records']) {
      const sqliteRows = both.sqlite
        .prepare(`SELECT * FROM ${table} WHERE record_id = ? ORDER BY 1, 2`)
        .all(id);
      expect(await both.pg.many(`SELECT * FROM ${table} WHERE record_id = $1 ORDER BY 1, 2`, [id])).toEqual(
        sqliteRows,
      );
    }
  });

  it('answers any sequence of writes and searches as SQLite does', async () => {
    const names = ['Omega', 'omega labs', 'Ökolab', 'Beta 2', 'beta'];
    let clock = both.now + 10 * DAY;
    const created: number[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({
              op: fc.constant('create' as const),
              name: fc.constantFrom(...names),
              status: fc.constantFrom('Approved', 'Blocked'),
            }),
            fc.record({
              op: fc.constant('append' as const),
              pick: fc.nat(),
              stale: fc.boolean(),
              name: fc.constantFrom(...names),
              remove: fc.boolean(),
            }),
            fc.record({
              op: fc.constant('search' as const),
              text: fc.constantFrom('', 'omega', 'BETA', 'ö'),
              back: fc.nat(3),
            }),
          ),
          { minLength: 1, maxLength: 6 },
        ),
        async (ops) => {
          for (const o of ops) {
            clock += 1000;
            if (o.op === 'create') {
              const record = await same(stores[0]!, (s) =>
                s.create('supplier', supplier(o.name, o.status, clock, true)),
              );
              created.push(record.id);
            } else if (o.op === 'append' && created.length > 0) {
              const id = created[o.pick % created.length]!;
              const current = (await stores[0]![0].getCurrent(id))!;
              const next = { ...supplier(o.name, 'Approved', clock, true), isDeleted: o.remove };
              await same(stores[0]!, (s) => s.append(id, current.version - (o.stale ? 1 : 0), next));
            } else if (o.op === 'search') {
              const atIso = o.back === 0 ? undefined : new Date(clock - o.back * 1500).toISOString();
              for (const pair of stores) {
                await same(pair, (s) =>
                  walk(s, { entity: 'supplier', text: o.text, filters: [], ...(atIso ? { atIso } : {}) }),
                );
                await same(pair, (s) =>
                  walk(s, {
                    entity: 'supplier',
                    text: '',
                    filters: [],
                    sort: { name: 'Name', kind: 'text', direction: 'desc' },
                    ...(atIso ? { atIso } : {}),
                  }),
                );
              }
            }
          }
        },
      ),
      { numRuns: 20 },
    );
  });

  it('lets exactly one of concurrent appends of the same version through; the others are stale', async () => {
    const store = stores[0]![1];
    for (let round = 0; round < 10; round++) {
      const created = await store.create(
        'supplier',
        supplier('Race', 'Approved', both.now + 100 * DAY, true),
      );
      const results = await Promise.all(
        ['First', 'Second', 'Third'].map((name) =>
          store.append(created.id, 1, supplier(name, 'Approved', both.now + 101 * DAY, true)),
        ),
      );
      // One at a time: the first appends version 2, the others find it and are refused as stale.
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      for (const refused of results.filter((r) => !r.ok))
        expect(refused).toMatchObject({ ok: false, reason: 'stale', current: { version: 2 } });
      expect((await store.listVersions(created.id)).map((v) => v.version)).toEqual([1, 2]);
      const events = await both.pg.many<{ seq: number }>(
        'SELECT seq FROM audit_events WHERE record_id = $1 ORDER BY seq',
        [created.id],
      );
      expect(events.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    }
  });
  it('saves concurrent writes of different records all at once, none refused busy, every version kept', async () => {
    const store = stores[0]![1];
    const records = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        store.create('supplier', supplier(`Crowd ${i}`, 'Approved', both.now + 200 * DAY, true)),
      ),
    );
    for (let round = 0; round < 6; round++) {
      const results = await Promise.all(
        records.map((record, i) =>
          store.append(
            record.id,
            round + 1,
            supplier(`Crowd ${i} r${round}`, 'Approved', both.now + 201 * DAY, true),
          ),
        ),
      );
      expect(results.every((result) => result.ok)).toBe(true);
    }
    for (const record of records) {
      expect((await store.getCurrent(record.id))?.version).toBe(7);
      expect(
        (
          await both.pg.one<{ n: number }>(
            'SELECT count(*)::int AS n FROM record_versions WHERE record_id = $1',
            [record.id],
          )
        )?.n,
      ).toBe(7);
    }
  });
});
