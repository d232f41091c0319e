import { type ConditionDialect, dialectFiltersSql, type KindedFilter } from './record-conditions';

export type { KindedCondition, KindedFilter } from './record-conditions';
export { asciiLower, likeEscape } from './record-conditions';

/** SQLite's JSON functions: `json_extract` gives a number for a JSON number, 1/0 for a boolean. */
export const SQLITE_CONDITIONS: ConditionDialect = {
  path: (parts) => `$.${parts.join('.')}`,
  value: (column, path) => `json_extract(${column}, ${path})`,
  text: (column, path) => `json_extract(${column}, ${path})`,
  isNumber: (column, path) => `json_type(${column}, ${path}) IN ('integer', 'real')`,
  false: '0',
  inList: (x, param) => `${x} IN (SELECT value FROM json_each(${param}))`,
  equals: (column, path, param) => `json_extract(${column}, ${path}) = ${param}`,
  equalsValue: (value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value),
};

/** The filters as SQL terms (each one and-ed with the rest of the search) and their parameters. */
export function filtersSql(
  filters: readonly KindedFilter[],
  column: string,
): { terms: string[]; params: Record<string, string | number> } {
  return dialectFiltersSql(SQLITE_CONDITIONS, filters, column) as {
    terms: string[];
    params: Record<string, string | number>;
  };
}
