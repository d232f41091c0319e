import type { PgDatabase } from '../../db/pg';
import { type ChangeRow, changesSqlOf, type Place, pageOfChanges } from './definition-change-pages';
import type { DefinitionChangesStore, DefinitionKindName } from './definition-changes-store';

/** How a version names its definition, in PostgreSQL's SQL (JSON is stored as text). */
const NAMES: Readonly<Record<DefinitionKindName, string>> = {
  form: "(json::jsonb ->> 'Title')",
  command: "(json::jsonb ->> 'name')",
  navigation: '(SELECT name FROM profiles WHERE profiles.id = profile_id)',
  datasource: 'entity',
};

/** A statement with `@name` parameters as PostgreSQL's `$n`, and the names in their order. */
function positional(sql: string): { text: string; names: string[] } {
  const names: string[] = [];
  const text = sql.replace(/@(\w+)/g, (_, name: string) => {
    if (!names.includes(name)) names.push(name);
    return `$${names.indexOf(name) + 1}`;
  });
  return { text, names };
}

/** One kind's page after a position, in PostgreSQL's SQL, with its parameters' names in order. */
export const pgChangesSql = (kind: DefinitionKindName, place: Place) =>
  positional(changesSqlOf(kind, place, NAMES[kind]));

/**
 * {@link DefinitionChangesStore} on PostgreSQL: per kind, one backward range scan of its
 * `(published_at_utc, key, version)` index bounded by the page size, then the kinds merged in
 * order (the same merge as SQLite's).
 */
export function createPgDefinitionChangesStore(db: PgDatabase): DefinitionChangesStore {
  return {
    page(query) {
      return pageOfChanges(query, (kind, place, params) => {
        const { text, names } = pgChangesSql(kind, place);
        return db.many<ChangeRow>(
          text,
          names.map((name) => params[name as keyof typeof params]),
        );
      });
    },
  };
}
