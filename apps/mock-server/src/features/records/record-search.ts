import {
  ApiErrorCode,
  type ApiIssue,
  type FieldValues,
  flattenElements,
  type LeafElement,
  type SearchFilter,
  type SearchPage,
  type SearchSort,
  ValidationCode,
  type ValueElement,
} from '@procedo/client-api';
import { AppError } from '../../errors/app-error';
import { readDatasource } from '../datasources/datasource-read';
import { validationFailure } from '../forms/form-errors';
import type { FormsService } from '../forms/forms-service';
import type { AuthContext } from '../session/session-service';
import { SearchTimeLimitError } from './record-seek';
import { onlyVisible, valueElements } from './record-writes';
import type { RecordFilter } from './records-store';
import { encodeCursor, type SearchCursor } from './search-cursor';
import { checkSearchQuery, searchableFields, sortSignature } from './search-page-query';

/** A search-form request: the text, one page, and `{Name}` filters. */
export interface SearchQuery {
  text: string;
  page: number;
  pageSize?: number;
  filters: Record<string, string>;
  /** As the records were at this instant (ISO UTC). @default now */
  atIso?: string;
}

/** A keyset request: the text, `{Name}` filters, the cursor and whether to count. */
export interface SearchPageQuery {
  text: string;
  filters: Record<string, string>;
  /** The previous page's `NextCursor`, decoded; none for the first page. */
  after?: SearchCursor;
  /** @default the results element's `PageSize` */
  limit?: number;
  /** Run the capped count (`Total`, `TotalIsExact`); without it no count query runs. */
  count: boolean;
  /** A visible result column or field to order by (nulls last); none for title order. */
  sort?: SearchSort | null;
  /** Conditions on the visible fields (`where=`). */
  where?: SearchFilter | null;
  /**
   * More filters and-ed with `where`: the hook for saved filters (`filterIds=`), which the caller
   * resolves to their conditions; checked like `where`, their issues named `filterIds`.
   */
  extraFilters?: readonly SearchFilter[];
  /** As the records were at this instant (ISO UTC). @default now */
  atIso?: string;
  /**
   * Datasource columns (issue 16) the rows also carry, beyond the result list's: each must be a
   * column of the entity's datasource the user may search (400 at `['columns', i]` otherwise).
   */
  columns?: readonly string[];
}

/** One keyset page (the wire schema `SearchPageSchema` of client-api). */
export type SearchKeysetPage = SearchPage;

/** One page of search results. */
export interface SearchOffsetPage {
  Rows: { Id: number; Values: FieldValues }[];
  Page: number;
  PageSize: number;
  Total: number;
}

function searchFilter(element: ValueElement, raw: string): RecordFilter | ApiIssue {
  const issue = (message: string): ApiIssue => ({ code: 'invalid_filter', path: [element.Name], message });
  switch (element.Kind) {
    case 'text':
    case 'textarea':
    case 'phone':
    case 'brackets':
      return { name: element.Name, value: raw, mode: 'contains' };
    case 'number': {
      const value = Number(raw);
      return Number.isFinite(value)
        ? { name: element.Name, value, mode: 'equals' }
        : issue('Enter a number.');
    }
    case 'checkbox':
      return raw === 'true' || raw === 'false'
        ? { name: element.Name, value: raw === 'true', mode: 'equals' }
        : issue('Use true or false.');
    case 'picker':
      return { name: `${element.Name}.Id`, value: raw, mode: 'equals' };
    case 'file':
      return issue('Files cannot be searched.');
    default:
      return { name: element.Name, value: raw, mode: 'equals' };
  }
}

/**
 * `GET forms/{no}/search`: not deleted records of the form's entity, one page — as they are now,
 * or, with `atIso`, as they were then (their values then filtered and ordered; a record deleted
 * later is there, one created later is not).
 */
export async function searchRecords(
  forms: FormsService,
  auth: AuthContext,
  webTemplateNo: number,
  query: SearchQuery,
): Promise<SearchOffsetPage> {
  const {
    definition,
    filters,
    pageSize: defaultSize,
    shown,
  } = await searchForm(forms, auth, webTemplateNo, query.filters, query.atIso);
  const pageSize = query.pageSize ?? defaultSize;
  const { rows, total } = await auth.database.stores.records
    .search({
      entity: definition.Entity,
      text: query.text,
      filters,
      offset: query.page * pageSize,
      limit: pageSize,
      ...(query.atIso === undefined ? {} : { atIso: query.atIso }),
    })
    .catch(stoppedSearch);
  return {
    Rows: rows.map((row) => ({ Id: row.id, Values: shown(row.values) })),
    Page: query.page,
    PageSize: pageSize,
    Total: total,
  };
}

/**
 * `GET forms/{no}/search/page`: one keyset page of the same rows as {@link searchRecords}, after
 * the cursor, with the capped count only when asked for.
 */
