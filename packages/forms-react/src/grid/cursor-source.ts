import type { SearchFilter, SearchSort } from '@procedo/client-api';
import type { GridPage, GridPageRequest, GridRowSource } from './grid-state';

/** One request to a keyset (cursor) search: rows after `after`, at most `limit`. */
export interface CursorPageRequest {
  /** The `NextCursor` of the page before; none for the first page. */
  after?: string;
  limit: number;
  /** Run the (capped) count with this page. */
  count: boolean;
  sort: SearchSort | null;
  where: SearchFilter | null;
  signal: AbortSignal;
}

/** One keyset page as the v1 search answers it (`GET forms/{no}/search/page`). */
export interface CursorPage<Row> {
  Rows: readonly Row[];
  NextCursor: string | null;
  HasMore: boolean;
  /** `null` unless the count was asked for. */
  Total: number | null;
  /** `false`: more than `Total` rows match (the server stopped counting at its cap). */
  TotalIsExact: boolean | null;
}

/** The largest page the server answers; a jump ahead walks in steps of this many rows. */
export const CURSOR_STEP_LIMIT = 500;

/**
 * A grid row source over a keyset search. The grid asks for rows by index; the server answers
 * pages after a cursor. The source remembers the cursor at every row index a page ended on (per
 * sort and filter), so scrolling on asks for each page once with the cursor of the page before —
 * the server seeks, it never skips rows with OFFSET. A jump past the rows known (dragging the
 * scrollbar when the count is on) walks forward from the nearest known cursor in steps of
 * {@link CURSOR_STEP_LIMIT} rows, so its cost grows with the distance jumped, not with the table.
 * The count is asked for once per sort and filter, with the first page that asks for it. Pages
 * load one at a time, in the order asked, so a page finds the cursor its predecessor ended on.
 */
export function createCursorRowSource<Row>(
  fetchPage: (request: CursorPageRequest) => Promise<CursorPage<Row>>,
  options: { stepLimit?: number } = {},
): GridRowSource<Row> {
  const stepLimit = options.stepLimit ?? CURSOR_STEP_LIMIT;
  let queryKey = '';
  /** Row index → the cursor that continues there (`undefined` at 0: the first page). */
  let cursors = new Map<number, string | undefined>([[0, undefined]]);
  /** Where the rows end, once a page said no more follow. */
  let end: number | null = null;
  let counted = false;
  /** Pages load one after another: a page often needs the cursor the page before it ends on. */
  let queue: Promise<unknown> = Promise.resolve();

  const nearestKnown = (index: number): number => {
    let best = 0;
    for (const known of cursors.keys()) if (known <= index && known > best) best = known;
    return best;
  };

  const load = async (start: number, count: number, request: GridPageRequest): Promise<GridPage<Row>> => {
    request.signal.throwIfAborted();
    const key = JSON.stringify([request.sort, request.filters, request.withTotal]);
    if (key !== queryKey) {
      queryKey = key;
      cursors = new Map([[0, undefined]]);
      end = null;
      counted = false;
    }
    const base = { sort: request.sort, where: request.filters, signal: request.signal };
    if (end !== null && start >= end) return { rows: [], hasMore: false };
    // Walk to `start` from the nearest index a cursor is known for.
    let position = nearestKnown(start);
    while (position < start) {
      const limit = Math.min(stepLimit, start - position);
      const step = await fetchPage({ ...base, after: cursors.get(position), limit, count: false });
      if (!step.HasMore || step.NextCursor === null) {
        end = position + step.Rows.length;
        return { rows: [], hasMore: false };
      }
      position += step.Rows.length;
      cursors.set(position, step.NextCursor);
    }
    const withCount = request.withTotal && !counted;
    const page = await fetchPage({ ...base, after: cursors.get(start), limit: count, count: withCount });
    if (page.NextCursor !== null) cursors.set(start + page.Rows.length, page.NextCursor);
    if (!page.HasMore) end = start + page.Rows.length;
    const answer: GridPage<Row> = { rows: page.Rows, hasMore: page.HasMore };
    if (withCount && page.Total !== null) {
      counted = true;
      answer.total = page.Total;
      answer.totalIsExact = page.TotalIsExact ?? true;
    }
    return answer;
  };

  return {
    loadPage(start, count, request) {
      const result = queue.then(() => load(start, count, request));
      queue = result.catch(() => undefined);
      return result;
    },
  };
}
