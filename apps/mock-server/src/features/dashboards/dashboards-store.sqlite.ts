import type { SqliteDatabase } from '../../db/sqlite';
import { stabbingNodes } from '../records/record-periods';
import type {
  CountCondition,
  CountQuery,
  DashboardStore,
  StoredDashboard,
  ValueSort,
} from './dashboards-store';

interface DashboardRow {
  id: number;
  title: string;
  definition_json: string;
  profile_id: number | null;
}

const toStored = (row: DashboardRow): StoredDashboard => ({
  id: row.id,
  title: row.title,
  definitionJson: row.definition_json,
  profileId: row.profile_id,
});

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The SQL of a field's value in `v.values_json`; the JSON path is a bound parameter. */
function fieldSql(sort: ValueSort, path: string): string {
  const raw = `json_extract(v.values_json, ${path})`;
  // A checkbox never set reads as unchecked, as the form shows it.
  return sort === 'boolean' ? `ifnull(${raw}, 0)` : raw;
}

/**
 * One condition as SQL over `v.values_json`, its values bound into `params`. Empty is no value or
 * `''`; `notEquals` keeps the empty ones (they are not equal), comparisons never match them.
 */
function conditionSql(condition: CountCondition, index: number, params: Record<string, unknown>): string {
  const path = `@path${index}`;
  params[`path${index}`] = `$.${condition.field}${condition.sort === 'id' ? '.Id' : ''}`;
  const x = fieldSql(condition.sort, path);
  const empty = condition.sort === 'boolean' ? '0' : `(${x} IS NULL OR ${x} = '')`;
  const bind = (suffix: string, text: string | undefined) => {
    const name = `v${index}${suffix}`;
    const value = text ?? '';
    params[name] =
      condition.sort === 'number'
        ? Number(value)
        : condition.sort === 'boolean'
          ? value === 'true'
            ? 1
            : 0
          : value;
    return `@${name}`;
  };
  switch (condition.op) {
    case 'contains':
      params[`v${index}`] = `%${likeEscape((condition.value ?? '').toLowerCase())}%`;
      return `lower(${x}) LIKE @v${index} ESCAPE '\\'`;
    case 'equals':
      return `${x} = ${bind('', condition.value)}`;
    case 'notEquals':
      return `(${x} IS NULL OR ${x} <> ${bind('', condition.value)})`;
    case 'lt':
      return `(NOT ${empty} AND ${x} < ${bind('', condition.value)})`;
    case 'le':
      return `(NOT ${empty} AND ${x} <= ${bind('', condition.value)})`;
    case 'gt':
      return `(NOT ${empty} AND ${x} > ${bind('', condition.value)})`;
    case 'ge':
      return `(NOT ${empty} AND ${x} >= ${bind('', condition.value)})`;
    case 'between':
      return `(NOT ${empty} AND ${x} BETWEEN ${bind('', condition.value)} AND ${bind('b', condition.value2)})`;
    case 'in': {
      const names = (condition.values ?? []).map((value, i) => bind(`_${i}`, value));
      return names.length === 0 ? '0' : `${x} IN (${names.join(', ')})`;
    }
    case 'empty':
      return empty;
    case 'notEmpty':
      return `NOT ${empty}`;
  }
}

/** {@link DashboardStore} on SQLite. */
export function createSqliteDashboardStore(db: SqliteDatabase): DashboardStore {
  const visible = 'profile_id IS NULL OR profile_id = @profile';
  const list = db.prepare<{ profile: number }, DashboardRow>(
    `SELECT * FROM dashboards WHERE ${visible} ORDER BY id`,
  );
  const one = db.prepare<{ id: number; profile: number }, DashboardRow>(
    `SELECT * FROM dashboards WHERE id = @id AND (${visible})`,
  );

  /** `FROM … WHERE …` over the versions of the query's records, with its parameters. */
  function recordsOf(query: CountQuery): { from: string; params: Record<string, unknown> } {
    const params: Record<string, unknown> = { entity: query.entity };
    const conditions = query.conditions.map((condition, i) => conditionSql(condition, i, params));
    const joined = conditions.join(query.combine === 'or' ? ' OR ' : ' AND ');
    const where = conditions.length > 0 ? `WHERE (${joined})` : '';
    if (query.atIso === undefined) {
      return {
        from: `FROM records r JOIN record_versions v ON v.record_id = r.record_id AND v.version = r.current_version
          AND r.entity = @entity AND r.is_deleted = 0 ${where}`,
        params,
      };
    }
    // At T: the versions alive then, through the periods' interval tree (record-periods.ts).
    const { left, right } = stabbingNodes(query.atIso);
    Object.assign(params, { at: query.atIso, left: JSON.stringify(left), right: JSON.stringify(right) });
    const alive = `
      SELECT r.record_id, r.version
      FROM json_each(@left) n CROSS JOIN record_periods r INDEXED BY record_periods_left
      WHERE r.entity = @entity AND r.is_deleted = 0 AND r.node = n.value AND r.valid_to > @at
      UNION ALL
      SELECT r.record_id, r.version
      FROM json_each(@right) n CROSS JOIN record_periods r INDEXED BY record_periods_right
      WHERE r.entity = @entity AND r.is_deleted = 0 AND r.node = n.value AND r.valid_from <= @at`;
    return {
      from: `FROM (${alive}) r JOIN record_versions v ON v.record_id = r.record_id AND v.version = r.version ${where}`,
      params,
    };
  }

  return {
    async list(profileId) {
      return list.all({ profile: profileId }).map(toStored);
    },
    async get(id, profileId) {
      const row = one.get({ id, profile: profileId });
      return row ? toStored(row) : null;
    },
    async count(query) {
      const { from, params } = recordsOf(query);
      return (db.prepare(`SELECT count(*) AS n ${from}`).get(params) as { n: number }).n;
    },
    async countBy(query, groupBy) {
      const { from, params } = recordsOf(query);
      params.groupPath = `$.${groupBy.field}${groupBy.sort === 'id' ? '.Id' : ''}`;
      const key = fieldSql(groupBy.sort, '@groupPath');
      const rows = db
        .prepare(`SELECT ${key} AS key, count(*) AS n ${from} GROUP BY 1 ORDER BY 1`)
        .all(params) as { key: string | number | null; n: number }[];
      return rows.map((row) => ({ key: row.key, count: row.n }));
    },
  };
}
