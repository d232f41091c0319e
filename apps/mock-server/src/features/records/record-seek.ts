import { type ConditionDialect, dialectFiltersSql, likeEscape } from './record-conditions';
import { stabbingNodes } from './record-periods';
import type { RecordFilter, SearchPageOptions } from './records-store';
import { indexedConditionTerms, type SortKind } from './search-sort';

/** Bound values of a statement, by name (`@name` in its SQL). */
export type SearchParams = Record<string, unknown>;
/** Rows of a statement. */
export type SearchRows = Record<string, unknown>[];
/**
 * A search as the statements it runs: it yields each statement and is resumed with its rows. So one
 * plan serves both engines: SQLite runs it synchronously (no other request's write can come
 * between its statements, as before), PostgreSQL statement by statement in one transaction.
 */
export type SearchPlan<T> = Generator<SearchStatement, T, SearchRows>;

/** One statement of a plan and what it is (`kind`); each runs under the search time limit. */
export interface SearchStatement {
  sql: string;
  params: SearchParams;
  kind: SearchStatementKind;
}

/**
 * A search statement stopped at the search time limit (`PROCEDO_SEARCH_TIME_LIMIT_MS`): SQLite's
 * `search_tick` term or PostgreSQL's `statement_timeout`. A keyset count that hits it answers
 * "more than" what is known; a page (a picker's titles too) that hits it is answered 422
 * `SEARCH_TIME_LIMIT` (record-search.ts).
 */
export class SearchTimeLimitError extends Error {
  override name = 'SearchTimeLimitError';
  constructor(readonly limitMs: number) {
    super(`The search was stopped after ${limitMs} ms.`);
  }
}

/**
 * Runs a plan to its end with a synchronous statement runner. A statement that throws is thrown
 * into the plan, which may answer it (a count past the time limit) or let it through.
 */
export function runPlanSync<T>(plan: SearchPlan<T>, query: (statement: SearchStatement) => SearchRows): T {
  let step = plan.next(undefined as unknown as SearchRows);
  while (!step.done) {
    let rows: SearchRows;
    try {
      rows = query(step.value);
    } catch (error) {
      step = plan.throw(error);
      continue;
    }
    step = plan.next(rows);
  }
  return step.value;
}

/** Runs a plan to its end with an asynchronous statement runner (errors as {@link runPlanSync}). */
export async function runPlan<T>(
  plan: SearchPlan<T>,
  query: (statement: SearchStatement) => Promise<SearchRows>,
): Promise<T> {
  let step = plan.next(undefined as unknown as SearchRows);
  while (!step.done) {
    let rows: SearchRows;
    try {
      rows = await query(step.value);
    } catch (error) {
      step = plan.throw(error);
      continue;
    }
    step = plan.next(rows);
  }
  return step.value;
}

/** A statement a search ran: a page (or a total, or titles), a keyset page's capped count, or the bounded probe that picks a plan at T. */
export type SearchStatementKind = 'page' | 'count' | 'probe';
/** Sees each statement a keyset page runs (tests: which ran, and their query plans). */
export type SearchStatementSpy = (kind: SearchStatementKind, sql: string, params: SearchParams) => void;

/**
 * How a record store runs its searches, the same on both engines. Tests set a low `walkAtLeast` to
 * prove both plans of a search at T give the same rows, a low `countCap` to reach the cap, a low
 * `timeLimitMs` to reach the time limit, and `onStatement` to see which statements a keyset page ran.
 */
export interface SearchTuning {
  walkAtLeast?: number;
  countCap?: number | undefined;
  /** ms a search's statement may run (SQLite's `search_tick`, PostgreSQL's `statement_timeout`). */
  timeLimitMs?: number | undefined;
  onStatement?: SearchStatementSpy;
}

/**
 * What differs between the engines in the searches below: how a JSON field is read, the sort
 * expressions (the same text as each engine's sort indexes) and how the periods at the nodes of
 * the interval tree are joined (SQLite is told its index; PostgreSQL's planner picks it).
 */
export interface SearchDialect {
  conditions: ConditionDialect;
  sortExpression(kind: SortKind, name: string, column: string): string;
  /** The periods (`r`) registered at the nodes bound to `param`, each beside its node `n.value`. */
  nodePeriods(param: string, index: 'record_periods_left' | 'record_periods_right'): string;
  /** What a list of nodes is bound as. */
  nodes(list: number[]): unknown;
  /** The periods (`r`) walked in title order. */
  readonly titleWalk: string;
  /**
   * A term true for every row, evaluated for each row a search statement reads (`id` its record
   * id), that stops the statement at the time limit; none where the engine limits statements itself.
   */
  tick?(id: string): string;
}

