/**
 * The ARIA grid keyboard model (https://www.w3.org/WAI/ARIA/apg/patterns/grid/) as pure functions.
 * Row -1 is the header row, so sorting is reachable from the keyboard with the grid's single tab stop;
 * rows 0…rowCount-1 are data rows.
 */

/** The focused cell: `row` -1 is the header row. */
export interface GridCell {
  row: number;
  column: number;
}

/** What a key press knows about the grid. */
export interface GridFocusBounds {
  rowCount: number;
  columnCount: number;
  /** Rows moved by PageUp / PageDown (the rows on screen). */
  pageSize: number;
  /**
   * Right-to-left reading: ArrowLeft moves to the next column.
   * @default 'ltr'
   */
  direction?: 'ltr' | 'rtl';
}

/** The modifier keys a move looks at. */
export interface GridKey {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** Brings a cell back inside the grid (after rows were removed, say). */
export function clampCell(
  cell: GridCell,
  bounds: Pick<GridFocusBounds, 'rowCount' | 'columnCount'>,
): GridCell {
  return {
    row: clamp(cell.row, -1, bounds.rowCount - 1),
    column: clamp(cell.column, 0, Math.max(bounds.columnCount - 1, 0)),
  };
}

/**
 * The cell focused after `key`, or `null` when the key is not a grid move (the caller then leaves the
 * event alone). The result is always inside [-1, rowCount) × [0, columnCount).
 */
export function moveFocus(cell: GridCell, key: GridKey, bounds: GridFocusBounds): GridCell | null {
  const lastRow = bounds.rowCount - 1;
  const lastColumn = Math.max(bounds.columnCount - 1, 0);
  const page = Math.max(1, Math.floor(bounds.pageSize));
  const from = clampCell(cell, bounds);
  const ctrl = Boolean(key.ctrlKey || key.metaKey);
  const forward = bounds.direction === 'rtl' ? -1 : 1;
  // PageUp stops at the first data row, not the header: the header is one ArrowUp further.
  const firstPageRow = from.row >= 0 && lastRow >= 0 ? 0 : -1;
  switch (key.key) {
    case 'ArrowDown':
      return { ...from, row: clamp(from.row + 1, -1, lastRow) };
    case 'ArrowUp':
      return { ...from, row: clamp(from.row - 1, -1, lastRow) };
    case 'ArrowRight':
      return { ...from, column: clamp(from.column + forward, 0, lastColumn) };
    case 'ArrowLeft':
      return { ...from, column: clamp(from.column - forward, 0, lastColumn) };
    case 'Home':
      return ctrl ? { row: lastRow >= 0 ? 0 : -1, column: 0 } : { ...from, column: 0 };
    case 'End':
      return ctrl ? { row: lastRow, column: lastColumn } : { ...from, column: lastColumn };
    case 'PageDown':
      return { ...from, row: clamp(from.row + page, -1, lastRow) };
    case 'PageUp':
      return { ...from, row: clamp(from.row - page, firstPageRow, lastRow) };
    default:
      return null;
  }
}
