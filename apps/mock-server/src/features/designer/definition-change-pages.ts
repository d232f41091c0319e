import { DefinitionKindSchema } from '@procedo/client-api/designer';
import type { ChangePosition, DefinitionChange, DefinitionKindName } from './definition-changes-store';

/**
 * What both engines' audit trail of definition changes shares: the kinds' tables, the keyset
 * statements (the same text but for each kind's name expression and the parameters' spelling),
 * the order and the merge of the kinds' pages.
 */

/** The kinds of versioned definition, in the order a tie on the same instant lists them (later first). */
export const DEFINITION_KINDS = DefinitionKindSchema.options;

/** Where each kind's versions are. */
export const CHANGE_TABLES: Readonly<Record<DefinitionKindName, { table: string; keyColumn: string }>> = {
  form: { table: 'form_definition_versions', keyColumn: 'web_template_no' },
  command: { table: 'process_command_versions', keyColumn: 'command_id' },
  navigation: { table: 'navigation_versions', keyColumn: 'profile_id' },
  datasource: { table: 'datasource_versions', keyColumn: 'entity' },
};

const rank = (kind: DefinitionKindName) => DEFINITION_KINDS.indexOf(kind);

/** Newest first: instant, then kind, key and version, all descending. */
export function compareChanges(a: ChangePosition, b: ChangePosition): number {
  if (a.publishedAt !== b.publishedAt) return a.publishedAt < b.publishedAt ? 1 : -1;
  if (a.kind !== b.kind) return rank(b.kind) - rank(a.kind);
  if (a.key !== b.key) return a.key < b.key ? 1 : -1;
  return b.version - a.version;
}

/** A row of a kind's page. */
export interface ChangeRow {
  key: number | string;
  name: string | null;
  version: number;
  published_at_utc: string;
  published_by: string;
  change_note: string;
}

export const PLACES = ['first', 'atOrBefore', 'before', 'after'] as const;
export type Place = (typeof PLACES)[number];

/**
 * One kind's page after a position (`@at`, `@key`, `@version`; `@limit` rows): `first` from the
 * newest; `atOrBefore` after a position of a kind listed earlier at the same instant (this kind's
 * changes at that instant come next); `before` after a kind listed later (its instant is done);
 * `after` after a position of this kind. `name` is the dialect's expression of a version's name.
 */
export function changesSqlOf(kind: DefinitionKindName, place: Place, name: string): string {
  const { table, keyColumn } = CHANGE_TABLES[kind];
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

/** A kind's page at a place, with the named parameters it takes. */
export type FetchChanges = (
  kind: DefinitionKindName,
  place: Place,
  params: { at?: string; key?: number | string; version?: number; limit: number },
) => Promise<ChangeRow[]>;

/**
 * Up to `limit` changes of `kinds` after `after`: per kind one range scan of its
 * `(published_at_utc, key, version)` index bounded by the page size, then the kinds merged in order.
 */
export async function pageOfChanges(
  query: { kinds: readonly DefinitionKindName[]; after: ChangePosition | null; limit: number },
  fetch: FetchChanges,
): Promise<DefinitionChange[]> {
  const { kinds, after, limit } = query;
  const changes: DefinitionChange[] = [];
  for (const kind of kinds) {
    const rows =
      after === null
        ? await fetch(kind, 'first', { limit })
        : after.kind === kind
          ? await fetch(kind, 'after', {
              at: after.publishedAt,
              key: after.key,
              version: after.version,
              limit,
            })
          : rank(kind) < rank(after.kind)
            ? await fetch(kind, 'atOrBefore', { at: after.publishedAt, limit })
            : await fetch(kind, 'before', { at: after.publishedAt, limit });
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
}
