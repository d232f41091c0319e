import './t0';
import {
  createColumnHelper,
  createSortedRowModel,
  rowSortingFeature,
  sortFn_basic,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { type BenchRow, COLUMNS, ROW_HEIGHT, ROWS, SORT_COLUMN } from './data';
import { firstVisibleCell } from './first-visible';
import { reportWhenRendered } from './report';

// The peer a React developer would otherwise pick for a headless grid: TanStack Table 9 with
// TanStack Virtual 3, written as its virtualised-rows example writes it (its markup is the app's).
const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { basic: sortFn_basic },
});
const helper = createColumnHelper<typeof features, BenchRow>();
const columns = helper.columns(
  COLUMNS.map((column) => helper.accessor(column.key, { header: column.caption, sortFn: 'basic' })),
);

function TanStackGrid() {
  const table = useTable({ features, columns, data: ROWS as BenchRow[] });
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = table.getRowModel().rows;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 5,
  });
  return (
    <div ref={scrollRef} className="scroller" id="scroller">
      <table style={{ display: 'grid', borderCollapse: 'collapse' }}>
        <thead className="head" style={{ display: 'grid' }}>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} className="row">
              {group.headers.map((header) => (
                <th key={header.id} className="cell" style={{ display: 'block' }}>
                  <button
                    type="button"
                    id={`sort-${header.column.id}`}
                    onClick={header.column.getToggleSortingHandler()}
                  >
                    <table.FlexRender header={header} />
                  </button>
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody style={{ display: 'grid', height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]!;
            return (
              <tr
                key={row.id}
                className="row"
                style={{
                  display: 'flex',
                  position: 'absolute',
                  transform: `translateY(${item.start}px)`,
                  width: '100%',
                }}
              >
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className="cell" data-col={cell.column.id}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

reportWhenRendered('tanstack', 'tbody td', () => ({
  scroller: document.getElementById('scroller')!,
  sortControl: document.getElementById(`sort-${SORT_COLUMN}`)!,
  firstProduct: () => firstVisibleCell(document.getElementById('scroller')!, `[data-col="${SORT_COLUMN}"]`),
}));
createRoot(document.getElementById('root')!).render(<TanStackGrid />);
