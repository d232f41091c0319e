import type { SearchCondition, ValueElement } from '@procedo/client-api';

/** A condition of `where` with the kind of the field it names (looked up by the service). */
export interface KindedCondition extends SearchCondition {
  kind: ValueElement['Kind'];
}

/** Conditions combined with and/or, as the store receives them. */
export interface KindedFilter {
  Combine: 'and' | 'or';
  Conditions: readonly KindedCondition[];
}

/** Escapes `%`, `_` and `\\` for a LIKE with `ESCAPE '\\'`. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Folds like SQLite's `lower()`: ASCII letters only, so the bound value and the column fold alike. */
export const asciiLower = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

type Params = Record<string, string | number>;

/**
 * One condition as SQL over the JSON values in `column`. Values and JSON paths are bound
 * parameters; only the parameter names (`@w…`) and fixed SQL are written into the text. A missing
 * value or an empty text is "empty", never equal to anything, and `notEquals` keeps it.
 */
function conditionSql(condition: KindedCondition, column: string, name: string, params: Params): string {
  const { kind, Op: op } = condition;
  const path = `@${name}p`;
  params[`${name}p`] = kind === 'picker' ? `$.${condition.Field}.Id` : `$.${condition.Field}`;
  const raw = `json_extract(${column}, ${path})`;
  const isText = kind === 'text' || kind === 'textarea' || kind === 'phone' || kind === 'brackets';
  const x = isText ? `lower(${raw})` : raw;
  const bind = (suffix: string, text: string | undefined) => {
    const value = text ?? '';
    params[`${name}${suffix}`] =
      kind === 'number' ? Number(value) : kind === 'checkbox' ? (value === 'true' ? 1 : 0) : value;
    if (isText) params[`${name}${suffix}`] = asciiLower(value);
    return `@${name}${suffix}`;
  };
  const empty = `coalesce(${raw}, '') = ''`;
  // Ordering compares only present values of the field's own type (a text is never "less than" a number).
  const present =
    kind === 'number' ? `json_type(${column}, ${path}) IN ('integer', 'real')` : `NOT (${empty})`;
  switch (op) {
    case 'empty':
      return empty;
    case 'notEmpty':
      return `NOT (${empty})`;
    case 'contains':
      params[`${name}v`] = `%${likeEscape(asciiLower(condition.Value ?? ''))}%`;
      return `${x} LIKE @${name}v ESCAPE '\\'`;
    case 'equals':
      if (kind === 'checkbox') return `coalesce(${raw}, 0) = ${bind('v', condition.Value)}`;
      return `${x} = ${bind('v', condition.Value)}`;
    case 'notEquals':
      return `NOT coalesce(${x} = ${bind('v', condition.Value)}, 0)`;
    case 'lt':
      return `(${present} AND ${x} < ${bind('v', condition.Value)})`;
    case 'le':
      return `(${present} AND ${x} <= ${bind('v', condition.Value)})`;
    case 'gt':
      return `(${present} AND ${x} > ${bind('v', condition.Value)})`;
    case 'ge':
      return `(${present} AND ${x} >= ${bind('v', condition.Value)})`;
    case 'between':
      return `(${present} AND ${x} BETWEEN ${bind('v', condition.Value)} AND ${bind('w', condition.Value2)})`;
    case 'in':
      params[`${name}v`] = JSON.stringify(condition.Values ?? []);
      return `${x} IN (SELECT value FROM json_each(@${name}v))`;
  }
}

/** The filters as SQL terms (each one and-ed with the rest of the search) and their parameters. */
export function filtersSql(
  filters: readonly KindedFilter[],
  column: string,
): { terms: string[]; params: Params } {
  const params: Params = {};
  const terms = filters.map((filter, f) => {
    const parts = filter.Conditions.map((condition, i) =>
      conditionSql(condition, column, `w${f}_${i}`, params),
    );
    return `(${parts.join(filter.Combine === 'or' ? ' OR ' : ' AND ')})`;
  });
  return { terms, params };
}
