import type { PgDatabase } from '../../db/pg';
import { positional } from '../../db/pg-named';
import { PG_SEARCH } from '../records/record-seek.pg';
import { countedRecords } from './dashboard-counts';
import { type DashboardRow, toStoredDashboard } from './dashboard-rows';
import type { DashboardStore } from './dashboards-store';

/**
 * A field's value as SQLite's `json_extract` groups and orders it: a JSON number or boolean as a
 * number (true 1, false 0), a text as text, an object or array as its JSON; `num` and `txt` hold
 * the two kinds apart. A checkbox never set reads as unchecked (0), as the form shows it.
 */
const groupKeySql = (node: string, boolean: boolean) => `
  CASE WHEN jsonb_typeof(${node}) = 'number' THEN (${node} #>> '{}')::numeric
       WHEN jsonb_typeof(${node}) = 'boolean' THEN CASE WHEN ${node} = 'true'::jsonb THEN 1 ELSE 0 END
       ${boolean ? `WHEN ${node} IS NULL OR ${node} = 'null'::jsonb THEN 0` : ''} END AS num,
  (CASE WHEN jsonb_typeof(${node}) = 'string' THEN ${node} #>> '{}'
        WHEN jsonb_typeof(${node}) IN ('object', 'array') THEN ${node}::text END) COLLATE "C" AS txt`;

/** {@link DashboardStore} on PostgreSQL. */
export function createPgDashboardStore(db: PgDatabase): DashboardStore {
  const visible = 'profile_id IS NULL OR profile_id = $1';
  return {
    async list(profileId) {
      const rows = await db.many<DashboardRow>(`SELECT * FROM dashboards WHERE ${visible} ORDER BY id`, [
        profileId,
      ]);
      return rows.map(toStoredDashboard);
    },
    async get(id, profileId) {
      const row = await db.one<DashboardRow>(`SELECT * FROM dashboards WHERE id = $2 AND (${visible})`, [
        profileId,
        id,
      ]);
      return row ? toStoredDashboard(row) : null;
    },
    async count(query) {
      const { from, params } = countedRecords(PG_SEARCH, query);
      const { text, values } = positional(`SELECT count(*) AS n ${from}`, params);
      return (await db.one<{ n: number }>(text, values))?.n ?? 0;
    },
    async countBy(query, groupBy) {
      const { from, params } = countedRecords(PG_SEARCH, query);
      params.groupPath = groupBy.sort === 'id' ? [groupBy.field, 'Id'] : [groupBy.field];
      const node = 'node';
      // Ordered as SQLite's ORDER BY orders mixed values: none first, then numbers, then texts (bytes).
      const sql = `SELECT num, txt, count(*) AS n FROM (
          SELECT ${groupKeySql(node, groupBy.sort === 'boolean')}
          FROM (SELECT (v.values_json::jsonb #> @groupPath::text[]) AS ${node} ${from}) AS nodes
        ) AS keys
        GROUP BY num, txt
        ORDER BY (num IS NOT NULL OR txt IS NOT NULL), num IS NULL, num, txt`;
      const { text, values } = positional(sql, params);
      const rows = await db.many<{ num: string | null; txt: string | null; n: number }>(text, values);
      return rows.map((row) => ({
        key: row.num !== null ? Number(row.num) : row.txt,
        count: row.n,
      }));
    },
  };
}
