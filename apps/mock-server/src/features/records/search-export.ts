import { csvCell, csvLine, type FieldValue, flattenElements } from '@procedo/client-api';
import type { FormsService } from '../forms/forms-service';
import type { AuthContext } from '../session/session-service';
import { type SearchPageQuery, searchRecordsPage } from './record-search';
import { CursorParam } from './search-cursor';

export { csvCell, csvLine };

/** Rows read per keyset page of an export: the memory an export holds, whatever the result's size. */
export const EXPORT_PAGE_ROWS = 500;

/** The text a cell shows: a picker's text, a file's name, `true`/`false`, nothing for no value. */
export function cellText(value: FieldValue | undefined): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object')
    return 'Text' in value ? value.Text : 'FileName' in value ? value.FileName : '';
  return String(value);
}

/** An export of a search's current view: its file name, header and rows page by page. */
export interface SearchExport {
  fileName: string;
  /** Captions of the result columns the user may see, in the form's order. */
  header: string[];
  /** Lines of rows, one keyset page at a time; the first page is already read (and checked). */
  pages: AsyncGenerator<string[][]>;
}

/**
 * `GET forms/{no}/search/export.csv`: the rows of the search's current view (text, sort, conditions,
 * Timepoint) as the grid shows them — only the visible result columns. The query is checked and the
 * first page read before this returns, so a wrong query is a 400 rather than a broken file.
 */
export async function exportSearch(
  forms: FormsService,
  auth: AuthContext,
  webTemplateNo: number,
  query: Omit<SearchPageQuery, 'after' | 'limit' | 'count'>,
): Promise<SearchExport> {
  const { definition, columns } = await forms.openForm(auth, webTemplateNo, query.atIso);
  const results = flattenElements(definition).find((element) => element.Kind === 'results');
  const shown = results?.Kind === 'results' ? results.Columns.filter((c) => columns?.has(c.Name)) : [];
  const read = (after?: string) =>
    searchRecordsPage(forms, auth, webTemplateNo, {
      ...query,
      count: false,
      limit: EXPORT_PAGE_ROWS,
      ...(after ? { after: CursorParam.parse(after) } : {}),
    });
  const first = await read();
  const lines = (page: typeof first) =>
    page.Rows.map((row) => shown.map((column) => cellText(row.Values[column.Name])));
  async function* pages(): AsyncGenerator<string[][]> {
    let page = first;
    yield lines(page);
    while (page.NextCursor) {
      page = await read(page.NextCursor);
      yield lines(page);
    }
  }
  return {
    fileName: `${definition.Name.replace(/[^A-Za-z0-9_-]/g, '_')}.csv`,
    header: shown.map((column) => column.Caption),
    pages: pages(),
  };
}
