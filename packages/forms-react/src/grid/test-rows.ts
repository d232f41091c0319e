import { createArrayRowSource } from './array-source';
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

/** The package's array row source over `rows`, telling `onRequest` of each page request. */
export function memorySource(
  rows: readonly SampleRow[],
  options: { onRequest?: (request: GridPageRequest) => void } = {},
): GridRowSource<SampleRow> {
  const source = createArrayRowSource(rows);
  return {
    loadPage(start, count, request): Promise<GridPage<SampleRow>> {
      options.onRequest?.(request);
      return source.loadPage(start, count, request);
    },
  };
}
