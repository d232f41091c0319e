import type {
  FieldValues,
  RecordsApi,
  SearchCondition,
  SearchFilter,
  TimepointInput,
  ValueElement,
} from '@procedo/client-api';
import type { CursorPage, CursorPageRequest } from '../grid/cursor-source';
import type { SearchRow } from '../grid/SearchResultsGrid';
import { searchFilters } from './search-filters';

/**
 * A search form's criteria as conditions of the grid's query: what the user typed into a text
 * field is contained in the column, a number, date, choice or ticked box equals it, a picked record
 * is that record (its `Id`). Empty criteria and unticked boxes mean "any" and give no condition;
 * a value of a field the form does not have is left out (the server would refuse it).
 */
export function criteriaConditions(
  values: FieldValues,
  elements: ReadonlyMap<string, ValueElement>,
): SearchCondition[] {
  const conditions: SearchCondition[] = [];
  for (const [name, value] of Object.entries(searchFilters(values))) {
    const element = elements.get(name);
    if (!element || value === null) continue;
    switch (element.Kind) {
      case 'text':
      case 'textarea':
      case 'phone':
      case 'brackets':
        conditions.push({ Field: name, Op: 'contains', Value: String(value) });
        break;
      case 'picker':
        if (typeof value === 'object' && 'Id' in value)
          conditions.push({ Field: name, Op: 'equals', Value: value.Id });
        break;
      case 'file':
        break;
      default:
        conditions.push({ Field: name, Op: 'equals', Value: String(value) });
    }
  }
  return conditions;
}

/**
 * The criteria and the grid's own conditions in one `and` group. An `or` group of the grid cannot
 * join the criteria in one group: that is refused with a message rather than widened or narrowed.
 */
export function withCriteria(criteria: SearchFilter | null, where: SearchFilter | null): SearchFilter | null {
  if (!criteria) return where;
  if (!where) return criteria;
  if (where.Combine === 'or' && where.Conditions.length > 1)
    throw new RangeError(
      'An "or" filter cannot be combined with search criteria: clear the criteria or save the filter.',
    );
  return { Combine: 'and', Conditions: [...criteria.Conditions, ...where.Conditions] };
}

/** What a search grid's pages are asked with besides the grid's own sort and column filters. */
export interface SearchPageScope {
  /** The search form's criteria, as conditions ({@link criteriaConditions}). */
  criteria: readonly SearchCondition[];
  /** Saved filters picked for the grid (the filter editor's ids). */
  filterIds?: readonly number[];
  /** The rows as they were at this instant. */
  timepoint?: TimepointInput | null;
  /** Datasource columns the rows also carry, beyond the result list's (issue 16). */
  columns?: readonly string[];
}

/**
 * The `fetchPage` of a {@link SearchResultsGrid} over the v1 keyset search of one search form,
 * its criteria, saved filters and timepoint bound. Make a new one for a new search.
 */
export function searchPageFetcher(
  api: Pick<RecordsApi, 'searchPage'>,
  webTemplateNo: number,
  scope: SearchPageScope,
): (request: CursorPageRequest) => Promise<CursorPage<SearchRow>> {
  const criteria: SearchFilter | null =
    scope.criteria.length > 0 ? { Combine: 'and', Conditions: [...scope.criteria] } : null;
  return async (request) =>
    api.searchPage(webTemplateNo, {
      sort: request.sort,
      where: withCriteria(criteria, request.where),
      ...(request.after ? { after: request.after } : {}),
      limit: request.limit,
      count: request.count ? 'exact' : 'none',
      ...(scope.filterIds && scope.filterIds.length > 0 ? { filterIds: scope.filterIds } : {}),
      ...(scope.timepoint ? { timepoint: scope.timepoint } : {}),
      ...(scope.columns && scope.columns.length > 0 ? { columns: scope.columns } : {}),
      signal: request.signal,
    });
}
