import './t0';
import { createRoot } from 'react-dom/client';
import { DataGrid, type DataGridColumn } from '../../../packages/forms-react/src/grid/DataGrid';
import { createGridStore, type GridRowSource } from '../../../packages/forms-react/src/grid/grid-state';
import { type BenchRow, COLUMNS, ROW_HEIGHT, ROWS, SORT_COLUMN, sortRows, VIEW_HEIGHT } from './data';
import { firstVisibleCell } from './first-visible';
import { reportWhenRendered } from './report';

// Our grid over an in-memory source: the whole ARIA grid (keyboard model, aria-rowindex, one tab
// stop), pages served from the array, a sort done once per column and direction.
const sorted = new Map<string, readonly BenchRow[]>([['', ROWS]]);
const source: GridRowSource<BenchRow> = {
  async loadPage(start, count, { sort }) {
    const key = sort ? `${sort.Field}:${sort.Direction}` : '';
    let rows = sorted.get(key);
    if (!rows) {
      rows = sortRows(ROWS, (sort?.Field ?? 'id') as keyof BenchRow, sort?.Direction === 'desc');
      sorted.set(key, rows);
    }
    return {
      rows: rows.slice(start, start + count),
      hasMore: start + count < rows.length,
      total: rows.length,
    };
  },
};
const grid = createGridStore<BenchRow>({
  source,
  getRowKey: (row) => row.id,
  columnCount: COLUMNS.length,
  withTotal: true,
});
const columns: DataGridColumn<BenchRow>[] = COLUMNS.map((column) => ({
  key: column.key,
  header: column.caption,
  isSortable: true,
  width: '120px',
}));

reportWhenRendered('procedo', '[role="gridcell"]', () => {
  const gridElement = document.querySelector<HTMLElement>('[role="grid"]')!;
  const index = COLUMNS.findIndex((column) => column.key === SORT_COLUMN);
  const header = gridElement.querySelectorAll<HTMLElement>('[role="columnheader"]')[index]!;
  return {
    scroller: findScroller(gridElement),
    sortControl: header,
    firstProduct: () =>
      firstVisibleCell(findScroller(gridElement), `[role="gridcell"][aria-colindex="${index + 1}"]`),
  };
});
createRoot(document.getElementById('root')!).render(
  <DataGrid grid={grid} columns={columns} aria-label="Batches" rowHeight={ROW_HEIGHT} height={VIEW_HEIGHT} />,
);

/** The element that scrolls the rows: the grid itself or its nearest scrolling ancestor. */
function findScroller(element: HTMLElement): HTMLElement {
  for (let node: HTMLElement | null = element; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll') return node;
  }
  return element;
}
