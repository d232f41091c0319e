import type { SearchOperator, ValueElement } from '@procedo/client-api';

/** A stored dashboard definition (its JSON checked when read). */
export interface StoredDashboard {
  id: number;
  title: string;
  definitionJson: string;
  /** The only profile that sees it; null for every profile. */
  profileId: number | null;
}

/**
 * How a field's stored value compares: `text` (texts, selects, dates as `yyyy-MM-dd`), `number`,
 * `boolean` (a checkbox; no value counts as false) or `id` (a picker's picked record `Id`).
 */
export type ValueSort = 'text' | 'number' | 'boolean' | 'id';

/**
 * One condition, checked by the service, in the store's terms. It selects exactly what the same
 * condition selects in a search (the SQL is the search's, record-conditions.sqlite.ts), so a tile
 * or a bar leads to a grid of exactly the rows it counted.
 */
export interface CountCondition {
  field: string;
  /** The kind of the element it names: how its value compares. */
  kind: ValueElement['Kind'];
  op: SearchOperator;
  value?: string | undefined;
  value2?: string | undefined;
  values?: readonly string[] | undefined;
}

/** The records counted: those of `entity` alive now or at `atIso` that the conditions select. */
export interface CountQuery {
  entity: string;
  conditions: readonly CountCondition[];
  /** Whether every condition must hold or any one. @default 'and' */
  combine?: 'and' | 'or';
  /** As the records were at this instant (ISO UTC). @default now */
  atIso?: string;
}

/** Dashboard definitions and the counts their widgets show. */
export interface DashboardStore {
  /** The dashboards a profile sees, by id. */
  list(profileId: number): Promise<StoredDashboard[]>;
  /** One dashboard if the profile sees it. */
  get(id: number, profileId: number): Promise<StoredDashboard | null>;
  /** How many records the query selects. */
  count(query: CountQuery): Promise<number>;
  /**
   * The records the query selects, counted by the value of `groupBy` (compared as its `sort`:
   * a checkbox's missing value is false). Keys are the stored values; null for none.
   */
  countBy(
    query: CountQuery,
    groupBy: { field: string; sort: ValueSort },
  ): Promise<{ key: string | number | null; count: number }[]>;
}
