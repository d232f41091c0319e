import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../db/migrations';
import { migrate, openSqlite } from '../../db/sqlite';
import { indexFields } from './entities';
import type { RecordStore } from './records-store';
import { createSqliteRecordStore } from './records-store.sqlite';

// The store's reads at T against a plain model of the history, at instants spread from the same
// millisecond to years apart (so periods fork at every depth of the interval tree), through both
// plans of a page at T: sorting the records alive then, and walking the titles (which the store
// takes from 2,000 records alive on; here forced with `walkAtLeast: 0`).

interface ModelVersion {
  at: number;
  name: string;
  status: string;
  deleted: boolean;
}

type Op =
  | { kind: 'create'; name: string; status: string; gap: number }
  | { kind: 'update'; target: number; name: string; status: string; gap: number }
  | { kind: 'delete'; target: number; gap: number };

const ENTITY = 'supplier';
const YEAR = 365 * 24 * 3600 * 1000;
// Titles that share prefixes, differ only in case and repeat, so order ties are broken by id.
const name = fc.constantFrom('alpha', 'Alpha', 'alphabet', 'beta', ' Beta', 'gamma', 'delta');
const status = fc.constantFrom('Approved', 'Blocked');
const gap = fc.oneof(
  fc.constant(0),
  fc.integer({ min: 1, max: 999 }),
  fc.integer({ min: 60_000, max: 3 * YEAR }),
);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), name, status, gap }),
  fc.record({ kind: fc.constant('create' as const), name, status, gap }),
  fc.record({ kind: fc.constant('update' as const), target: fc.nat(), name, status, gap }),
  fc.record({ kind: fc.constant('delete' as const), target: fc.nat(), gap }),
);
const start = fc.integer({
  min: Date.parse('1990-01-01T00:00:00.000Z'),
  max: Date.parse('2030-01-01T00:00:00.000Z'),
});

const iso = (ms: number) => new Date(ms).toISOString();
const searchKey = (text: string) => text.trim().toLowerCase();

let dir: string;
let run = 0;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'procedo-search-at-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes the history through the store; returns the model (id → versions, oldest first). */
async function writeHistory(store: RecordStore, first: number, ops: Op[]) {
  const model = new Map<number, ModelVersion[]>();
  const instants: number[] = [];
  let now = first;
  for (const step of ops) {
    now += step.gap;
    const alive = [...model].filter(([, versions]) => !versions.at(-1)!.deleted);
    let next: { id: number | null; version: ModelVersion };
    if (step.kind === 'create') {
      next = { id: null, version: { at: now, name: step.name, status: step.status, deleted: false } };
    } else {
      if (alive.length === 0) continue;
      const [id, versions] = alive[step.target % alive.length]!;
      const last = versions.at(-1)!;
      next = {
        id,
        version:
          step.kind === 'update'
            ? { at: now, name: step.name, status: step.status, deleted: false }
            : { ...last, at: now, deleted: true },
      };
    }
    const values = { Name: next.version.name, Status: next.version.status };
    const written = {
      values,
      isDeleted: next.version.deleted,
      index: indexFields(ENTITY, values),
      updatedBy: 'model',
      updatedAt: iso(now),
    };
    if (next.id === null) {
      const record = await store.create(ENTITY, written);
      model.set(record.id, [next.version]);
    } else {
      const versions = model.get(next.id)!;
      const result = await store.append(next.id, versions.length, written);
      expect(result.ok).toBe(true);
      versions.push(next.version);
    }
    instants.push(now - 1, now, now + 1);
  }
  return { model, instants };
}

describe('the record store at a timepoint', () => {
  it('reads and searches as a model of the history says, at every instant and through both page plans', async () => {
    await fc.assert(
      fc.asyncProperty(
        start,
        fc.array(op, { minLength: 1, maxLength: 14 }),
        fc.array(
          fc.integer({
            min: Date.parse('1980-01-01T00:00:00.000Z'),
            max: Date.parse('2060-01-01T00:00:00.000Z'),
          }),
          {
            maxLength: 3,
          },
        ),
        fc.integer({ min: 1, max: 4 }),
        async (first, ops, extra, pageSize) => {
          run += 1;
          const db = openSqlite(path.join(dir, `history-${run}.sqlite`));
          try {
            migrate(db, MIGRATIONS);
            const store = createSqliteRecordStore(db);
            const walking = createSqliteRecordStore(db, undefined, { walkAtLeast: 0 });
            const { model, instants } = await writeHistory(store, first, ops);

            for (const t of [...instants, ...extra]) {
              const at = iso(t);
              const stateAt = (versions: ModelVersion[]) => versions.filter((v) => v.at <= t).at(-1);
              for (const [id, versions] of model) {
                const expected = stateAt(versions);
                const read = await store.getAt(id, at);
                if (!expected) {
                  expect(read).toBeNull();
                  continue;
                }
                expect(read?.version).toBe(versions.indexOf(expected) + 1);
                expect(read?.isDeleted).toBe(expected.deleted);
                expect(read?.values).toEqual({ Name: expected.name, Status: expected.status });
              }

              const alive = [...model]
                .map(([id, versions]) => ({ id, state: stateAt(versions) }))
                .filter(
                  (row): row is { id: number; state: ModelVersion } => !!row.state && !row.state.deleted,
                )
                .sort((a, b) => {
                  const [ka, kb] = [searchKey(a.state.name), searchKey(b.state.name)];
                  return ka === kb ? a.id - b.id : ka < kb ? -1 : 1;
                });
              for (const text of ['', 'alpha', 'ET']) {
                for (const blocked of [false, true]) {
                  const expected = alive
                    .filter((row) => searchKey(row.state.name).includes(searchKey(text)))
                    .filter((row) => !blocked || row.state.status === 'Blocked')
                    .map((row) => [row.id, row.state.name]);
                  for (const reader of [store, walking]) {
                    const pages: (number | string | undefined)[][] = [];
                    for (let offset = 0; offset <= expected.length; offset += pageSize) {
                      const { rows, total } = await reader.search({
                        entity: ENTITY,
                        text,
                        filters: blocked ? [{ name: 'Status', value: 'Blocked', mode: 'equals' }] : [],
                        offset,
                        limit: pageSize,
                        atIso: at,
                      });
                      expect(total).toBe(expected.length);
                      pages.push(...rows.map((row) => [row.id, row.values.Name as string]));
                    }
                    expect(pages).toEqual(expected);
                  }
                }
              }
            }
          } finally {
            db.close();
          }
        },
      ),
      { numRuns: 150 },
    );
  }, 240_000);
});
