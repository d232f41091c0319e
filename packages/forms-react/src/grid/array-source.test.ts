import type { SearchFilter, SearchSort } from '@procedo/client-api';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createArrayRowSource, firstInOrder, stepwiseSort } from './array-source';
import type { GridPageRequest } from './grid-state';

interface Row {
  id: number;
  name: string;
  size: number;
}

const request = (
  sort: SearchSort | null,
  filters: SearchFilter | null = null,
  withTotal = false,
): GridPageRequest => ({
  sort,
  filters,
  withTotal,
  signal: new AbortController().signal,
});

/** The reference: every row sorted at once (stable), as the source's first pages must match. */
function fullySorted(rows: readonly Row[], sort: SearchSort | null): Row[] {
  if (!sort) return [...rows];
  const field = sort.Field as 'name' | 'size';
  const sign = sort.Direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = a[field];
    const y = b[field];
    return sign * (x < y ? -1 : x > y ? 1 : 0);
  });
}

const rowsArbitrary = fc
  .array(fc.record({ name: fc.string({ maxLength: 3 }), size: fc.integer({ min: -5, max: 5 }) }), {
    maxLength: 300,
  })
  .map((items) => items.map((item, id) => ({ id, ...item })));
const sortArbitrary = fc.option(
  fc.record({
    Field: fc.constantFrom('name', 'size'),
    Direction: fc.constantFrom('asc' as const, 'desc' as const),
  }),
  { nil: null },
);

describe('firstInOrder', () => {
  it('is the first rows of a stable sort, for every list and count', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9 })),
        fc.integer({ min: 0, max: 40 }),
        (values, count) => {
          const rows = values.map((value, index) => ({ value, index }));
          const order = (a: { value: number }, b: { value: number }) => a.value - b.value;
          expect(firstInOrder(rows, count, order)).toEqual([...rows].sort(order).slice(0, count));
        },
      ),
    );
  });
});

describe('stepwiseSort', () => {
  it('is a stable sort, for every list and run size, step by step or finished at once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 200 }),
        fc.integer({ min: 1, max: 20 }),
        fc.nat({ max: 50 }),
        (values, runSize, steps) => {
          const rows = values.map((value, index) => ({ value, index }));
          const order = (a: { value: number }, b: { value: number }) => a.value - b.value;
          const sort = stepwiseSort(rows, order, runSize);
          for (let i = 0; i < steps; i++) sort.step();
          expect(sort.finish()).toEqual([...rows].sort(order));
        },
      ),
    );
  });
});

