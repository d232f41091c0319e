import * as z from 'zod/mini';
import type { ValueElement } from '../forms/validate';
import { isIsoDate } from '../forms/validate';

/**
 * The search grid's query, written once for both sides of the wire: the conditions of a filter
 * (the grid's column filters, the filter editor's saved filters, a dashboard tile's rows), the sort,
 * and how they travel in a URL — the page's address (a view can be shared) and the v1 search API
 * take the same parameters.
 */

/** What a condition compares. `between` is inclusive at both ends; `in` is any of `Values`. */
export const SearchOperatorSchema = z.enum([
  'contains',
  'equals',
  'notEquals',
  'lt',
  'le',
  'gt',
  'ge',
  'between',
  'in',
  'empty',
  'notEmpty',
]);
export type SearchOperator = z.infer<typeof SearchOperatorSchema>;

const ConditionText = z.string().check(z.maxLength(500));

/**
 * One condition: a field (element name) of the search form, an operator and its value(s) as text
 * — numbers as written, dates `yyyy-MM-dd` (spec §9 filter date format), checkboxes `true`/`false`,
 * pickers the picked record's `Id`.
 */
export const SearchConditionSchema = z.strictObject({
  Field: z.string().check(z.minLength(1), z.maxLength(64)),
  Op: SearchOperatorSchema,
  /** The value; for `between` the lower end. Not used by `in`, `empty`, `notEmpty`. */
  Value: z.optional(ConditionText),
  /** The upper end of `between`. */
  Value2: z.optional(ConditionText),
  /** The values of `in`. */
  Values: z.optional(z.array(ConditionText).check(z.minLength(1), z.maxLength(100))),
});
export type SearchCondition = z.infer<typeof SearchConditionSchema>;

/** Conditions combined with and/or. */
export const SearchFilterSchema = z.strictObject({
  Combine: z.enum(['and', 'or']),
  Conditions: z.array(SearchConditionSchema).check(z.minLength(1), z.maxLength(20)),
});
export type SearchFilter = z.infer<typeof SearchFilterSchema>;

/** The grid's sort: one column, ascending or descending. */
export interface SearchSort {
  Field: string;
  Direction: 'asc' | 'desc';
}

/** Operators that make sense for each element kind (the filter editor offers these, the server accepts these). */
export function operatorsFor(kind: ValueElement['Kind']): readonly SearchOperator[] {
  switch (kind) {
    case 'text':
    case 'textarea':
    case 'phone':
    case 'brackets':
      return ['contains', 'equals', 'notEquals', 'empty', 'notEmpty'];
    case 'number':
    case 'date':
      return ['equals', 'notEquals', 'lt', 'le', 'gt', 'ge', 'between', 'empty', 'notEmpty'];
    case 'select':
      return ['equals', 'notEquals', 'in', 'empty', 'notEmpty'];
    case 'checkbox':
      return ['equals'];
    case 'picker':
      return ['equals', 'notEquals', 'in', 'empty', 'notEmpty'];
    case 'file':
      return ['empty', 'notEmpty'];
  }
}

/** Texts of the condition checks; a filter editor shows them on the condition they name. */
export const SearchConditionMessages = Object.freeze({
  unknownField: 'This field cannot be searched.',
  operator: 'This comparison does not apply to this field.',
  valueMissing: 'Enter a value.',
  number: 'Enter a number.',
  date: 'Enter a date as yyyy-MM-dd.',
  checkbox: 'Use true or false.',
  option: 'Choose one of the options.',
  range: 'The first value must not be greater than the second.',
});

function valueProblem(element: ValueElement, text: string): string | null {
  if (element.Kind === 'number')
    return Number.isFinite(Number(text)) && text.trim() !== '' ? null : SearchConditionMessages.number;
  if (element.Kind === 'date') return isIsoDate(text) ? null : SearchConditionMessages.date;
  if (element.Kind === 'checkbox')
    return text === 'true' || text === 'false' ? null : SearchConditionMessages.checkbox;
  if (element.Kind === 'select')
    return element.Options.some((option) => option.Value === text) ? null : SearchConditionMessages.option;
  return null;
}

/**
 * What is wrong with one condition for the field it names (`elements` are the fields the user may
 * search: visible value elements of the form), or `null` when it is fine.
 */
