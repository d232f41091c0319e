import type { GridPage, GridPageRequest, GridRowSource } from './grid-state';

/** A row of the test and story data: an id and ten columns. */
export interface SampleRow {
  id: string;
  n: number;
  name: string;
  [column: string]: string | number;
}

/** `count` rows, `c0`…`c7` derived from the index so any row can be checked without storing it twice. */
export function sampleRows(count: number): SampleRow[] {
  return Array.from({ length: count }, (_, n) => {
    const row: SampleRow = { id: `r${n}`, n, name: `Row ${String(n).padStart(6, '0')}` };
    for (let c = 0; c < 8; c++) row[`c${c}`] = (n * (c + 7)) % 1000;
    return row;
  });
}

/**
 * An in-memory row source over `rows`, sorted by the request's sort (a stable copy per sort) and
 * answering the total when asked.
 */
export function memorySource(
  rows: readonly SampleRow[],
  options: { onRequest?: (request: GridPageRequest) => void } = {},
): GridRowSource<SampleRow> {
  let sortedFor = '';
  let sorted: readonly SampleRow[] = rows;
  return {
    loadPage(start, count, request): Promise<GridPage<SampleRow>> {
      options.onRequest?.(request);
      const key = request.sort ? `${request.sort.Field}:${request.sort.Direction}` : '';
      if (key !== sortedFor) {
        sortedFor = key;
        const sort = request.sort;
        sorted = sort
          ? [...rows].sort((a, b) => {
              const x = a[sort.Field] as string | number;
              const y = b[sort.Field] as string | number;
              const order = x < y ? -1 : x > y ? 1 : a.n - b.n;
              return sort.Direction === 'asc' ? order : -order;
            })
          : rows;
      }
      const page = sorted.slice(start, start + count);
      return Promise.resolve({
        rows: page,
        hasMore: start + count < sorted.length,
        ...(request.withTotal ? { total: sorted.length } : {}),
      });
    },
  };
}