/**
 * The text and field conditions of a search, shared by the offset and the keyset pages; field
 * conditions read the JSON values in `values` (a version's, or the current ones beside the pointer).
 */
export function searchConditions(
  dialect: SearchDialect,
  text: string,
  filters: RecordFilter[],
  values = 'v.values_json',
) {
  const key = text.trim().toLowerCase();
  const params: SearchParams = {};
  const onPeriod: string[] = [];
  if (key !== '') {
    onPeriod.push("r.search_key LIKE @like ESCAPE '\\'");
    params.like = `%${likeEscape(key)}%`;
  }
  const onValues: string[] = [];
  const { conditions } = dialect;
  filters.forEach((filter, i) => {
    // Field names are checked against the definition before they get here; the path is bound anyway.
    params[`path${i}`] = conditions.path([filter.name]);
    if (filter.mode === 'contains') {
      onValues.push(`lower(${conditions.text(values, `@path${i}`)}) LIKE @value${i} ESCAPE '\\'`);
      params[`value${i}`] = `%${likeEscape(String(filter.value).toLowerCase())}%`;
    } else {
      onValues.push(conditions.equals(values, `@path${i}`, `@value${i}`));
      params[`value${i}`] = conditions.equalsValue(filter.value);
    }
  });
  return { key, params, onPeriod, onValues };
}

/** The periods alive at T (bound as `@at`, `@left`, `@right`), through the interval tree (record-periods.ts). */
export function aliveSql(dialect: SearchDialect, conditions: string[]): string {
  const matching = conditions.map((condition) => `AND ${condition}`).join(' ');
  return `
      SELECT r.record_id, r.version, r.search_key
      FROM ${dialect.nodePeriods('@left', 'record_periods_left')}
      WHERE r.entity = @entity AND r.is_deleted = 0 AND r.node = n.value AND r.valid_to > @at ${matching}
      UNION ALL
      SELECT r.record_id, r.version, r.search_key
      FROM ${dialect.nodePeriods('@right', 'record_periods_right')}
      WHERE r.entity = @entity AND r.is_deleted = 0 AND r.node = n.value AND r.valid_from <= @at ${matching}`;
}

/** The bound values of {@link aliveSql} at `atIso`. */
export function aliveParams(dialect: SearchDialect, atIso: string): SearchParams {
  const { left, right } = stabbingNodes(atIso);
  return { at: atIso, left: dialect.nodes(left), right: dialect.nodes(right) };
}

const countOf = (rows: Record<string, unknown>[]) => Number(rows[0]?.n ?? 0);

/**
 * One offset page of current (or, at `atIso`, then current), not deleted records of `entity` in
 * title order, with the total: version rows.
 */
export function* offsetPage(
  dialect: SearchDialect,
  options: {
    entity: string;
    text: string;
    filters: RecordFilter[];
    offset: number;
    limit: number;
    atIso?: string | undefined;
  },
  walkAtLeast: number,
): SearchPlan<{ rows: SearchRows; total: number }> {
  const { entity, text, filters, offset, limit, atIso } = options;
  const conditions = searchConditions(dialect, text, filters);
  const { key, onPeriod, onValues } = conditions;
  const params: SearchParams = { ...conditions.params, entity, offset, limit };
  const page = 'LIMIT @limit OFFSET @offset';
  const order = 'ORDER BY r.search_key, r.record_id';
  // Under the search time limit, as a keyset page: its total counts every matching record.
  const tick = dialect.tick ? [dialect.tick('r.record_id')] : [];
  const limited = (sql: string): SearchStatement => ({ sql, params, kind: 'page' });

  if (atIso === undefined) {
    const where = ['r.entity = @entity', 'r.is_deleted = 0', ...tick, ...onPeriod].join(' AND ');
    const join = 'JOIN record_versions v ON v.record_id = r.record_id AND v.version = r.current_version';
    const from = `FROM records r ${join} WHERE ${[where, ...onValues].join(' AND ')}`;
    // The count reads the versions only when a filter looks into their values.
    const counted = onValues.length > 0 ? from : `FROM records r WHERE ${where}`;
    const total = countOf(yield limited(`SELECT count(*) AS n ${counted}`));
    const rows = yield limited(`SELECT v.* ${from} ${order} ${page}`);
    return { rows, total };
  }

  // At T: the periods alive then, found through the interval tree (record-periods.ts), so the
  // cost follows the records of T, not the length of their histories.
  Object.assign(params, aliveParams(dialect, atIso));
  const alive = aliveSql(dialect, [...tick, ...onPeriod]);
  const join = 'JOIN record_versions v ON v.record_id = r.record_id AND v.version = r.version';
  const filtered = `FROM (${alive}) r ${join} WHERE ${onValues.join(' AND ')}`;
  const total = countOf(
    yield limited(`SELECT count(*) AS n ${onValues.length > 0 ? filtered : `FROM (${alive}) alive`}`),
  );
  if (offset >= total) return { rows: [], total };
  let sql: string;
  if (onValues.length > 0) sql = `SELECT v.* ${filtered} ${order} ${page}`;
  else if (key !== '' || total < walkAtLeast) {
    // The page of the few records alive (or matching) at T, then only their versions read.
    sql = `SELECT v.* FROM (SELECT * FROM (${alive}) r ${order} ${page}) r ${join} ${order}`;
  } else {
    // Many records alive at T: walking the periods in title order finds the page soonest.
    sql = `SELECT v.* FROM ${dialect.titleWalk} ${join}
          WHERE ${['r.entity = @entity', 'r.is_deleted = 0', ...tick, 'r.valid_from <= @at', 'r.valid_to > @at'].join(' AND ')}
          ${order} ${page}`;
  }
  return { rows: yield limited(sql), total };
}

