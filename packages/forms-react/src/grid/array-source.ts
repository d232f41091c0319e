import type { SearchFilter, SearchSort } from '@procedo/client-api';
import type { GridPage, GridRowSource } from './grid-state';

/** Options of {@link createArrayRowSource}. */
export interface ArrayRowSourceOptions<Row> {
  /**
   * Orders two rows by `field` (negative: `a` first). Default: the field's values compared as
   * numbers when both are numbers, else as strings by code unit; a missing value first.
   */
  compare?(a: Row, b: Row, field: string): number;
  /**
   * Whether `row` is one of the rows `filter` asks for. Without it the source answers a request
   * with filters by failing (the grid shows the error), never with unfiltered rows.
   */
  matches?(row: Row, filter: SearchFilter): boolean;
}

/** The first page's rows found without sorting the rest: up to this many rows ahead of the sort. */
const PARTIAL_SORT_LIMIT = 1000;

const fieldOf = (row: unknown, field: string): unknown => (row as Record<string, unknown>)[field];

function defaultCompare<Row>(a: Row, b: Row, field: string): number {
  const x = fieldOf(a, field);
  const y = fieldOf(b, field);
  if (x === y) return 0;
  if (x === undefined || x === null) return -1;
  if (y === undefined || y === null) return 1;
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  const s = String(x);
  const t = String(y);
  return s < t ? -1 : s > t ? 1 : 0;
}

/**
 * The first `count` rows of `rows` in `order`, in order, in one pass: each row is compared with the
 * last of those found so far and goes in only if it comes before it — for rows in no particular
 * order that is about `count · ln(n / count)` insertions, so the first page of a sort of 100,000
 * rows costs one comparison a row instead of a full sort's seventeen.
 */
export function firstInOrder<T>(rows: readonly T[], count: number, order: (a: T, b: T) => number): T[] {
  const best: T[] = [];
  if (count <= 0) return best;
  for (const row of rows) {
    if (best.length === count && order(row, best[count - 1] as T) >= 0) continue;
    // Binary search for the place after every row not after it (ties keep the rows' order).
    let low = 0;
    let high = best.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (order(row, best[mid] as T) < 0) high = mid;
      else low = mid + 1;
    }
    best.splice(low, 0, row);
    if (best.length > count) best.pop();
  }
  return best;
}

/** Rows sorted a run at a time, so the work fits between frames (a stable merge sort). */
export interface StepwiseSort<T> {
  /** Does one piece of the work (sorts one run, or merges two); `true` once the list is sorted. */
  step(): boolean;
  /** Does what is left at once and gives the sorted list. */
  finish(): T[];
}

/**
 * A stable merge sort of `rows` done by steps of bounded work: runs of `runSize` rows sorted one a
 * step, then neighbouring runs merged, at most `runSize` rows of a merge a step (the left run first
 * on ties, so equal rows keep their order). No step compares more than about `runSize · log2(runSize)`
 * pairs, however many rows there are.
 */
export function stepwiseSort<T>(
  rows: readonly T[],
  order: (a: T, b: T) => number,
  runSize = 4096,
): StepwiseSort<T> {
  let runs: T[][] = [];
  for (let start = 0; start < rows.length; start += runSize) runs.push(rows.slice(start, start + runSize));
  let toSort = 0;
  /** The runs of the next level, and the merge under way (of `runs[next]` and `runs[next + 1]`). */
  let merged: T[][] = [];
  let next = 0;
  let merge: { left: T[]; right: T[]; out: T[]; i: number; j: number } | null = null;

  const isDone = () => toSort === runs.length && runs.length <= 1;
  /** Moves up to `runSize` rows of the current merge; `true` when that merge is complete. */
  const mergeSome = (m: NonNullable<typeof merge>): boolean => {
    const { left, right, out } = m;
    const stop = Math.min(out.length, m.i + m.j + runSize);
    while (m.i + m.j < stop) {
      if (m.j >= right.length || (m.i < left.length && order(right[m.j] as T, left[m.i] as T) >= 0)) {
        out[m.i + m.j] = left[m.i++] as T;
      } else {
        out[m.i + m.j] = right[m.j++] as T;
      }
    }
    return m.i + m.j === out.length;
  };
  const step = (): boolean => {
    if (isDone()) return true;
    if (toSort < runs.length) {
      (runs[toSort] as T[]).sort(order);
      toSort++;
      return isDone();
    }
    if (!merge) {
      const left = runs[next] as T[];
      const right = runs[next + 1];
      if (!right) {
        merged.push(left);
        next += 2;
      } else {
        merge = { left, right, out: new Array(left.length + right.length), i: 0, j: 0 };
      }
    }
    if (merge && mergeSome(merge)) {
      merged.push(merge.out);
      merge = null;
      next += 2;
    }
    if (!merge && next >= runs.length) {
      runs = merged;
      toSort = runs.length;
      merged = [];
      next = 0;
    }
    return isDone();
  };
  return {
    step,
    finish() {
      while (!step()) {}
      return runs[0] ?? [];
    },
  };
}

