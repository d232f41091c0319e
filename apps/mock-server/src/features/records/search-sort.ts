import type { ValueElement } from '@procedo/client-api';

/**
 * How a result column sorts: the SQL expression of its value, shared by the query and by the
 * indexes of migration 14, so the two stay the same text (SQLite uses an expression index only
 * for the identical expression). Text compares case-insensitively, and an empty text or a missing
 * value is NULL, which pages put last in both directions.
 */
export type SortKind = 'text' | 'number' | 'date' | 'checkbox' | 'picker';

const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** The sort kind of an element kind (anything not listed sorts as text). */
export function sortKindOf(kind: ValueElement['Kind'] | undefined): SortKind {
  if (kind === 'number' || kind === 'date' || kind === 'checkbox' || kind === 'picker') return kind;
  return 'text';
}

/**
 * The sort value of field `name` in the JSON column `column`. The field name goes into the SQL as
 * a JSON path literal (an expression index matches literals only); it is an element name of the
 * form definition, checked against {@link NAME} here as well.
 */
export function sortExpression(kind: SortKind, name: string, column: string): string {
  if (!NAME.test(name)) throw new Error(`Not a field name: ${name}`);
  switch (kind) {
    case 'number':
    case 'checkbox':
      return `json_extract(${column}, '$.${name}')`;
    case 'date':
      return `nullif(json_extract(${column}, '$.${name}'), '')`;
    case 'picker':
      return `nullif(lower(json_extract(${column}, '$.${name}.Text')), '')`;
    default:
      return `nullif(lower(json_extract(${column}, '$.${name}')), '')`;
  }
}

/** The sortable result columns of the seeded search forms, one partial index each (migration 14). */
export const SEEDED_SORT_COLUMNS: readonly { entity: string; name: string; kind: SortKind }[] = [
  { entity: 'supplier', name: 'Name', kind: 'text' },
  { entity: 'supplier', name: 'Country', kind: 'text' },
  { entity: 'supplier', name: 'Status', kind: 'text' },
  { entity: 'product', name: 'Name', kind: 'text' },
  { entity: 'product', name: 'ProductCode', kind: 'text' },
  { entity: 'product', name: 'Supplier', kind: 'picker' },
  { entity: 'product', name: 'Category', kind: 'text' },
  { entity: 'product', name: 'ShelfLifeDays', kind: 'number' },
  { entity: 'batch', name: 'BatchNo', kind: 'text' },
  { entity: 'batch', name: 'Product', kind: 'picker' },
  { entity: 'batch', name: 'Supplier', kind: 'picker' },
  { entity: 'batch', name: 'ManufacturedOn', kind: 'date' },
  { entity: 'batch', name: 'Quantity', kind: 'number' },
  { entity: 'batch', name: 'Status', kind: 'text' },
  { entity: 'deviation', name: 'Title', kind: 'text' },
  { entity: 'deviation', name: 'OccurredOn', kind: 'date' },
  { entity: 'deviation', name: 'Batch', kind: 'picker' },
  { entity: 'deviation', name: 'Severity', kind: 'text' },
  { entity: 'deviation', name: 'Status', kind: 'text' },
];

/** `CREATE INDEX` of one sortable column: (is_deleted, value, record_id) over one entity's rows. */
export function sortIndexSql(column: { entity: string; name: string; kind: SortKind }): string {
  const expression = sortExpression(column.kind, column.name, 'current_values_json');
  return `CREATE INDEX records_sort_${column.entity}_${column.name} ON records(is_deleted, ${expression}, record_id) WHERE entity = '${column.entity}';`;
}
