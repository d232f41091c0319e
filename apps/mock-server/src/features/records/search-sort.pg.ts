import { checkFieldName, SEEDED_SORT_COLUMNS, type SortKind } from './search-sort';

/**
 * The sort value of field `name` on PostgreSQL, the same value and order as SQLite's
 * `sortExpression`: text folded (ASCII, as SQLite's lower()) and compared byte by byte, an empty
 * text or a missing value NULL; a number as float8 and a checkbox as 1/0, so a page's keys come
 * back as the same JS values. The sort indexes (migration 2) are over these very expressions.
 */
export function pgSortExpression(kind: SortKind, name: string, column: string): string {
  checkFieldName(name);
  const doc = `(${column}::jsonb)`;
  switch (kind) {
    case 'number':
      return `CASE WHEN jsonb_typeof(${doc} -> '${name}') = 'number' THEN (${doc} ->> '${name}')::float8 END`;
    case 'checkbox':
      return `CASE ${doc} -> '${name}' WHEN 'true'::jsonb THEN 1 WHEN 'false'::jsonb THEN 0 END`;
    case 'date':
      return `nullif((${doc} ->> '${name}') COLLATE "C", '')`;
    case 'picker':
      return `nullif(lower((${doc} #>> '{${name},Text}') COLLATE "C"), '')`;
    default:
      return `nullif(lower((${doc} ->> '${name}') COLLATE "C"), '')`;
  }
}

/** `CREATE INDEX` of one sortable column on PostgreSQL: (is_deleted, value, record_id) over one entity's rows. */
export function pgSortIndexSql(column: { entity: string; name: string; kind: SortKind }): string {
  const expression = pgSortExpression(column.kind, column.name, 'current_values_json');
  // Quoted: the same (mixed-case) name as SQLite's index.
  return `CREATE INDEX "records_sort_${column.entity}_${column.name}" ON records (is_deleted, (${expression}), record_id) WHERE entity = '${column.entity}';`;
}

/** The sort indexes of the seeded search forms, as SQLite's migration 14 has them. */
export const PG_SORT_INDEXES = SEEDED_SORT_COLUMNS.map(pgSortIndexSql).join('\n');
