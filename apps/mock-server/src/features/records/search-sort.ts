import type { ValueElement } from '@procedo/client-api';
import type { KindedFilter } from './record-conditions';

/**
 * How a result column sorts: the SQL expression of its value, shared by the query and by the
 * indexes of migration 14, so the two stay the same text (SQLite uses an expression index only
 * for the identical expression). Text compares case-insensitively, and an empty text or a missing
 * value is NULL, which pages put last in both directions.
 */
export type SortKind = 'text' | 'number' | 'date' | 'checkbox' | 'picker';

const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** Refuses a field name that could not be written into SQL as a JSON path literal. */
export function checkFieldName(name: string): void {
  if (!NAME.test(name)) throw new Error(`Not a field name: ${name}`);
}

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
  checkFieldName(name);
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

/**
 * Terms that let a condition of an and-ed `where` use its column's sort index (current data):
 * each is implied by the condition itself (the condition's own SQL still decides), so adding it
 * changes no answer — it only lets SQLite find a selective condition's few rows through the
 * index instead of reading every record of the entity. Only the seeded sortable columns have an
 * index; pickers (compared by Id, indexed by text) and checkboxes are left to the condition.
 */
export function indexedConditionTerms(
  entity: string,
  filters: readonly KindedFilter[],
  column: string,
  /** The engine's {@link sortExpression} (its indexes are over its own expressions). */
  expressionOf: (kind: SortKind, name: string, column: string) => string = sortExpression,
): { terms: string[]; params: Record<string, string | number> } {
  const terms: string[] = [];
  const params: Record<string, string | number> = {};
  filters.forEach((filter, f) => {
    if (filter.Combine === 'or' && filter.Conditions.length > 1) return;
    filter.Conditions.forEach((condition, i) => {
      const kind = sortKindOf(condition.kind);
      if (kind === 'picker' || kind === 'checkbox') return;
      if (
        !SEEDED_SORT_COLUMNS.some((c) => c.entity === entity && c.name === condition.Field && c.kind === kind)
      )
        return;
      const expression = expressionOf(kind, condition.Field, column);
      const bind = (suffix: string, text: string | undefined) => {
        const name = `ix${f}_${i}${suffix}`;
        const value = text ?? '';
        params[name] =
          kind === 'number'
            ? Number(value)
            : kind === 'text'
              ? value.replace(/[A-Z]/g, (c) => c.toLowerCase())
              : value;
        return `@${name}`;
      };
      const ordering = kind === 'number' || kind === 'date';
      switch (condition.Op) {
        case 'equals':
          if (condition.Value) terms.push(`${expression} = ${bind('v', condition.Value)}`);
          break;
        case 'between':
          if (ordering && condition.Value && condition.Value2)
            terms.push(
              `${expression} BETWEEN ${bind('v', condition.Value)} AND ${bind('w', condition.Value2)}`,
            );
          break;
        case 'lt':
        case 'le':
        case 'gt':
        case 'ge': {
          const op = { lt: '<', le: '<=', gt: '>', ge: '>=' }[condition.Op];
          if (ordering && condition.Value) terms.push(`${expression} ${op} ${bind('v', condition.Value)}`);
          break;
        }
        default:
          break;
      }
    });
  });
  return { terms, params };
}
