import {
  type ApiIssue,
  type DatasourceColumn,
  type FormDefinition,
  filterProblems,
  type SearchFilter,
  type SearchSort,
  type ValueElement,
} from '@procedo/client-api';
import { columnElement } from '../datasources/datasource-read';
import { validationFailure } from '../forms/form-errors';
import type { PermissionMap } from '../forms/forms-service';
import { valueElements } from './record-writes';
import type { KindedFilter, SearchPageOptions } from './records-store';
import type { SearchCursor } from './search-cursor';
import { sortKindOf } from './search-sort';

/**
 * The fields a user may sort and filter a search by: the search form's value elements they see
 * and its result columns they see (`columns`, already cut to what the opened form shows them),
 * each with its element kind — from the search form, else from the form the rows open. A field
 * hidden on either form is simply not here, so it is refused exactly like an unknown one.
 */
export function searchableFields(
  definition: FormDefinition,
  permissions: PermissionMap,
  columns: ReadonlySet<string> | null,
  opened: { definition: FormDefinition; permissions: PermissionMap } | null,
  /** The entity's datasource columns (issue 16): searchable too, unless hidden on the search form. */
  datasource: readonly DatasourceColumn[] = [],
): Map<string, ValueElement> {
  const own = valueElements(definition);
  const target = opened ? valueElements(opened.definition) : new Map<string, ValueElement>();
  const fields = new Map<string, ValueElement>();
  for (const [name, element] of own) if (!permissions.get(name)?.hidden) fields.set(name, element);
  for (const name of columns ?? []) {
    const element = own.get(name) ?? target.get(name);
    // A column with no element anywhere is shown as text.
    fields.set(name, element ?? { Kind: 'text', Name: name, Label: name });
  }
  for (const column of datasource) {
    if (fields.has(column.Name) || permissions.get(column.Name)?.hidden) continue;
    fields.set(column.Name, columnElement(column, own, target));
  }
  // A value hidden on the form the rows open is hidden here too: no sorting or filtering by it.
  for (const name of [...fields.keys()]) if (opened?.permissions.get(name)?.hidden) fields.delete(name);
  return fields;
}

/** The text form of a sort in a cursor (`Field`, `-Field`); none for title order. */
export const sortSignature = (sort: SearchSort | null | undefined) =>
  sort ? `${sort.Direction === 'desc' ? '-' : ''}${sort.Field}` : undefined;

const refused = (path: (string | number)[], message: string): ApiIssue => ({
  code: 'invalid_filter',
  path,
  message,
});

/**
 * The sort, `where` and saved filters of a keyset request, checked against the fields the user
 * may search, and the cursor checked against the sort it claims: 400 VALIDATION naming the part
 * (`sort`, `where`, `filterIds`, `after`) otherwise.
 */
export function checkSearchQuery(
  fields: ReadonlyMap<string, ValueElement>,
  query: {
    sort?: SearchSort | null | undefined;
    where?: SearchFilter | null | undefined;
    extraFilters?: readonly SearchFilter[] | undefined;
    after?: SearchCursor | undefined;
  },
): Pick<SearchPageOptions, 'sort' | 'conditions' | 'after'> {
  const issues: ApiIssue[] = [];
  let sort: SearchPageOptions['sort'] = null;
  if (query.sort) {
    const element = fields.get(query.sort.Field);
    if (element) {
      sort = { name: element.Name, kind: sortKindOf(element.Kind), direction: query.sort.Direction };
    } else issues.push(refused(['sort'], 'This column cannot be sorted.'));
  }
  const conditions: KindedFilter[] = [];
  const check = (filter: SearchFilter, path: (string | number)[]) => {
    for (const problem of filterProblems(filter, fields))
      issues.push(refused([...path, 'Conditions', problem.index], problem.message));
    conditions.push({
      Combine: filter.Combine,
      Conditions: filter.Conditions.map((condition) => ({
        ...condition,
        kind: fields.get(condition.Field)?.Kind ?? 'text',
      })),
    });
  };
  if (query.where) check(query.where, ['where']);
  for (const [index, filter] of (query.extraFilters ?? []).entries()) check(filter, ['filterIds', index]);
  if (query.after && issues.length === 0) {
    const { key } = query.after;
    const numeric = sort?.kind === 'number' || sort?.kind === 'checkbox';
    const fits = !sort
      ? typeof key === 'string'
      : key === null || (numeric ? typeof key === 'number' : typeof key === 'string');
    if (!fits || query.after.sort !== sortSignature(query.sort))
      issues.push(refused(['after'], 'Use the NextCursor of the previous page of this sort.'));
  }
  if (issues.length > 0) throw validationFailure(issues);
  return { sort, conditions, after: query.after ? { key: query.after.key, id: query.after.id } : null };
}
