import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CursorPage, type CursorPageRequest, createCursorRowSource } from './cursor-source';
import type { GridPageRequest } from './grid-state';

/**
 * A model keyset server over an array: a cursor is the index the next page starts at, written so
 * that a cursor it never gave out cannot be confused with one it did. It records every request.
 */
function modelServer(rows: readonly number[], maxLimit: number) {
  const requests: CursorPageRequest[] = [];
  let counts = 0;
  const fetchPage = async (request: CursorPageRequest): Promise<CursorPage<number>> => {
    requests.push(request);
    expect(request.limit).toBeGreaterThan(0);
    expect(request.limit).toBeLessThanOrEqual(maxLimit);
    const start = request.after === undefined ? 0 : Number(request.after.slice(2));
    if (request.after !== undefined) expect(request.after).toMatch(/^c:\d+$/);
    const page = rows.slice(start, start + request.limit);
    const hasMore = start + page.length < rows.length;
    if (request.count) counts++;
    return {
      Rows: page,
      NextCursor: hasMore ? `c:${start + page.length}` : null,
      HasMore: hasMore,
      Total: request.count ? rows.length : null,
      TotalIsExact: request.count ? true : null,
    };
  };
  return { fetchPage, requests, counts: () => counts };
}

const ask = (withTotal = false): GridPageRequest => ({
  sort: null,
  filters: null,
  withTotal,
  signal: new AbortController().signal,
});

describe('createCursorRowSource', () => {
  it('answers any sequence of page requests with exactly the rows at those indexes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 60 }),
        fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 12 }),
        async (size, pageSize, stepLimit, pageIndexes) => {
          const rows = Array.from({ length: size }, (_, index) => index * 10);
          const server = modelServer(rows, Math.max(pageSize, stepLimit));
          const source = createCursorRowSource(server.fetchPage, { stepLimit });
          // Asked all at once, as a grid asks for the pages a scroll reveals.
          const answers = await Promise.all(
            pageIndexes.map((page) => source.loadPage(page * pageSize, pageSize, ask())),
          );
          pageIndexes.forEach((page, i) => {
            const start = page * pageSize;
            expect(answers[i]?.rows).toEqual(rows.slice(start, start + pageSize));
            expect(answers[i]?.hasMore).toBe(start + pageSize < size);
          });
          expect(server.counts()).toBe(0);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('scrolling on asks for each page once, with the cursor of the page before', async () => {
    const rows = Array.from({ length: 250 }, (_, index) => index);
    const server = modelServer(rows, 100);
    const source = createCursorRowSource(server.fetchPage);
    for (let page = 0; page < 3; page++) await source.loadPage(page * 100, 100, ask());
    expect(server.requests.map((request) => [request.after, request.limit])).toEqual([
      [undefined, 100],
      ['c:100', 100],
      ['c:200', 100],
    ]);
  });

  it('a jump walks from the nearest known cursor in steps, and remembers the way', async () => {
    const rows = Array.from({ length: 5000 }, (_, index) => index);
    const server = modelServer(rows, 500);
    const source = createCursorRowSource(server.fetchPage, { stepLimit: 500 });
    const page = await source.loadPage(2000, 100, ask());
    expect(page.rows[0]).toBe(2000);
    expect(server.requests.map((request) => request.limit)).toEqual([500, 500, 500, 500, 100]);
    server.requests.length = 0;
    await source.loadPage(1500, 100, ask());
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.after).toBe('c:1500');
  });

  it('asks for the count once per sort and filter, only when the grid wants it', async () => {
    const rows = Array.from({ length: 300 }, (_, index) => index);
    const server = modelServer(rows, 100);
    const source = createCursorRowSource(server.fetchPage);
    expect((await source.loadPage(0, 100, ask(false))).total).toBeUndefined();
    expect(server.counts()).toBe(0);
    expect(await source.loadPage(0, 100, ask(true))).toMatchObject({ total: 300, totalIsExact: true });
    await source.loadPage(100, 100, ask(true));
    expect(server.counts()).toBe(1);
    const sorted = { ...ask(true), sort: { Field: 'Name', Direction: 'desc' as const } };
    await source.loadPage(0, 100, sorted);
    expect(server.counts()).toBe(2);
    expect(server.requests.at(-1)?.sort).toEqual({ Field: 'Name', Direction: 'desc' });
  });

  it('a failed page leaves the next request working', async () => {
    let fail = true;
    const source = createCursorRowSource<number>(async () => {
      if (fail) throw new Error('offline');
      return { Rows: [1], NextCursor: null, HasMore: false, Total: null, TotalIsExact: null };
    });
    await expect(source.loadPage(0, 10, ask())).rejects.toThrow('offline');
    fail = false;
    expect((await source.loadPage(0, 10, ask())).rows).toEqual([1]);
  });
});
