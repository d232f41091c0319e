/** 100,000 rows × 10 columns, the same on every page and every run (a seeded generator). */
export const ROW_COUNT = Number(new URLSearchParams(location.search).get('rows') ?? 100_000);
export const ROW_HEIGHT = 32;
export const VIEW_HEIGHT = 640;

export interface BenchRow {
  id: string;
  c0: string;
  c1: number;
  c2: string;
  c3: string;
  c4: number;
  c5: string;
  c6: string;
  c7: number;
  c8: string;
  c9: string;
}

export const COLUMNS: readonly { key: keyof BenchRow & `c${number}`; caption: string }[] = [
  { key: 'c0', caption: 'Batch' },
  { key: 'c1', caption: 'Quantity' },
  { key: 'c2', caption: 'Product' },
  { key: 'c3', caption: 'Supplier' },
  { key: 'c4', caption: 'Yield' },
  { key: 'c5', caption: 'Released' },
  { key: 'c6', caption: 'Status' },
  { key: 'c7', caption: 'Line' },
  { key: 'c8', caption: 'Site' },
  { key: 'c9', caption: 'Owner' },
];

const WORDS = ['Alpha', 'Nordic', 'Steel', 'Polymer', 'Acme', 'Delta', 'Orion', 'Vector', 'Helix', 'Zenith'];
const STATUS = ['Open', 'Released', 'Quarantine', 'Rejected'];

function makeRows(count: number): BenchRow[] {
  let seed = 42;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    return seed;
  };
  const rows: BenchRow[] = new Array(count);
  for (let i = 0; i < count; i++) {
    rows[i] = {
      id: String(i + 1),
      c0: `B${String(240_000 + i)}`,
      c1: next() % 10_000,
      c2: `${WORDS[next() % 10]} ${WORDS[next() % 10]} ${next() % 100}`,
      c3: `${WORDS[next() % 10]} Supplies`,
      c4: (next() % 1000) / 10,
      c5: `2026-${String((next() % 12) + 1).padStart(2, '0')}-${String((next() % 28) + 1).padStart(2, '0')}`,
      c6: STATUS[next() % 4] ?? 'Open',
      c7: next() % 40,
      c8: `Site ${next() % 9}`,
      c9: `user${next() % 500}`,
    };
  }
  return rows;
}

export const ROWS = makeRows(ROW_COUNT);
/** When the rows existed: first-rows times are measured from here, so they are the grid's own. */
export const dataReady = performance.now();

/** The sort the benchmark asks for: by the Product column, ascending. */
export const SORT_COLUMN = 'c2';
export function sortRows(rows: readonly BenchRow[], key: keyof BenchRow, descending = false): BenchRow[] {
  const sign = descending ? -1 : 1;
  return [...rows].sort((a, b) => (a[key] < b[key] ? -sign : a[key] > b[key] ? sign : 0));
}
