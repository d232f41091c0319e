import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../db/migrations';
import { migrate, openSqlite, type SqliteDatabase } from '../../db/sqlite';
import { indexFields } from './entities';
import type { SearchStatementKind } from './record-seek.sqlite';
import type { RecordStore, SearchPageOptions } from './records-store';
import { createSqliteRecordStore } from './records-store.sqlite';

// The keyset page of the store: the same rows as the offset page (proved against a model in
// records-store.search-at.test.ts), through both plans at T, with the statements it runs seen by a spy.

const ENTITY = 'supplier';
const name = fc.constantFrom('alpha', 'Alpha', 'alphabet', 'beta', ' Beta', 'gamma', 'delta');
const status = fc.constantFrom('Approved', 'Blocked');
const iso = (ms: number) => new Date(ms).toISOString();
const START = Date.parse('2026-01-01T00:00:00.000Z');

let dir: string;
let run = 0;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'procedo-search-page-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function open(): SqliteDatabase {
  run += 1;
  const db = openSqlite(path.join(dir, `page-${run}.sqlite`));
  migrate(db, MIGRATIONS);
  return db;
}

const version = (values: { Name: string; Status: string }, at: number, isDeleted = false) => ({
  values,
  isDeleted,
  index: indexFields(ENTITY, values),
  updatedBy: 'test',
  updatedAt: iso(at),
});

/** Follows the cursor to the last page; `between` runs after each page. */
async function walk(
  store: RecordStore,
  options: Omit<SearchPageOptions, 'after' | 'count'>,
  between?: () => Promise<void>,
) {
  const ids: number[] = [];
  let after: SearchPageOptions['after'] = null;
  for (;;) {
    const { rows, hasMore } = await store.searchPage({ ...options, after, count: false });
    ids.push(...rows.map((row) => row.id));
    const last = rows.at(-1);
    if (!hasMore || !last) return ids;
    after = { key: last.searchKey, id: last.id };
    await between?.();
  }
}

