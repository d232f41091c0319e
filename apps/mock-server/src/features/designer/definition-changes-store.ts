import { type DefinitionKind, DefinitionKindSchema } from '@procedo/client-api';
import type { SqliteDatabase } from '../../db/sqlite';

/** The kinds of versioned definition, in the order a tie on the same instant lists them (later first). */
export const DEFINITION_KINDS = DefinitionKindSchema.options;
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

/** Where each kind's versions are, and how a version names its definition. */
const TABLES: Readonly<Record<DefinitionKindName, { table: string; keyColumn: string; name: string }>> = {
  form: {
    table: 'form_definition_versions',
    keyColumn: 'web_template_no',
    name: "json_extract(json, '$.Title')",
  },
  command: {
    table: 'process_command_versions',
    keyColumn: 'command_id',
    name: "json_extract(json, '$.name')",
  },
  navigation: {
    table: 'navigation_versions',
    keyColumn: 'profile_id',
    name: '(SELECT name FROM profiles WHERE profiles.id = profile_id)',
  },
  datasource: { table: 'datasource_versions', keyColumn: 'entity', name: 'entity' },
};

const rank = (kind: DefinitionKindName) => DEFINITION_KINDS.indexOf(kind);

/** Newest first: instant, then kind, key and version, all descending. */
export function compareChanges(a: ChangePosition, b: ChangePosition): number {
  if (a.publishedAt !== b.publishedAt) return a.publishedAt < b.publishedAt ? 1 : -1;
  if (a.kind !== b.kind) return rank(b.kind) - rank(a.kind);
  if (a.key !== b.key) return a.key < b.key ? 1 : -1;
  return b.version - a.version;
}

interface ChangeRow {
  key: number | string;
  name: string | null;
  version: number;
  published_at_utc: string;
  published_by: string;
  change_note: string;
}

const PLACES = ['first', 'atOrBefore', 'before', 'after'] as const;
type Place = (typeof PLACES)[number];

/**
 * One kind's page after a position (`@at`, `@key`, `@version`; `@limit` rows): `first` from the
 * newest; `atOrBefore` after a position of a kind listed earlier at the same instant (this kind's
 * changes at that instant come next); `before` after a kind listed later (its instant is done);
 * `after` after a position of this kind.
 */
export function changesSql(kind: DefinitionKindName, place: Place): string {
  const { table, keyColumn, name } = TABLES[kind];
  const where = {
    first: '',
    atOrBefore: 'WHERE published_at_utc <= @at',
    before: 'WHERE published_at_utc < @at',
    after: `WHERE (published_at_utc, ${keyColumn}, version) < (@at, @key, @version)`,
  }[place];
  return `SELECT ${keyColumn} AS key, ${name} AS name, version, published_at_utc, published_by, change_note
    FROM ${table} ${where}
    ORDER BY published_at_utc DESC, ${keyColumn} DESC, version DESC LIMIT @limit`;
}

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
    async page({ kinds, after, limit }) {
      const changes: DefinitionChange[] = [];
      for (const kind of kinds) {
        const statement = statements[kind];
        const rows =
          after === null
            ? statement.first.all({ limit })
            : after.kind === kind
              ? statement.after.all({ at: after.publishedAt, key: after.key, version: after.version, limit })
              : rank(kind) < rank(after.kind)
                ? statement.atOrBefore.all({ at: after.publishedAt, limit })
                : statement.before.all({ at: after.publishedAt, limit });
        for (const row of rows) {
          changes.push({
            kind,
            key: row.key,
            name: row.name ?? '',
            version: row.version,
            publishedAt: row.published_at_utc,
            publishedBy: row.published_by,
            changeNote: row.change_note,
          });
        }
      }
      return changes.sort(compareChanges).slice(0, limit);
    },
  };
}
