import type { SqliteDatabase } from '../../db/sqlite';
import { filtersSql, type KindedFilter } from '../records/record-conditions.sqlite';
import { stabbingNodes } from '../records/record-periods';
import type { CountQuery, DashboardStore, StoredDashboard, ValueSort } from './dashboards-store';

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

/** The SQL of a field's value in `v.values_json`; the JSON path is a bound parameter. */
function fieldSql(sort: ValueSort, path: string): string {
  const raw = `json_extract(v.values_json, ${path})`;
  // A checkbox never set reads as unchecked, as the form shows it.
  return sort === 'boolean' ? `ifnull(${raw}, 0)` : raw;
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
    const filter: KindedFilter = {
      Combine: query.combine ?? 'and',
      Conditions: query.conditions.map((condition) => ({
        Field: condition.field,
        Op: condition.op,
        kind: condition.kind,
        ...(condition.value === undefined ? {} : { Value: condition.value }),
        ...(condition.value2 === undefined ? {} : { Value2: condition.value2 }),
        ...(condition.values === undefined ? {} : { Values: [...condition.values] }),
      })),
    };
    const sql = filtersSql(filter.Conditions.length > 0 ? [filter] : [], 'v.values_json');
    const params: Record<string, unknown> = { entity: query.entity, ...sql.params };
    const where = sql.terms.length > 0 ? `WHERE ${sql.terms.join(' AND ')}` : '';
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
