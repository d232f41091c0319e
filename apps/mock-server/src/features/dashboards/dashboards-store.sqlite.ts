import type { SqliteDatabase } from '../../db/sqlite';
import { SQLITE_SEARCH } from '../records/record-seek.sqlite';
import { countedRecords } from './dashboard-counts';
import { type DashboardRow, toStoredDashboard } from './dashboard-rows';
import type { DashboardStore, ValueSort } from './dashboards-store';

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

  return {
    async list(profileId) {
      return list.all({ profile: profileId }).map(toStoredDashboard);
    },
    async get(id, profileId) {
      const row = one.get({ id, profile: profileId });
      return row ? toStoredDashboard(row) : null;
    },
    async count(query) {
      const { from, params } = countedRecords(SQLITE_SEARCH, query);
      return (db.prepare(`SELECT count(*) AS n ${from}`).get(params) as { n: number }).n;
    },
    async countBy(query, groupBy) {
      const { from, params } = countedRecords(SQLITE_SEARCH, query);
      params.groupPath = `$.${groupBy.field}${groupBy.sort === 'id' ? '.Id' : ''}`;
      const key = fieldSql(groupBy.sort, '@groupPath');
      const rows = db
        .prepare(`SELECT ${key} AS key, count(*) AS n ${from} GROUP BY 1 ORDER BY 1`)
        .all(params) as { key: string | number | null; n: number }[];
      return rows.map((row) => ({ key: row.key, count: row.n }));
    },
  };
}
