import type { PublishVersionInput, StoredVersion, VersionKey, VersionSummary } from './version-table';

/**
 * What both engines' version tables share: the row of a kind's versions table, its mapping, the
 * checked column names and the next version a publish appends. SQL-free.
 */

/** A row of a kind's versions table, its key column read `AS key`. */
export interface VersionRow {
  key: VersionKey;
  version: number;
  json: string;
  published_at_utc: string;
  published_by: string;
  change_note: string;
}

export const toVersion = (row: VersionRow): StoredVersion<VersionKey> => ({
  key: row.key,
  version: row.version,
  json: row.json,
  publishedAt: row.published_at_utc,
  publishedBy: row.published_by,
  changeNote: row.change_note,
});

export const toSummary = <K extends VersionKey>(row: Omit<VersionRow, 'json'>): VersionSummary<K> => ({
  key: row.key as K,
  version: row.version,
  publishedAt: row.published_at_utc,
  publishedBy: row.published_by,
  changeNote: row.change_note,
});

const IDENTIFIER = /^[a-z_]+$/;

/** The table's shape as a kind configures it. */
export interface VersionTableSpec {
  table: string;
  keyColumn: string;
  extraColumns?: readonly string[];
}

/**
 * The select list (key `AS key`) and the insert columns of a kind's table. The names are the
 * code's own, never input: they are checked to be plain identifiers all the same.
 */
export function versionColumns(spec: VersionTableSpec): { select: string; insert: string[] } {
  const extraColumns = spec.extraColumns ?? [];
  for (const name of [spec.table, spec.keyColumn, ...extraColumns]) {
    if (!IDENTIFIER.test(name)) throw new Error(`Not a column or table name: ${name}`);
  }
  const common = ['version', 'json', 'published_at_utc', 'published_by', 'change_note'];
  return {
    select: [`${spec.keyColumn} AS key`, ...common, ...extraColumns].join(', '),
    insert: [spec.keyColumn, ...common, ...extraColumns],
  };
}

/** The version a publish appends after `last`. */
export function nextVersion<K extends VersionKey>(
  last: Pick<VersionRow, 'version' | 'published_at_utc'>,
  input: PublishVersionInput<K>,
): StoredVersion<K> {
  // Strictly later than the previous version: "the version in force at T" reads them in
  // version order, and the definition's change stamp changes with every publish.
  const floor = Date.parse(last.published_at_utc) + 1;
  const publishedAt =
    Date.parse(input.publishedAt) >= floor ? input.publishedAt : new Date(floor).toISOString();
  return {
    key: input.key,
    version: last.version + 1,
    json: input.json,
    publishedAt,
    publishedBy: input.publishedBy,
    changeNote: input.changeNote,
  };
}

/** The values of the insert columns ({@link versionColumns}) for a stored version and a kind's extra columns. */
export function insertValues(
  spec: VersionTableSpec,
  stored: StoredVersion<VersionKey>,
  extra: Readonly<Record<string, number | string>> = {},
): (number | string)[] {
  const values = (spec.extraColumns ?? []).map((name) => {
    const value = extra[name];
    if (value === undefined) throw new Error(`Column ${name} of ${spec.table} has no value`);
    return value;
  });
  return [
    stored.key,
    stored.version,
    stored.json,
    stored.publishedAt,
    stored.publishedBy,
    stored.changeNote,
    ...values,
  ];
}
