import type { SqliteDatabase } from '../../db/sqlite';
import { filtersSql, likeEscape } from './record-conditions.sqlite';
import { stabbingNodes } from './record-periods';
import type { RecordFilter, SearchPageOptions } from './records-store';
import { indexedConditionTerms, sortExpression } from './search-sort';

export { likeEscape };

/** A statement the keyset search ran: its page, its capped count, or the bounded probe that picks a plan at T. */
export type SearchStatementKind = 'page' | 'count' | 'probe';
/** Sees each statement a keyset page runs (tests: which ran, and their query plans). */
export type SearchStatementSpy = (
  kind: SearchStatementKind,
  sql: string,
  params: Record<string, string | number>,
) => void;

/**
 * The text and field conditions of a search, shared by the offset and the keyset pages; field
 * conditions read the JSON values in `values` (a version's, or the current ones beside the pointer).
 */
export function searchConditions(text: string, filters: RecordFilter[], values = 'v.values_json') {
  const key = text.trim().toLowerCase();
  const params: Record<string, string | number> = {};
  const onPeriod: string[] = [];
  if (key !== '') {
    onPeriod.push("r.search_key LIKE @like ESCAPE '\\'");
    params.like = `%${likeEscape(key)}%`;
  }
  const onValues: string[] = [];
  filters.forEach((filter, i) => {
    // Field names are checked against the definition before they get here; the path is bound anyway.
    params[`path${i}`] = `$.${filter.name}`;
    if (filter.mode === 'contains') {
      onValues.push(`lower(json_extract(${values}, @path${i})) LIKE @value${i} ESCAPE '\\'`);
      params[`value${i}`] = `%${likeEscape(String(filter.value).toLowerCase())}%`;
    } else if (typeof filter.value === 'boolean') {
      onValues.push(`json_extract(${values}, @path${i}) = @value${i}`);
      params[`value${i}`] = filter.value ? 1 : 0;
    } else {
      onValues.push(`json_extract(${values}, @path${i}) = @value${i}`);
      params[`value${i}`] = filter.value;
    }
  });
  return { key, params, onPeriod, onValues };
}

