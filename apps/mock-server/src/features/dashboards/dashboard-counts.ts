import { dialectFiltersSql, type KindedFilter } from '../records/record-conditions';
import { aliveParams, aliveSql, type SearchDialect, type SearchParams } from '../records/record-seek';
import type { CountQuery } from './dashboards-store';

/**
 * `FROM … WHERE …` over the versions of a dashboard query's records, with its parameters, in one
 * engine's SQL: the where-conditions of a search (record-conditions.ts), so a tile or a bar leads
 * to a grid of exactly the rows it counted, and at T the periods alive then (record-seek.ts).
 */
export function countedRecords(
  dialect: SearchDialect,
  query: CountQuery,
): { from: string; params: SearchParams } {
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
  const sql = dialectFiltersSql(
    dialect.conditions,
    filter.Conditions.length > 0 ? [filter] : [],
    'v.values_json',
  );
  const params: SearchParams = { entity: query.entity, ...sql.params };
  const where = sql.terms.length > 0 ? `WHERE ${sql.terms.join(' AND ')}` : '';
  if (query.atIso === undefined) {
    return {
      from: `FROM records r JOIN record_versions v ON v.record_id = r.record_id AND v.version = r.current_version
          AND r.entity = @entity AND r.is_deleted = 0 ${where}`,
      params,
    };
  }
  // At T: the versions alive then, through the periods' interval tree (record-periods.ts).
  Object.assign(params, aliveParams(dialect, query.atIso));
  return {
    from: `FROM (${aliveSql(dialect, [])}) r JOIN record_versions v ON v.record_id = r.record_id AND v.version = r.version ${where}`,
    params,
  };
}
