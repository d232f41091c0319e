import type { PgDatabase } from '../../db/pg';
import { positional } from '../../db/pg-named';
import {
  type ChangeRow,
  changesSqlOf,
  type FetchChanges,
  type Place,
  pageOfChanges,
} from './definition-change-pages';
import type { DefinitionChangesStore, DefinitionKindName } from './definition-changes-store';

/** How a version names its definition, in PostgreSQL's SQL (JSON is stored as text). */
const NAMES: Readonly<Record<DefinitionKindName, string>> = {
  form: "(json::jsonb ->> 'Title')",
  command: "(json::jsonb ->> 'name')",
  navigation: '(SELECT name FROM profiles WHERE profiles.id = profile_id)',
  datasource: 'entity',
};

/** One kind's page after a position, in PostgreSQL's SQL with its parameters bound in order. */
export const pgChangesSql = (
  kind: DefinitionKindName,
  place: Place,
  params: Parameters<FetchChanges>[2],
): { text: string; values: unknown[] } => positional(changesSqlOf(kind, place, NAMES[kind]), params);

/**
 * {@link DefinitionChangesStore} on PostgreSQL: per kind, one backward range scan of its
 * `(published_at_utc, key, version)` index bounded by the page size, then the kinds merged in
 * order (the same merge as SQLite's).
 */
export function createPgDefinitionChangesStore(db: PgDatabase): DefinitionChangesStore {
  return {
    page(query) {
      return pageOfChanges(query, (kind, place, params) => {
        const { text, values } = pgChangesSql(kind, place, params);
        return db.many<ChangeRow>(text, values);
      });
    },
  };
}