export async function searchRecordsPage(
  forms: FormsService,
  auth: AuthContext,
  webTemplateNo: number,
  query: SearchPageQuery,
): Promise<SearchKeysetPage> {
  const { definition, filters, pageSize, shown, fields, datasource } = await searchForm(
    forms,
    auth,
    webTemplateNo,
    query.filters,
    query.atIso,
  );
  const searchable = await fields();
  const checked = checkSearchQuery(searchable, query);
  const extra = extraColumns(query.columns ?? [], datasource, searchable);
  const { rows, hasMore, count } = await auth.database.stores.records
    .searchPage({
      entity: definition.Entity,
      text: query.text,
      filters,
      ...checked,
      limit: query.limit ?? pageSize,
      count: query.count,
      ...(query.atIso === undefined ? {} : { atIso: query.atIso }),
    })
    .catch(stoppedSearch);
  const last = rows.at(-1);
  return {
    Rows: rows.map((row) => ({ Id: row.id, Values: shown(row.values, extra) })),
    NextCursor:
      hasMore && last
        ? encodeCursor({
            key: last.searchKey,
            id: last.id,
            ...(query.sort ? { sort: sortSignature(query.sort)! } : {}),
          })
        : null,
    HasMore: hasMore,
    Total: count?.total ?? null,
    TotalIsExact: count ? count.exact : null,
  };
}

/** The form's entity, its filters checked against its visible fields, its page size and result columns. */
async function searchForm(
  forms: FormsService,
  auth: AuthContext,
  webTemplateNo: number,
  raw: Record<string, string>,
  // The form as it was then: a search at a timepoint filters and shows the fields it had.
  atIso: string | undefined,
) {
  const { definition, permissions, visible, columns } = await forms.openForm(auth, webTemplateNo, atIso);
  const datasource = (await readDatasource(auth.database, definition.Entity, { atIso }))?.columns ?? [];
  const fields = valueElements(definition);
  const results = flattenElements(definition).find(
    (element): element is Extract<LeafElement, { Kind: 'results' }> => element.Kind === 'results',
  );
  const filters: RecordFilter[] = [];
  const issues: ApiIssue[] = [];
  for (const [name, value] of Object.entries(raw)) {
    const element = fields.get(name);
    if (!element || permissions.get(name)?.hidden) {
      issues.push({
        code: ValidationCode.unknownElement,
        path: [name],
        message: 'This form has no such field.',
      });
      continue;
    }
    if (value.trim() === '') continue;
    const filter = searchFilter(element, value);
    if ('mode' in filter) filters.push(filter);
    else issues.push(filter);
  }
  if (issues.length > 0) throw validationFailure(issues);
  return {
    definition,
    filters,
    pageSize: results?.PageSize ?? 25,
    /** The fields the user may sort and filter by (reads the form the rows open, for its kinds). */
    fields: async () => {
      const target = results?.OpenWebTemplateNo;
      const opened = target === undefined ? null : await forms.loadDefinition(auth.database, target, atIso);
      return searchableFields(
        definition,
        permissions,
        columns,
        opened && { definition: opened, permissions: await forms.permissionsOf(auth, opened) },
        datasource,
      );
    },
    datasource,
    // A row carries the result columns the user may see (a form without results its fields), and
    // the datasource columns asked for: the values come with the row already, nothing more is read.
    shown: (values: FieldValues, extra: ReadonlySet<string> = new Set()) =>
      onlyVisible(
        values,
        extra.size === 0 ? (columns ?? visible) : new Set([...(columns ?? visible), ...extra]),
      ),
  };
}

/** The datasource columns asked for, each one the user may search: 400 at `['columns', i]` otherwise. */
function extraColumns(
  asked: readonly string[],
  datasource: readonly { Name: string }[],
  searchable: ReadonlyMap<string, ValueElement>,
): Set<string> {
  const offered = new Set(datasource.map((column) => column.Name));
  const issues: ApiIssue[] = [];
  for (const [index, name] of asked.entries()) {
    if (!offered.has(name) || !searchable.has(name)) {
      issues.push({
        code: 'invalid_param',
        path: ['columns', index],
        message: 'The datasource has no such column.',
      });
    }
  }
  if (issues.length > 0) throw validationFailure(issues);
  return new Set(asked);
}

/** A search stopped at the time limit as the 422 the client shows; any other error as it is. */
export function stoppedSearch(error: unknown, message = searchTimeLimitMessage): never {
  if (!(error instanceof SearchTimeLimitError)) throw error;
  throw new AppError({ status: 422, code: ApiErrorCode.SearchTimeLimit, message: message(error.limitMs) });
}

/**
 * What a picker's search stopped at the time limit answers (422 `SEARCH_TIME_LIMIT`): a picker has
 * no conditions to add, only its text.
 */
export function pickerTimeLimitMessage(limitMs: number): string {
  const seconds = Math.round(limitMs / 100) / 10;
  return `The search was stopped after ${seconds} s before it found a match. Type more of the name (its beginning is found fastest) and search again.`;
}

/** What a search page stopped at the time limit answers (422 `SEARCH_TIME_LIMIT`). */
export function searchTimeLimitMessage(limitMs: number): string {
  const seconds = Math.round(limitMs / 100) / 10;
  return `The search was stopped after ${seconds} s before it found a page of rows. Narrow it with more conditions (a date or a status, for example) and search again.`;
}
