import { PG_CONDITIONS } from './record-conditions.pg';
import type { SearchDialect } from './record-seek';
import { pgSortExpression } from './search-sort.pg';

/** The searches on PostgreSQL: its JSON operators and sort expressions; its planner picks the period indexes. */
export const PG_SEARCH: SearchDialect = {
  conditions: PG_CONDITIONS,
  sortExpression: pgSortExpression,
  nodePeriods: (param) => `unnest(${param}::bigint[]) AS n(value) CROSS JOIN record_periods r`,
  nodes: (list) => list,
  titleWalk: 'record_periods r',
};
