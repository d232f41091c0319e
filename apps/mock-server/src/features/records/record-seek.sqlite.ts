import { SQLITE_CONDITIONS } from './record-conditions.sqlite';
import type { SearchDialect } from './record-seek';
import { sortExpression } from './search-sort';

export type { SearchStatementKind, SearchStatementSpy } from './record-seek';

/**
 * The searches on SQLite: its JSON functions, its sort expressions, and the index each part of a
 * search at T must use, named (its planner does not find the interval-tree ranges by itself).
 */
export const SQLITE_SEARCH: SearchDialect = {
  conditions: SQLITE_CONDITIONS,
  sortExpression,
  nodePeriods: (param, index) => `json_each(${param}) n CROSS JOIN record_periods r INDEXED BY ${index}`,
  nodes: (list) => JSON.stringify(list),
  titleWalk: 'record_periods r INDEXED BY record_periods_by_key',
};
