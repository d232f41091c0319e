import './t0';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { type BenchRow, COLUMNS, ROW_HEIGHT, ROWS, SORT_COLUMN, sortRows, VIEW_HEIGHT } from './data';
import { firstVisibleCell } from './first-visible';
import { reportWhenRendered } from './report';

// The floor: the least a virtualised table can do — fixed row height, the visible slice plus a few
// rows of overscan, absolute positions in a full-height spacer. No keyboard model, no ARIA grid.
const OVERSCAN = 5;

function PlainGrid() {
  const [rows, setRows] = useState<readonly BenchRow[]>(ROWS);
  const [top, setTop] = useState(0);
  const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((top + VIEW_HEIGHT) / ROW_HEIGHT) + OVERSCAN);
  const slice = [];
  for (let index = first; index < last; index++) {
    const row = rows[index];
    if (!row) break;
    slice.push(
      <div
        key={row.id}
        className="row"
        style={{ position: 'absolute', top: (index + 1) * ROW_HEIGHT, width: '100%' }}
      >
        {COLUMNS.map((column) => (
          <div key={column.key} className="cell" data-col={column.key}>
            {row[column.key]}
          </div>
        ))}
      </div>,
    );
  }
  return (
    <div className="scroller" id="scroller" onScroll={(event) => setTop(event.currentTarget.scrollTop)}>
      <div style={{ height: (rows.length + 1) * ROW_HEIGHT, position: 'relative' }}>
        <div className="row head">
          {COLUMNS.map((column) => (
            <button
              key={column.key}
              type="button"
              className="cell"
              id={`sort-${column.key}`}
              onClick={() => setRows(sortRows(ROWS, column.key))}
            >
              {column.caption}
            </button>
          ))}
        </div>
        {slice}
      </div>
    </div>
  );
}

reportWhenRendered('plain', '.row:not(.head) .cell', () => ({
  scroller: document.getElementById('scroller')!,
  sortControl: document.getElementById(`sort-${SORT_COLUMN}`)!,
  firstProduct: () => firstVisibleCell(document.getElementById('scroller')!, `[data-col="${SORT_COLUMN}"]`),
}));
createRoot(document.getElementById('root')!).render(<PlainGrid />);