/** A version row with the key its page continues after. */
export interface SeekRow {
  seek_key: string | number | null;
  record_id: number;
  [column: string]: unknown;
}

/**
 * One keyset page in title order: the rows after `(search_key, record_id)` of the cursor, never an
 * OFFSET, so a page deep in the list costs what the first one does. `limit + 1` rows are read to
 * know whether more follow; the count runs only when asked for, and stops at `countCap + 1` rows so
 * its work is bounded whatever the table's size.
 */
export function* seekPage(
  dialect: SearchDialect,
  options: SearchPageOptions,
  tuning: { walkAtLeast: number; countCap: number; onStatement?: SearchStatementSpy | undefined },
): SearchPlan<{ rows: SeekRow[]; hasMore: boolean; count: { total: number; exact: boolean } | null }> {
  const now = options.atIso === undefined;
  // Now the values beside the pointer are filtered (no version read for a row not shown); at T the version's.
  const values = now ? 'r.current_values_json' : 'v.values_json';
  const {
    key,
    params: conditionParams,
    onPeriod,
    onValues: fieldTerms,
  } = searchConditions(dialect, options.text, options.filters, values);
  const where = dialectFiltersSql(dialect.conditions, options.conditions ?? [], values);
  // Now: the conditions a sort index can serve also say so in its own words (search-sort.ts).
  const indexed = now
    ? indexedConditionTerms(options.entity, options.conditions ?? [], values, dialect.sortExpression)
    : { terms: [], params: {} };
  const onValues = [...fieldTerms, ...where.terms, ...indexed.terms];
  const params: SearchParams = {
    ...conditionParams,
    ...where.params,
    ...indexed.params,
    entity: options.entity,
    limit: options.limit + 1,
    cap: tuning.countCap + 1,
  };
  const seek: string[] = [];
  if (options.after && !options.sort) {
    // A row value on (search_key, record_id): an index range on the key, the id breaking ties.
    seek.push('(r.search_key, r.record_id) > (@afterKey, @afterId)');
    Object.assign(params, { afterKey: options.after.key, afterId: options.after.id });
  }
  const order = 'ORDER BY r.search_key, r.record_id';
  const run = (kind: SearchStatementKind, sql: string, bound = params): SearchStatement => {
    tuning.onStatement?.(kind, sql, bound);
    return { sql, params: bound, kind };
  };
  /**
   * The capped count, after the page: past the time limit it answers "more than" the rows the
   * page found (`shown`), which is true whatever the count would have been.
   */
  function* counted(from: string, shown: SeekRow[]): SearchPlan<{ total: number; exact: boolean } | null> {
    if (!options.count) return null;
    let n: number;
    try {
      n = countOf(yield run('count', `SELECT count(*) AS n FROM (SELECT 1 ${from} LIMIT @cap) capped`));
    } catch (error) {
      if (!(error instanceof SearchTimeLimitError)) throw error;
      return { total: Math.min(shown.length, options.limit), exact: false };
    }
    return n > tuning.countCap ? { total: tuning.countCap, exact: false } : { total: n, exact: true };
  }
  const finish = (rows: SeekRow[], count: { total: number; exact: boolean } | null) => ({
    rows: rows.slice(0, options.limit),
    hasMore: rows.length > options.limit,
    count,
  });
  /**
   * A page in the order of a column, read in parts until the page is full: the rest of the rows
   * tied with the cursor's value (by id), the rows past that value, then the rows without a value
   * (by id) — so nulls come last in both directions, and each part is one range of the index
   * (is_deleted, value, record_id) read in its order, with no sort. (A row value over the
   * expression, or `value >= k AND (value > k OR id > i)`, was measured reading every tie of `k`
   * or every row before it.)
   */
  function* sortedRows(
    expression: string,
    statement: (terms: string[], order: string, seekKey: string) => string,
  ): SearchPlan<SeekRow[]> {
    const sort = options.sort!;
    const { after } = options;
    const dir = sort.direction === 'desc' ? 'DESC' : 'ASC';
    const cmp = sort.direction === 'desc' ? '<' : '>';
    const byValue = `ORDER BY ${expression} ${dir}, r.record_id ${dir}`;
    const byId = `ORDER BY r.record_id ${dir}`;
    const parts: { terms: string[]; order: string; seekKey: string }[] = [];
    if (!after) parts.push({ terms: [`${expression} IS NOT NULL`], order: byValue, seekKey: expression });
    else if (after.key !== null) {
      parts.push(
        {
          terms: [`${expression} = @afterKey`, `r.record_id ${cmp} @afterId`],
          order: byId,
          seekKey: expression,
        },
        { terms: [`${expression} ${cmp} @afterKey`], order: byValue, seekKey: expression },
      );
    }
    const nulls = [`${expression} IS NULL`];
    if (after?.key === null) nulls.push(`r.record_id ${cmp} @afterId`);
    parts.push({ terms: nulls, order: byId, seekKey: 'NULL' });
    const bound: SearchParams = { ...params };
    if (after)
      Object.assign(bound, { afterId: after.id, ...(after.key === null ? {} : { afterKey: after.key }) });
    const rows: SeekRow[] = [];
    for (const part of parts) {
      if (rows.length > options.limit) break;
      const sql = statement(part.terms, part.order, part.seekKey);
      const partParams = { ...bound, limit: options.limit + 1 - rows.length };
      rows.push(...((yield run('page', sql, partParams)) as SeekRow[]));
    }
    return rows;
  }

  // Read for every row a statement reads, before its conditions: a search few rows match stops at the time limit.
  const tick = dialect.tick ? [dialect.tick('r.record_id')] : [];
  if (options.atIso === undefined) {
    const base = ['r.entity = @entity', 'r.is_deleted = 0', ...tick, ...onPeriod];
    const join = 'JOIN record_versions v ON v.record_id = r.record_id AND v.version = r.current_version';
    const matching = (extra: string[]) => [...base, ...extra, ...onValues].join(' AND ');
    const countFrom = `FROM records r WHERE ${matching([])}`;
    if (options.sort) {
      const { kind, name } = options.sort;
      const rows = yield* sortedRows(
        dialect.sortExpression(kind, name, 'r.current_values_json'),
        (terms, order, seekKey) =>
          `SELECT v.*, ${seekKey} AS seek_key FROM records r ${join} WHERE ${matching(terms)} ${order} LIMIT @limit`,
      );
      return finish(rows, yield* counted(countFrom, rows));
    }
    const rows = (yield run(
      'page',
      `SELECT v.*, r.search_key AS seek_key FROM records r ${join} WHERE ${matching(seek)} ${order} LIMIT @limit`,
    )) as SeekRow[];
    return finish(rows, yield* counted(countFrom, rows));
  }

  // At T: the periods alive then, through the interval tree (record-periods.ts), as `search` does.
  Object.assign(params, aliveParams(dialect, options.atIso));
  const alive = (extra: string[]) => aliveSql(dialect, [...onPeriod, ...extra]);
  const join = 'JOIN record_versions v ON v.record_id = r.record_id AND v.version = r.version';
  const filtered = (extra: string[]) =>
    `FROM (${alive(extra)}) r ${join} WHERE ${[...tick, ...onValues].join(' AND ')}`;
  const countFrom = onValues.length > 0 ? filtered([]) : `FROM (${alive([])}) alive`;
  if (options.sort) {
    // At T the values are the versions' then: the rows alive at T are read and sorted (no index
    // holds a past order), so this page costs the records alive at T, not the page size.
    const { kind, name } = options.sort;
    const rows = yield* sortedRows(
      dialect.sortExpression(kind, name, 'v.values_json'),
      (terms, order, seekKey) =>
        `SELECT v.*, ${seekKey} AS seek_key FROM (${alive([])}) r ${join}
         WHERE ${[...tick, ...onValues, ...terms].join(' AND ')} ${order} LIMIT @limit`,
    );
    return finish(rows, yield* counted(countFrom, rows));
  }
  let walk = false;
  if (onValues.length === 0 && key === '') {
    // The plan, as `search` picks it: few records alive at T are sorted, many are walked in title
    // order. The probe reads at most `walkAtLeast` rows, so its cost is bounded too.
    const probe = { ...params, walk: tuning.walkAtLeast };
    const sql = `SELECT count(*) AS n FROM (SELECT 1 FROM (${alive([])}) alive LIMIT @walk) probed`;
    walk = countOf(yield run('probe', sql, probe)) >= tuning.walkAtLeast;
  }
  let sql: string;
  if (onValues.length > 0)
    sql = `SELECT v.*, r.search_key AS seek_key ${filtered(seek)} ${order} LIMIT @limit`;
  else if (!walk) {
    sql = `SELECT v.*, r.search_key AS seek_key
      FROM (SELECT * FROM (${alive(seek)}) r ${order} LIMIT @limit) r ${join} ${order}`;
  } else {
    // The key range starts at the cursor's key, so the walk seeks rather than reads the titles before it.
    sql = `SELECT v.*, r.search_key AS seek_key FROM ${dialect.titleWalk} ${join}
      WHERE r.entity = @entity AND r.is_deleted = 0 AND r.valid_from <= @at AND r.valid_to > @at
      ${options.after ? 'AND r.search_key >= @afterKey' : ''} ${seek.map((s) => `AND ${s}`).join(' ')}
      ${order} LIMIT @limit`;
  }
  const rows = (yield run('page', sql)) as SeekRow[];
  return finish(rows, yield* counted(countFrom, rows));
}

