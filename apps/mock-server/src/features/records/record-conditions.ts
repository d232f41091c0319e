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

type Params = Record<string, unknown>;

/**
 * How one engine reads a field of a JSON values column, for the conditions below: the same
 * answers on both (a JSON number compares as a number, anything else as text; a JSON null or a
 * missing field is SQL NULL; text folds ASCII only). `column` is a column of our own SQL, `path`
 * a bound parameter (`@name`) holding {@link ConditionDialect.path}.
 */
export interface ConditionDialect {
  /** The value bound for a JSON path to `parts`. */
  path(parts: string[]): unknown;
  /** The field's value as a condition of its kind compares it. */
  value(column: string, path: string, kind: ValueElement['Kind']): string;
  /** The field's value as text (NULL when missing or null): what "empty" looks at. */
  text(column: string, path: string): string;
  /** Whether the field holds a JSON number. */
  isNumber(column: string, path: string): string;
  /** SQL false, for `coalesce(<comparison>, false)`. */
  readonly false: string;
  /** Whether `x` is one of the strings of the JSON array bound to `param`. */
  inList(x: string, param: string): string;
  /** Whether the field equals the plain value bound to `param` (the field filters of a search form). */
  equals(column: string, path: string, param: string): string;
  /** What {@link ConditionDialect.equals} binds for a filter's value. */
  equalsValue(value: string | number | boolean): unknown;
}

/**
 * One condition as SQL over the JSON values in `column`. Values and JSON paths are bound
 * parameters; only the parameter names (`@w…`) and fixed SQL are written into the text. A missing
 * value or an empty text is "empty", never equal to anything, and `notEquals` keeps it.
 */
function conditionSql(
  dialect: ConditionDialect,
  condition: KindedCondition,
  column: string,
  name: string,
  params: Params,
): string {
  const { kind, Op: op } = condition;
  const path = `@${name}p`;
  params[`${name}p`] = dialect.path(kind === 'picker' ? [condition.Field, 'Id'] : [condition.Field]);
  const raw = dialect.value(column, path, kind);
  const isText = kind === 'text' || kind === 'textarea' || kind === 'phone' || kind === 'brackets';
  const x = isText ? `lower(${raw})` : raw;
  const bind = (suffix: string, text: string | undefined) => {
    const value = text ?? '';
    params[`${name}${suffix}`] =
      kind === 'number' ? Number(value) : kind === 'checkbox' ? (value === 'true' ? 1 : 0) : value;
    if (isText) params[`${name}${suffix}`] = asciiLower(value);
    return `@${name}${suffix}`;
  };
  const empty = `coalesce(${dialect.text(column, path)}, '') = ''`;
  // Ordering compares only present values of the field's own type (a text is never "less than" a number).
  const present = kind === 'number' ? dialect.isNumber(column, path) : `NOT (${empty})`;
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
      return `NOT coalesce(${x} = ${bind('v', condition.Value)}, ${dialect.false})`;
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
      return dialect.inList(x, `@${name}v`);
  }
}

/** The filters as SQL terms of `dialect` (each one and-ed with the rest of the search) and their parameters. */
export function dialectFiltersSql(
  dialect: ConditionDialect,
  filters: readonly KindedFilter[],
  column: string,
): { terms: string[]; params: Params } {
  const params: Params = {};
  const terms = filters.map((filter, f) => {
    const parts = filter.Conditions.map((condition, i) =>
      conditionSql(dialect, condition, column, `w${f}_${i}`, params),
    );
    return `(${parts.join(filter.Combine === 'or' ? ' OR ' : ' AND ')})`;
  });
  return { terms, params };
}
