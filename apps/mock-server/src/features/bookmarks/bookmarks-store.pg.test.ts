import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openParityDatabases, type ParityDatabases } from '../../testing/parity';
import { overlapWrites } from '../../testing/pg-overlap';
import { sameAnswers } from '../../testing/same-answers';
import { createSqliteBookmarkStore } from './bookmarks-store';
import { createPgBookmarkStore } from './bookmarks-store.pg';

let both: ParityDatabases;
beforeAll(async () => {
  both = await openParityDatabases();
});
afterAll(() => both?.close());

const at = (s: number) => new Date(Date.UTC(2026, 0, 1) + s * 1000).toISOString();

describe('BookmarkStore on PostgreSQL', () => {
  it('toggles, refuses over the limit and lists newest first with the records as SQLite', async () => {
    const same = sameAnswers(createSqliteBookmarkStore(both.sqlite), createPgBookmarkStore(both.pg));
    const toggle = (recordId: number, s: number, limit = 3) =>
      same((store) => store.toggle({ userId: 1, tableId: 10, recordId, at: at(s), limit }));
    expect(await toggle(1, 0)).toEqual({ value: { selected: true } });
    await toggle(2, 1);
    // Equal instants: the order falls back to table and record.
    await toggle(999_999, 1);
    expect(await toggle(3, 2)).toEqual({ value: 'full' });
    expect(await toggle(2, 3)).toEqual({ value: { selected: false } });
    await toggle(3, 4);
    await same((store) => store.toggle({ userId: 2, tableId: 11, recordId: 1, at: at(5), limit: 3 }));
    const listed = await same((store) => store.listFor(1));
    // A bookmark of a record that exists, and one of a record that does not.
    expect(listed).toMatchObject({
      value: expect.arrayContaining([expect.objectContaining({ entity: null })]),
    });
    await same((store) => store.listFor(2));
    await same((store) => store.listFor(3));
    for (const recordId of [1, 2, 3]) await same((store) => store.has(1, 10, recordId));
    await same((store) => store.has(1, 11, 1));
  });

  it('answers as SQLite for any sequence of toggles', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ record: fc.integer({ min: 1, max: 4 }), s: fc.nat(5) }), { maxLength: 12 }),
        async (toggles) => {
          run += 1;
          const same = sameAnswers(createSqliteBookmarkStore(both.sqlite), createPgBookmarkStore(both.pg));
          for (const t of toggles) {
            await same((store) =>
              store.toggle({ userId: 3, tableId: 100 + run, recordId: t.record, at: at(t.s), limit: 2 }),
            );
          }
          await same((store) => store.listFor(3));
        },
      ),
      { numRuns: 30 },
    );
  });

  it('gives two concurrent toggles of one bookmark the outcome of one after the other: added, then removed', async () => {
    const plain = createPgBookmarkStore(both.pg);
    for (let round = 0; round < 5; round++) {
      // Both read before either writes: the overlap two servers can have.
      const store = createPgBookmarkStore(overlapWrites(2)(both.pg));
      const toggle = () =>
        store.toggle({ userId: 3, tableId: 20, recordId: 1 + round, at: at(round), limit: 500 });
      const results = await Promise.all([toggle(), toggle()]);
      expect(results).toEqual(expect.arrayContaining([{ selected: true }, { selected: false }]));
      expect(await plain.has(3, 20, 1 + round)).toBe(false);
    }
  });

  it('never lets two concurrent adds pass the limit', async () => {
    const store = createPgBookmarkStore(overlapWrites(2)(both.pg));
    const add = (recordId: number) => store.toggle({ userId: 2, tableId: 30, recordId, at: at(0), limit: 2 });
    // User 2 holds one bookmark: one of the two adds fills the last place, the other is refused.
    const results = await Promise.all([add(1), add(2)]);
    expect(results).toEqual(expect.arrayContaining([{ selected: true }, 'full']));
  });
});