describe('the keyset page of the record store', () => {
  it('walks the same rows as the offset page, now and at every instant, through both plans at T', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ name, status, update: fc.option(name), remove: fc.boolean() }), {
          maxLength: 10,
        }),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom('', 'alpha', 'ET'),
        fc.boolean(),
        async (ops, limit, text, blocked) => {
          const db = open();
          try {
            const store = createSqliteRecordStore(db);
            const walking = createSqliteRecordStore(db, undefined, { walkAtLeast: 0 });
            let now = START;
            const instants = [now - 1];
            for (const op of ops) {
              now += 1000;
              const record = await store.create(ENTITY, version({ Name: op.name, Status: op.status }, now));
              if (op.update !== null) {
                now += 1000;
                await store.append(record.id, 1, version({ Name: op.update, Status: op.status }, now));
              }
              if (op.remove) {
                now += 1000;
                const current = (await store.getCurrent(record.id))!;
                await store.append(
                  record.id,
                  current.version,
                  version({ Name: op.name, Status: op.status }, now, true),
                );
              }
              instants.push(now);
            }
            const filters = blocked ? [{ name: 'Status', value: 'Blocked', mode: 'equals' as const }] : [];
            for (const atIso of [undefined, ...instants.map(iso)]) {
              const at = atIso === undefined ? {} : { atIso };
              const { rows } = await store.search({
                entity: ENTITY,
                text,
                filters,
                offset: 0,
                limit: 1000,
                ...at,
              });
              for (const reader of [store, walking]) {
                expect(await walk(reader, { entity: ENTITY, text, filters, limit, ...at })).toEqual(
                  rows.map((row) => row.id),
                );
              }
            }
          } finally {
            db.close();
          }
        },
      ),
      { numRuns: 120 },
    );
  }, 120_000);

  it('sees no row twice at T on the title walk while records are created between its pages', async () => {
    const db = open();
    try {
      const walking = createSqliteRecordStore(db, undefined, { walkAtLeast: 0 });
      let now = START;
      for (const title of ['b', 'd', 'f', 'h', 'b', 'd']) {
        now += 1000;
        await walking.create(ENTITY, version({ Name: title, Status: 'Approved' }, now));
      }
      const atIso = iso(now + 1);
      const { rows } = await walking.search({
        entity: ENTITY,
        text: '',
        filters: [],
        offset: 0,
        limit: 100,
        atIso,
      });
      const seen = await walk(
        walking,
        { entity: ENTITY, text: '', filters: [], limit: 2, atIso },
        async () => {
          now += 1000;
          for (const title of ['a', 'c', 'e', 'z'])
            await walking.create(ENTITY, version({ Name: title, Status: 'Approved' }, now));
        },
      );
      expect(seen).toEqual(rows.map((row) => row.id));
    } finally {
      db.close();
    }
  });

  it('runs no count query unless asked, and a count stops at the cap', async () => {
    const db = open();
    try {
      const ran: SearchStatementKind[] = [];
      const store = createSqliteRecordStore(db, undefined, {
        countCap: 3,
        onStatement: (kind) => ran.push(kind),
      });
      for (let i = 0; i < 5; i += 1)
        await store.create(ENTITY, version({ Name: `n${i}`, Status: 'Approved' }, START + i));
      const base = { entity: ENTITY, text: '', filters: [], after: null, limit: 2 };
      for (const at of [{}, { atIso: iso(START + 10) }]) {
        ran.length = 0;
        const page = await store.searchPage({ ...base, ...at, count: false });
        expect(page.count).toBeNull();
        expect(page.hasMore).toBe(true);
        expect(ran).not.toContain('count');
        ran.length = 0;
        expect((await store.searchPage({ ...base, ...at, count: true })).count).toEqual({
          total: 3,
          exact: false,
        });
        expect(ran.filter((kind) => kind === 'count')).toHaveLength(1);
        const one = await store.searchPage({ ...base, ...at, text: 'n4', count: true });
        expect(one.count).toEqual({ total: 1, exact: true });
      }
    } finally {
      db.close();
    }
  });

  it('seeks the title index for a page of the current data: no OFFSET and no sort', async () => {
    const db = open();
    try {
      const plans: string[][] = [];
      const sqls: string[] = [];
      const store = createSqliteRecordStore(db, undefined, {
        onStatement: (kind, sql, params) => {
          if (kind !== 'page') return;
          sqls.push(sql);
          const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[];
          plans.push(plan.map((row) => row.detail));
        },
      });
      await store.searchPage({
        entity: ENTITY,
        text: '',
        filters: [],
        after: { key: 'm', id: 7 },
        limit: 25,
        count: false,
      });
      expect(sqls[0]).not.toMatch(/OFFSET/i);
      expect(plans[0]!.join('\n')).toMatch(
        /SEARCH r USING INDEX records_by_key \(entity=\? AND is_deleted=\? AND search_key>\?\)/,
      );
      expect(plans[0]!.join('\n')).not.toMatch(/TEMP B-TREE/);
      // The first page: the same index from its start, in its order.
      await store.searchPage({ entity: ENTITY, text: '', filters: [], after: null, limit: 25, count: false });
      expect(sqls[1]).not.toMatch(/OFFSET/i);
      expect(plans[1]!.join('\n')).toMatch(
        /SEARCH r USING INDEX records_by_key \(entity=\? AND is_deleted=\?\)/,
      );
      expect(plans[1]!.join('\n')).not.toMatch(/TEMP B-TREE/);
    } finally {
      db.close();
    }
  });

  it.each(['asc', 'desc'] as const)(
    'reads a page sorted by a column %s from its index: no OFFSET and no sort, for both parts of the nulls-last walk',
    async (direction) => {
      const db = open();
      try {
        const plans: string[] = [];
        const sqls: string[] = [];
        const store = createSqliteRecordStore(db, undefined, {
          onStatement: (kind, sql, params) => {
            if (kind !== 'page') return;
            sqls.push(sql);
            const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[];
            plans.push(plan.map((row) => row.detail).join('\n'));
          },
        });
        const sort = { name: 'Country', kind: 'text' as const, direction };
        const base = { entity: ENTITY, text: '', filters: [], sort, limit: 25, count: false };
        await store.searchPage({ ...base, after: null });
        await store.searchPage({ ...base, after: { key: 'germany', id: 7 } });
        await store.searchPage({ ...base, after: { key: null, id: 7 } });
        expect(plans).toHaveLength(6);
        for (const [i, plan] of plans.entries()) {
          expect(sqls[i]).not.toMatch(/OFFSET/i);
          expect(plan).toMatch(/USING INDEX records_sort_supplier_Country/);
          expect(plan).not.toMatch(/TEMP B-TREE/);
        }
        // After a cursor each part seeks: the ties after its id, then the values past its value.
        expect(plans[2]).toMatch(
          /records_sort_supplier_Country \(is_deleted=\? AND <expr>=\? AND record_id[<>]\?\)/,
        );
        expect(plans[3]).toMatch(/records_sort_supplier_Country \(is_deleted=\? AND <expr>[<>]\?\)/);
      } finally {
        db.close();
      }
    },
  );
});
