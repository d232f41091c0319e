/**
 * Which rows a virtualised grid renders. Rows have one fixed height, so the window is arithmetic
 * (no measuring): that is what keeps 100,000 rows at frame rate.
 */

export interface WindowInput {
  scrollTop: number;
  viewportHeight: number;
  rowHeight: number;
  rowCount: number;
  /** Rows rendered beyond each edge of the viewport, so a fast scroll shows no blank band. */
  overscan: number;
}

/** Rows `[start, end)` are rendered; the first sits `offsetTop` px below the top of the body. */
export interface RowWindow {
  start: number;
  end: number;
  offsetTop: number;
  /** The body's full height: every row, rendered or not. */
  totalHeight: number;
}

const whole = (value: number) => (Number.isFinite(value) ? Math.max(0, Math.floor(value)) : 0);

/** The rows to render for a scroll position. */
export function computeWindow(input: WindowInput): RowWindow {
  const rowCount = whole(input.rowCount);
  const rowHeight = Math.max(1, input.rowHeight);
  const overscan = whole(input.overscan);
  const totalHeight = rowCount * rowHeight;
  const viewport = Math.max(0, Number.isFinite(input.viewportHeight) ? input.viewportHeight : 0);
  const scrollTop = Math.min(
    Math.max(0, Number.isFinite(input.scrollTop) ? input.scrollTop : 0),
    totalHeight,
  );
  const firstVisible = Math.floor(scrollTop / rowHeight);
  const lastVisible = Math.ceil((scrollTop + viewport) / rowHeight);
  const start = Math.min(Math.max(0, firstVisible - overscan), rowCount);
  const end = Math.min(rowCount, Math.max(start, lastVisible + overscan));
  return { start, end, offsetTop: start * rowHeight, totalHeight };
}

/** Rows that fit whole in the viewport: PageUp / PageDown move by this. */
export function rowsPerPage(viewportHeight: number, rowHeight: number): number {
  return Math.max(1, Math.floor(Math.max(0, viewportHeight) / Math.max(1, rowHeight)));
}

/** The scrollTop that brings row `index` fully into view, changing the current one as little as possible. */
export function scrollTopForRow(
  index: number,
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
): number {
  const top = index * rowHeight;
  const bottom = top + rowHeight;
  if (top < scrollTop) return top;
  if (bottom > scrollTop + viewportHeight) return Math.max(0, bottom - viewportHeight);
  return scrollTop;
}
