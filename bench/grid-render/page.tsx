// The page grid-bench.mjs loads: DataGrid over 100,000 × 10 in-memory rows, and a plain windowed
// list of the same rows as the baseline. Everything runs on window.bench so the bench drives it.
import { createRoot, type Root } from 'react-dom/client';
import { createArrayRowSource } from '../../packages/forms-react/src/grid/array-source';
import { DataGrid, type DataGridColumn } from '../../packages/forms-react/src/grid/DataGrid';
import { createGridStore, type GridRowSource } from '../../packages/forms-react/src/grid/grid-state';
import { computeWindow } from '../../packages/forms-react/src/grid/windowing';

type Row = Record<string, string | number>;
const COLUMNS = 10;
const ROWS: Row[] = Array.from({ length: 100_000 }, (_, n) => {
  const row: Row = { id: `r${n}`, c0: `Row ${String((n * 7919 + 1) % 100_000).padStart(6, '0')}` };
  for (let c = 1; c < COLUMNS; c++) row[`c${c}`] = (n * (c + 7)) % 1000;
  return row;
});
const columns: DataGridColumn<Row>[] = Array.from({ length: COLUMNS }, (_, c) => ({
  key: `c${c}`,
  header: `Column ${c}`,
  isSortable: true,
}));

/** The baseline in-memory source: every row sorted at once per sort, then sliced. */
function fullSortSource(): GridRowSource<Row> {
  let key = '';
  let sorted: readonly Row[] = ROWS;
  return {
    loadPage(start, count, { sort, withTotal }) {
      const next = sort ? `${sort.Field}:${sort.Direction}` : '';
      if (next !== key) {
        key = next;
        sorted = sort
          ? [...ROWS].sort((a, b) => {
              const x = a[sort.Field] as string | number;
              const y = b[sort.Field] as string | number;
              const order = x < y ? -1 : x > y ? 1 : 0;
              return sort.Direction === 'asc' ? order : -order;
            })
          : ROWS;
      }
      return Promise.resolve({
        rows: sorted.slice(start, start + count),
        hasMore: start + count < sorted.length,
        ...(withTotal ? { total: sorted.length } : {}),
      });
    },
  };
}

function Plain() {
  const w = computeWindow({
    scrollTop: 0,
    viewportHeight: 568,
    rowHeight: 32,
    rowCount: ROWS.length,
    overscan: 5,
  });
  const rows = ROWS.slice(w.start, w.end);
  return (
    <div style={{ height: 600, overflow: 'auto' }}>
      <div style={{ height: w.totalHeight, position: 'relative' }}>
        {rows.map((row, i) => (
          <div
            key={row.id}
            data-plain-row
            style={{ position: 'absolute', top: (w.start + i) * 32, height: 32, display: 'flex' }}
          >
            {columns.map((c) => (
              <div key={c.key} style={{ flex: 1 }}>
                {row[c.key]}
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

const host = document.getElementById('root') as HTMLElement;
let root: Root | null = null;
const until = (check: () => boolean) =>
  new Promise<void>((resolve) => {
    if (check()) return resolve();
    const observer = new MutationObserver(() => {
      if (check()) {
        observer.disconnect();
        resolve();
      }
    });
    observer.observe(host, { subtree: true, childList: true, characterData: true, attributes: true });
  });
const firstRow = () => host.querySelector('[role="row"][aria-rowindex="2"]:not([data-loading])');

Object.assign(window, {
  bench: {
    reset() {
      root?.unmount();
      root = createRoot(host);
    },
    /** `array`: the package's createArrayRowSource; `full`: the baseline that sorts every row first. */
    async grid(kind: 'array' | 'full' = 'array') {
      const t0 = performance.now();
      const store = createGridStore<Row>({
        source: kind === 'array' ? createArrayRowSource(ROWS) : fullSortSource(),
        getRowKey: (r) => r.id as string,
        columnCount: COLUMNS,
        withTotal: true,
      });
      root?.render(<DataGrid grid={store} columns={columns} aria-label="Bench" height={600} />);
      await until(() => firstRow() !== null);
      return performance.now() - t0;
    },
    async plain() {
      const t0 = performance.now();
      root?.render(<Plain />);
      await until(() => host.querySelector('[data-plain-row]') !== null);
      return performance.now() - t0;
    },
    async sort() {
      const header = host.querySelector<HTMLElement>('[role="columnheader"][aria-colindex="1"]');
      const expected = [...ROWS].map((r) => r.c0 as string).sort()[0];
      const t0 = performance.now();
      header?.click();
      // Row 0 before the sort is not the smallest, so only the sorted page passes.
      await until(
        () =>
          header?.getAttribute('aria-sort') === 'ascending' &&
          firstRow()?.querySelector('[role="gridcell"]')?.textContent === expected,
      );
      return performance.now() - t0;
    },
    /** Time from a scroll event to the next macrotask (React's render of the new window included). */
    async renderPerScroll(count: number, step: number) {
      const scroller = host.querySelector<HTMLElement>('[role="grid"]') as HTMLElement;
      const times: number[] = [];
      for (let i = 0; i < count; i++) {
        const t0 = performance.now();
        scroller.scrollTop += step;
        scroller.dispatchEvent(new Event('scroll'));
        await new Promise((resolve) => setTimeout(resolve, 0));
        times.push(performance.now() - t0);
      }
      return times;
    },
    async scroll(frames: number, step: number) {
      const scroller = host.querySelector<HTMLElement>('[role="grid"]') as HTMLElement;
      const gaps: number[] = [];
      let last = performance.now();
      for (let i = 0; i < frames; i++) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const now = performance.now();
        gaps.push(now - last);
        last = now;
        scroller.scrollTop += step;
      }
      return gaps.slice(1);
    },
  },
});
