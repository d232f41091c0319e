import type { DefinitionKind } from '@procedo/client-api/designer';
import type { SqliteDatabase } from '../../db/sqlite';
import {
  type ChangeRow,
  changesSqlOf,
  DEFINITION_KINDS,
  PLACES,
  type Place,
  pageOfChanges,
} from './definition-change-pages';

export { compareChanges, DEFINITION_KINDS } from './definition-change-pages';
export type DefinitionKindName = DefinitionKind;

/** One published version of any kind: an entry of the definitions' audit trail. */
export interface DefinitionChange {
  kind: DefinitionKindName;
  /** A number, or a datasource's entity. */
  key: number | string;
  /** The definition's name as that version had it (a form's title, a command's name; a navigation's profile). */
  name: string;
  version: number;
  publishedAt: string;
  publishedBy: string;
  changeNote: string;
}

/** A keyset position: the last change of the previous page. */
export type ChangePosition = Pick<DefinitionChange, 'publishedAt' | 'kind' | 'key' | 'version'>;

/** The audit trail of definition changes of one database, newest first. */
export interface DefinitionChangesStore {
  /** Up to `limit` changes of `kinds` after `after` (newest first: instant, kind, key, version descending). */
  page(query: {
    kinds: readonly DefinitionKindName[];
    after: ChangePosition | null;
    limit: number;
  }): Promise<DefinitionChange[]>;
}

/** How a version names its definition, in SQLite's SQL. */
const NAMES: Readonly<Record<DefinitionKindName, string>> = {
  form: "json_extract(json, '$.Title')",
  command: "json_extract(json, '$.name')",
  navigation: '(SELECT name FROM profiles WHERE profiles.id = profile_id)',
  datasource: 'entity',
};

/** One kind's page after a position, in SQLite's SQL (see {@link changesSqlOf}). */
export const changesSql = (kind: DefinitionKindName, place: Place): string =>
  changesSqlOf(kind, place, NAMES[kind]);

/**
 * {@link DefinitionChangesStore} on SQLite: per kind, one range scan of its
 * `(published_at_utc, key, version)` index (migration 28) bounded by the page size, then the
 * kinds merged in order.
 */
export function createSqliteDefinitionChangesStore(db: SqliteDatabase): DefinitionChangesStore {
  const statements = Object.fromEntries(
    DEFINITION_KINDS.map((kind) => [
      kind,
      Object.fromEntries(
        PLACES.map((place) => [
          place,
          db.prepare<Record<string, unknown>, ChangeRow>(changesSql(kind, place)),
        ]),
      ),
    ]),
  ) as Record<
    DefinitionKindName,
    Record<Place, ReturnType<typeof db.prepare<Record<string, unknown>, ChangeRow>>>
  >;

  return {
    page(query) {
      return pageOfChanges(query, async (kind, place, params) => statements[kind][place].all(params));
    },
  };
}