interface SeekRow {
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
export function seekPage(
  db: SqliteDatabase,
  options: SearchPageOptions,
  tuning: { walkAtLeast: number; countCap: number; onStatement?: SearchStatementSpy | undefined },
): { rows: SeekRow[]; hasMore: boolean; count: { total: number; exact: boolean } | null } {
  const now = options.atIso === undefined;
  // Now the values beside the pointer are filtered (no version read for a row not shown); at T the version's.
  const values = now ? 'r.current_values_json' : 'v.values_json';
  const {
    key,
    params: conditionParams,
    onPeriod,
    onValues: fieldTerms,
  } = searchConditions(options.text, options.filters, values);
  const where = filtersSql(options.conditions ?? [], values);
  // Now: the conditions a sort index can serve also say so in its own words (search-sort.ts).
  const indexed = now
    ? indexedConditionTerms(options.entity, options.conditions ?? [], values)
    : { terms: [], params: {} };
  const onValues = [...fieldTerms, ...where.terms, ...indexed.terms];
  const params: Record<string, string | number> = {
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
  const run = (kind: SearchStatementKind, sql: string, bound = params) => {
    tuning.onStatement?.(kind, sql, bound);
    return db.prepare(sql);
  };
  const counted = (from: string) => {
    if (!options.count) return null;
    const { n } = run('count', `SELECT count(*) AS n FROM (SELECT 1 ${from} LIMIT @cap)`).get(params) as {
      n: number;
    };
    return n > tuning.countCap ? { total: tuning.countCap, exact: false } : { total: n, exact: true };
  };
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
  const sortedRows = (
    expression: string,
    statement: (terms: string[], order: string, seekKey: string) => string,
  ): SeekRow[] => {
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
    const bound: Record<string, string | number> = { ...params };
    if (after)
      Object.assign(bound, { afterId: after.id, ...(after.key === null ? {} : { afterKey: after.key }) });
    const rows: SeekRow[] = [];
    for (const part of parts) {
      if (rows.length > options.limit) break;
      const sql = statement(part.terms, part.order, part.seekKey);
      const partParams = { ...bound, limit: options.limit + 1 - rows.length };
      rows.push(...(run('page', sql, partParams).all(partParams) as SeekRow[]));
    }
    return rows;
  };

  if (options.atIso === undefined) {
    const base = ['r.entity = @entity', 'r.is_deleted = 0', ...onPeriod];
    const join = 'JOIN record_versions v ON v.record_id = r.record_id AND v.version = r.current_version';
    const matching = (extra: string[]) => [...base, ...extra, ...onValues].join(' AND ');
    const count = counted(`FROM records r WHERE ${matching([])}`);
    if (options.sort) {
      const { kind, name } = options.sort;
      const rows = sortedRows(
        sortExpression(kind, name, 'r.current_values_json'),
        (terms, order, seekKey) =>
          `SELECT v.*, ${seekKey} AS seek_key FROM records r ${join} WHERE ${matching(terms)} ${order} LIMIT @limit`,
      );
      return finish(rows, count);
    }
    const rows = run(
      'page',
      `SELECT v.*, r.search_key AS seek_key FROM records r ${join} WHERE ${matching(seek)} ${order} LIMIT @limit`,
    ).all(params) as SeekRow[];
    return finish(rows, count);
  }

  // At T: the periods alive then, through the interval tree (record-periods.ts), as `search` does.
  const { left, right } = stabbingNodes(options.atIso);
  Object.assign(params, { at: options.atIso, left: JSON.stringify(left), right: JSON.stringify(right) });
  const alive = (extra: string[]) => {
    const matching = [...onPeriod, ...extra].map((condition) => `AND ${condition}`).join(' ');
    return `
      SELECT r.record_id, r.version, r.search_key
      FROM json_each(@left) n CROSS JOIN record_periods r INDEXED BY record_periods_left
      WHERE r.entity = @entity AND r.is_deleted = 0 AND r.node = n.value AND r.valid_to > @at ${matching}
      UNION ALL
      SELECT r.record_id, r.version, r.search_key
      FROM json_each(@right) n CROSS JOIN record_periods r INDEXED BY record_periods_right
      WHERE r.entity = @entity AND r.is_deleted = 0 AND r.node = n.value AND r.valid_from <= @at ${matching}`;
  };
  const join = 'JOIN record_versions v ON v.record_id = r.record_id AND v.version = r.version';
  const filtered = (extra: string[]) => `FROM (${alive(extra)}) r ${join} WHERE ${onValues.join(' AND ')}`;
  const count = counted(onValues.length > 0 ? filtered([]) : `FROM (${alive([])})`);
  if (options.sort) {
    // At T the values are the versions' then: the rows alive at T are read and sorted (no index
    // holds a past order), so this page costs the records alive at T, not the page size.
    const { kind, name } = options.sort;
    const rows = sortedRows(
      sortExpression(kind, name, 'v.values_json'),
      (terms, order, seekKey) =>
        `SELECT v.*, ${seekKey} AS seek_key FROM (${alive([])}) r ${join}
         WHERE ${[...onValues, ...terms].join(' AND ')} ${order} LIMIT @limit`,
    );
    return finish(rows, count);
  }
  let walk = false;
  if (onValues.length === 0 && key === '') {
    // The plan, as `search` picks it: few records alive at T are sorted, many are walked in title
    // order. The probe reads at most `walkAtLeast` rows, so its cost is bounded too.
    const probe = { ...params, walk: tuning.walkAtLeast };
    const sql = `SELECT count(*) AS n FROM (SELECT 1 FROM (${alive([])}) LIMIT @walk)`;
    const { n } = run('probe', sql, probe).get(probe) as { n: number };
    walk = n >= tuning.walkAtLeast;
  }
  let sql: string;
  if (onValues.length > 0)
    sql = `SELECT v.*, r.search_key AS seek_key ${filtered(seek)} ${order} LIMIT @limit`;
  else if (!walk) {
    sql = `SELECT v.*, r.search_key AS seek_key
      FROM (SELECT * FROM (${alive(seek)}) r ${order} LIMIT @limit) r ${join} ${order}`;
  } else {
    // The key range starts at the cursor's key, so the walk seeks rather than reads the titles before it.
    sql = `SELECT v.*, r.search_key AS seek_key FROM record_periods r INDEXED BY record_periods_by_key ${join}
      WHERE r.entity = @entity AND r.is_deleted = 0 AND r.valid_from <= @at AND r.valid_to > @at
      ${options.after ? 'AND r.search_key >= @afterKey' : ''} ${seek.map((s) => `AND ${s}`).join(' ')}
      ${order} LIMIT @limit`;
  }
  return finish(run('page', sql).all(params) as SeekRow[], count);
}