/** How long one background step of a sort may hold the page, in ms. */
const BACKGROUND_SLICE_MS = 8;

/** A full sort running in the background, and the pages waiting for it. */
interface BackgroundSort<Row> {
  sort: StepwiseSort<Row>;
  waiting: Array<{ resolve(): void; reject(reason: unknown): void }>;
}

/**
 * A grid row source over rows the page already holds (client-side data, stories, tests): sorted and
 * filtered in the browser, paged like a server's. A sort answers its first pages from a one-pass
 * partial sort ({@link firstInOrder}), so a header click over 100,000 rows shows its first rows
 * without waiting for a full sort; the full sort then runs in the background in slices of at most
 * ~8 ms ({@link stepwiseSort}), so the page stays at frame rate, and a page beyond the first ones
 * asked for before it is done waits for it (the grid shows those rows loading). Equal rows keep
 * their own order (a stable sort). Each sort and filter is computed once and kept until the next
 * one is asked for.
 *
 * @example
 * const grid = useGridStore({ source: createArrayRowSource(rows), getRowKey: (r) => r.id, columnCount: 4 });
 */
export function createArrayRowSource<Row>(
  rows: readonly Row[],
  options: ArrayRowSourceOptions<Row> = {},
): GridRowSource<Row> {
  const compare = options.compare ?? defaultCompare;
  /** The filter `filtered` holds the rows of, as JSON (`'null'`: every row). */
  let filteredFor = 'null';
  let filtered: readonly Row[] = rows;
  /** The sort `sorted` is in (`null`: none computed for the current filter). */
  let sortedFor: string | null = null;
  /** The matching rows in that order: all of them, or (while `background` runs) the first ones only. */
  let sorted: readonly Row[] = rows;
  let background: BackgroundSort<Row> | null = null;

  /** Stops the background sort (a new sort or filter): its waiting pages fail, their rows are stale. */
  const stopBackground = () => {
    for (const page of background?.waiting ?? []) page.reject(new Error('The sort or filter changed.'));
    background = null;
  };

  const sortInBackground = (sort: StepwiseSort<Row>) => {
    const run: BackgroundSort<Row> = { sort, waiting: [] };
    background = run;
    const slice = () => {
      if (background !== run) return;
      const until = Date.now() + BACKGROUND_SLICE_MS;
      while (Date.now() < until) {
        if (!sort.step()) continue;
        sorted = sort.finish();
        background = null;
        for (const page of run.waiting) page.resolve();
        return;
      }
      setTimeout(slice, 0);
    };
    setTimeout(slice, 0);
  };

  const rowsMatching = (filter: SearchFilter | null): readonly Row[] => {
    const key = JSON.stringify(filter);
    if (key === filteredFor) return filtered;
    if (filter !== null && !options.matches) {
      throw new Error('This row source does not filter rows: give createArrayRowSource a `matches` option.');
    }
    stopBackground();
    filteredFor = key;
    filtered = filter === null ? rows : rows.filter((row) => options.matches?.(row, filter));
    sortedFor = null;
    return filtered;
  };

  /** Puts the rows in `sort`'s order, at least their first `end`. */
  const order = (sort: SearchSort | null, end: number): void => {
    const key = sort ? `${sort.Field}:${sort.Direction}` : '';
    if (key === sortedFor) return;
    stopBackground();
    sortedFor = key;
    if (!sort) {
      sorted = filtered;
      return;
    }
    const sign = sort.Direction === 'desc' ? -1 : 1;
    // Both keep equal rows in their own order: firstInOrder by construction, and
    // Array.prototype.sort is stable.
    const inOrder = (a: Row, b: Row) => sign * compare(a, b, sort.Field);
    if (end <= PARTIAL_SORT_LIMIT && end < filtered.length) {
      sorted = firstInOrder(filtered, Math.max(end, Math.min(PARTIAL_SORT_LIMIT, 2 * end)), inOrder);
      sortInBackground(stepwiseSort(filtered, inOrder));
    } else {
      sorted = [...filtered].sort(inOrder);
    }
  };

  /** Resolves once the background sort (if any) has sorted every row; fails if the page is given up. */
  const fullySorted = (signal: AbortSignal): Promise<void> =>
    new Promise((resolve, reject) => {
      if (!background) return resolve();
      if (signal.aborted) return reject(signal.reason);
      background.waiting.push({ resolve, reject });
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });

  return {
    loadPage(start, count, request): Promise<GridPage<Row>> {
      try {
        const matching = rowsMatching(request.filters);
        const end = start + count;
        order(request.sort, end);
        const answer = (): GridPage<Row> => ({
          rows: sorted.slice(start, end),
          hasMore: end < matching.length,
          ...(request.withTotal ? { total: matching.length } : {}),
        });
        return background && end > sorted.length
          ? fullySorted(request.signal).then(answer)
          : Promise.resolve(answer());
      } catch (error) {
        return Promise.reject(error);
      }
    },
  };
}