// The highest code point: `key >= prefix AND key < prefix || MAX` is an index range scan.
const MAX_CHAR = '\u{10FFFF}';

/** Which of the title searches: under a parent or not, by prefix or containing the text, now or at T. */
export interface TitleQueryShape {
  parent: boolean;
  mode: 'prefix' | 'contains';
  asOf: boolean;
}

/** The SQL of one title search (the same text on both engines, but SQLite's time-limit term). */
export function titleSql(dialect: SearchDialect, { parent, mode, asOf }: TitleQueryShape): string {
  // Now: the `records` pointer rows. At a timepoint: the periods that held it (closed-open).
  const table = asOf ? 'record_periods' : 'records';
  const during = asOf ? 'AND r.valid_from <= @at AND r.valid_to > @at' : '';
  // Under the search time limit: a text no title contains reads every title of the entity, and a
  // prefix at T every period with that prefix.
  const tick = dialect.tick ? `AND ${dialect.tick('r.record_id')}` : '';
  return `SELECT record_id AS id, title FROM ${table} r
       WHERE entity = @entity AND is_deleted = 0 ${tick} ${during} ${parent ? 'AND parent_id = @parent' : ''}
       ${
         mode === 'prefix'
           ? 'AND search_key >= @key AND search_key < @keyEnd'
           : "AND search_key LIKE @like ESCAPE '\\' AND NOT (search_key >= @key AND search_key < @keyEnd)"
       }
       ORDER BY search_key, record_id LIMIT @limit`;
}

