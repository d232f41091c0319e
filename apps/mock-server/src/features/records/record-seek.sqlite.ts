import type { SqliteDatabase } from '../../db/sqlite';
import { SQLITE_CONDITIONS } from './record-conditions.sqlite';
import { type SearchDialect, SearchTimeLimitError } from './record-seek';
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
  // One row in 256 (by record id) calls search_tick: a call into JavaScript costs about a
  // microsecond, as much as reading the row.
  tick: (id) => `((${id} & 255) != 0 OR search_tick(${id}))`,
};

/** When the statement running on a connection must stop (`performance.now()`), and its limit. */
interface SearchClock {
  deadline: number;
  limitMs: number;
}

const clocks = new WeakMap<SqliteDatabase, SearchClock>();

/**
 * The time limit of search statements on a connection: better-sqlite3 runs a statement on
 * the event loop's thread and offers no progress handler, so a search few rows match (every batch
 * read to fill a page, seconds at a million) would hold up every request. Its statements read
 * `search_tick(record_id)` before their conditions for each row whose record id is a multiple of
 * 256 (`SQLITE_SEARCH.tick`); past the deadline it throws {@link SearchTimeLimitError}, which ends
 * the statement. `run` runs `work` under the limit; a tick outside `run` never throws.
 */
export function searchClock(db: SqliteDatabase) {
  let clock = clocks.get(db);
  if (!clock) {
    const state: SearchClock = { deadline: Number.POSITIVE_INFINITY, limitMs: 0 };
    db.function('search_tick', { deterministic: false, directOnly: true }, (_recordId: unknown) => {
      if (performance.now() > state.deadline) throw new SearchTimeLimitError(state.limitMs);
      return 1;
    });
    clocks.set(db, state);
    clock = state;
  }
  const state = clock;
  return {
    run<T>(limitMs: number, work: () => T): T {
      state.deadline = performance.now() + limitMs;
      state.limitMs = limitMs;
      try {
        return work();
      } finally {
        state.deadline = Number.POSITIVE_INFINITY;
      }
    },
  };
}