export function conditionProblem(
  condition: SearchCondition,
  elements: ReadonlyMap<string, ValueElement>,
): string | null {
  const element = elements.get(condition.Field);
  if (!element) return SearchConditionMessages.unknownField;
  if (!operatorsFor(element.Kind).includes(condition.Op)) return SearchConditionMessages.operator;
  switch (condition.Op) {
    case 'empty':
    case 'notEmpty':
      return null;
    case 'in': {
      if (!condition.Values || condition.Values.length === 0) return SearchConditionMessages.valueMissing;
      for (const value of condition.Values) {
        const problem = valueProblem(element, value);
        if (problem) return problem;
      }
      return null;
    }
    case 'between': {
      if (!condition.Value || !condition.Value2) return SearchConditionMessages.valueMissing;
      const problem = valueProblem(element, condition.Value) ?? valueProblem(element, condition.Value2);
      if (problem) return problem;
      const low = element.Kind === 'number' ? Number(condition.Value) : condition.Value;
      const high = element.Kind === 'number' ? Number(condition.Value2) : condition.Value2;
      return low > high ? SearchConditionMessages.range : null;
    }
    default:
      if (condition.Value === undefined || condition.Value === '')
        return SearchConditionMessages.valueMissing;
      return valueProblem(element, condition.Value);
  }
}

/** Every problem of a filter, by condition index (empty when it is fine). */
export function filterProblems(
  filter: SearchFilter,
  elements: ReadonlyMap<string, ValueElement>,
): { index: number; field: string; message: string }[] {
  const problems: { index: number; field: string; message: string }[] = [];
  filter.Conditions.forEach((condition, index) => {
    const message = conditionProblem(condition, elements);
    if (message) problems.push({ index, field: condition.Field, message });
  });
  return problems;
}

/** The grid's query as it travels in a URL (the page's address and the v1 search API alike). */
export interface SearchQueryParams {
  /** Free text over the title. */
  text?: string;
  sort?: SearchSort | null;
  /** The grid's column filters and ad-hoc conditions. */
  where?: SearchFilter | null;
  /** Saved filters picked for the grid (the filter editor's `EntityViewFilterIdList`), and-ed with `where`. */
  filterIds?: readonly number[];
}

/** URL parameter names of {@link SearchQueryParams}. */
export const SearchParamNames = Object.freeze({
  text: 'text',
  sort: 'sort',
  where: 'where',
  filterIds: 'filterIds',
});

/**
 * Writes the query into `params`: `sort=Field` or `sort=-Field` (descending), `where` as the
 * filter's JSON, `filterIds=1,2`. Empty parts are removed, so an address carries only what is set.
 */
export function writeSearchParams(params: URLSearchParams, query: SearchQueryParams): URLSearchParams {
  const set = (name: string, value: string | null) => (value ? params.set(name, value) : params.delete(name));
  set(SearchParamNames.text, query.text?.trim() ? query.text : null);
  set(
    SearchParamNames.sort,
    query.sort ? `${query.sort.Direction === 'desc' ? '-' : ''}${query.sort.Field}` : null,
  );
  set(
    SearchParamNames.where,
    query.where && query.where.Conditions.length > 0 ? JSON.stringify(query.where) : null,
  );
  set(
    SearchParamNames.filterIds,
    query.filterIds && query.filterIds.length > 0 ? query.filterIds.join(',') : null,
  );
  return params;
}

/** A parameter that could not be read, named so the message can say which. */
export interface SearchParamProblem {
  param: string;
  message: string;
}

const SORT_PATTERN = /^(-?)([A-Za-z_][A-Za-z0-9_.]{0,63})$/;
const IDS_PATTERN = /^[1-9][0-9]{0,15}(,[1-9][0-9]{0,15}){0,19}$/;

/**
 * Reads the query back from URL parameters. Malformed parts are reported, not guessed: an address
 * somebody edited by hand answers with what is wrong rather than with other rows.
 */
export function readSearchParams(params: URLSearchParams): {
  query: SearchQueryParams;
  problems: SearchParamProblem[];
} {
  const query: SearchQueryParams = {};
  const problems: SearchParamProblem[] = [];
  const text = params.get(SearchParamNames.text);
  if (text !== null && text !== '') query.text = text;
  const sort = params.get(SearchParamNames.sort);
  if (sort) {
    const match = SORT_PATTERN.exec(sort);
    if (match?.[2]) query.sort = { Field: match[2], Direction: match[1] ? 'desc' : 'asc' };
    else problems.push({ param: SearchParamNames.sort, message: 'Use sort=Field or sort=-Field.' });
  }
  const where = params.get(SearchParamNames.where);
  if (where) {
    let json: unknown;
    try {
      json = JSON.parse(where);
    } catch {
      json = undefined;
    }
    const parsed = SearchFilterSchema.safeParse(json);
    if (parsed.success) query.where = parsed.data;
    else problems.push({ param: SearchParamNames.where, message: 'The filter could not be read.' });
  }
  const ids = params.get(SearchParamNames.filterIds);
  if (ids) {
    if (IDS_PATTERN.test(ids)) query.filterIds = ids.split(',').map(Number);
    else problems.push({ param: SearchParamNames.filterIds, message: 'Use filter ids separated by commas.' });
  }
  return { query, problems };
}