describe('createArrayRowSource', () => {
  it('answers every page, in any order of requests, as a slice of the whole list sorted at once', async () => {
    await fc.assert(
      fc.asyncProperty(
        rowsArbitrary,
        fc.array(fc.tuple(sortArbitrary, fc.nat({ max: 320 }), fc.integer({ min: 1, max: 60 })), {
          minLength: 1,
          maxLength: 8,
        }),
        async (rows, requests) => {
          const source = createArrayRowSource(rows);
          for (const [sort, start, count] of requests) {
            const page = await source.loadPage(start, count, request(sort, null, true));
            expect(page.rows).toEqual(fullySorted(rows, sort).slice(start, start + count));
            expect(page.hasMore).toBe(start + count < rows.length);
            expect(page.total).toBe(rows.length);
          }
        },
      ),
    );
  });

  it('finds the first page of a sort of 100,000 rows without sorting them all', async () => {
    const rows = Array.from({ length: 100_000 }, (_, id) => ({
      id,
      name: `n${(id * 7919) % 100_000}`,
      size: id % 10,
    }));
    let comparisons = 0;
    const source = createArrayRowSource(rows, {
      compare: (a, b, field) => {
        comparisons++;
        const x = a[field as 'name'];
        const y = b[field as 'name'];
        return x < y ? -1 : x > y ? 1 : 0;
      },
    });
    const first = await source.loadPage(0, 100, request({ Field: 'name', Direction: 'asc' }));
    expect(first.rows.map((row) => row.name)).toEqual(
      fullySorted(rows, { Field: 'name', Direction: 'asc' })
        .slice(0, 100)
        .map((row) => row.name),
    );
    // A full sort takes about n·log2(n) ≈ 1.7 million; one pass a little over n.
    expect(comparisons).toBeLessThan(150_000);
    // A page far down sorts the whole list, once.
    const deep = await source.loadPage(90_000, 100, request({ Field: 'name', Direction: 'asc' }));
    expect(deep.rows[0]?.name).toBe(fullySorted(rows, { Field: 'name', Direction: 'asc' })[90_000]?.name);
    const before = comparisons;
    await source.loadPage(50_000, 100, request({ Field: 'name', Direction: 'asc' }));
    expect(comparisons).toBe(before);
  });

  it('sorts the rest in the background after the first page, so a deep page then costs no comparison', async () => {
    const rows = Array.from({ length: 20_000 }, (_, id) => ({
      id,
      name: `n${(id * 7919) % 20_000}`,
      size: 0,
    }));
    let comparisons = 0;
    const source = createArrayRowSource(rows, {
      compare: (a, b) => {
        comparisons++;
        return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
      },
    });
    const sort: SearchSort = { Field: 'name', Direction: 'desc' };
    await source.loadPage(0, 50, request(sort));
    // Wait until the background sort has stopped comparing.
    let seen = -1;
    while (seen !== comparisons) {
      seen = comparisons;
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    const deep = await source.loadPage(15_000, 10, request(sort));
    expect(comparisons).toBe(seen);
    expect(deep.rows).toEqual(fullySorted(rows, sort).slice(15_000, 15_010));
  });

  it('a deep page asked while the rest is being sorted waits for it, and fails when given up', async () => {
    const rows = Array.from({ length: 20_000 }, (_, id) => ({
      id,
      name: `n${(id * 7919) % 20_000}`,
      size: 0,
    }));
    const source = createArrayRowSource(rows);
    const sort: SearchSort = { Field: 'name', Direction: 'asc' };
    await source.loadPage(0, 50, request(sort));
    const controller = new AbortController();
    const givenUp = source.loadPage(12_000, 10, { ...request(sort), signal: controller.signal });
    controller.abort(new Error('scrolled away'));
    await expect(givenUp).rejects.toThrow('scrolled away');
    const page = await source.loadPage(12_000, 10, request(sort));
    expect(page.rows).toEqual(fullySorted(rows, sort).slice(12_000, 12_010));
    // A new sort while one waits: the waiting page fails rather than answer rows of the old order.
    await source.loadPage(0, 50, request({ Field: 'name', Direction: 'desc' }));
    const stale = source.loadPage(12_000, 10, request({ Field: 'name', Direction: 'desc' }));
    await source.loadPage(0, 50, request({ Field: 'size', Direction: 'asc' }));
    await expect(stale).rejects.toThrow('The sort or filter changed.');
  });

  it('filters with the `matches` given, and counts the matching rows', async () => {
    const rows: Row[] = Array.from({ length: 50 }, (_, id) => ({ id, name: `n${id}`, size: id % 5 }));
    const filter: SearchFilter = {
      Combine: 'and',
      Conditions: [{ Field: 'size', Op: 'equals', Value: '3' }],
    };
    const source = createArrayRowSource(rows, { matches: (row) => row.size === 3 });
    const page = await source.loadPage(0, 4, request({ Field: 'id', Direction: 'desc' }, filter, true));
    expect(page.rows.map((row) => row.id)).toEqual([48, 43, 38, 33]);
    expect(page).toMatchObject({ hasMore: true, total: 10 });
    // Without the filter again: every row.
    expect((await source.loadPage(0, 100, request(null, null, true))).total).toBe(50);
  });

  it('fails a request with filters when it was given no `matches`, rather than answer unfiltered rows', async () => {
    const source = createArrayRowSource([{ id: 1, name: 'a', size: 1 }]);
    const filter: SearchFilter = {
      Combine: 'and',
      Conditions: [{ Field: 'size', Op: 'equals', Value: '2' }],
    };
    await expect(source.loadPage(0, 10, request(null, filter))).rejects.toThrow(/does not filter rows/);
  });
});