/** The title search of the pickers: prefix matches first (an index range), then other matches containing the text. */
export function* searchTitles(
  dialect: SearchDialect,
  options: {
    entity: string;
    text: string;
    parentId?: number | null;
    limit: number;
    atIso?: string;
  },
): SearchPlan<{ items: { id: number; title: string }[]; hasMore: boolean }> {
  const { entity, text, parentId, limit, atIso } = options;
  const key = text.trim().toLowerCase();
  const parent = parentId !== undefined && parentId !== null;
  const asOf = atIso !== undefined;
  const params: SearchParams = {
    entity,
    ...(parent ? { parent: parentId } : {}),
    key,
    keyEnd: key + MAX_CHAR,
    limit: limit + 1,
    ...(asOf ? { at: atIso } : {}),
  };
  type Item = { id: number; title: string };
  const items = (yield {
    sql: titleSql(dialect, { parent, mode: 'prefix', asOf }),
    params,
    kind: 'page',
  }) as Item[];
  if (items.length <= limit && key !== '') {
    const more = yield {
      sql: titleSql(dialect, { parent, mode: 'contains', asOf }),
      params: { ...params, like: `%${likeEscape(key)}%`, limit: limit + 1 - items.length },
      kind: 'page',
    };
    items.push(...(more as Item[]));
  }
  return { items: items.slice(0, limit), hasMore: items.length > limit };
}
