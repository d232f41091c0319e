import type { PublishVersionInput, StoredVersion, VersionKey, VersionSummary } from './version-table';

/**
 * What both engines' version tables share: the row of a kind's versions table and its mapping,
 * its statements (the same text on both, but for the parameters' placeholders) and the next
 * version a publish appends.
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

/** A kind's spec with how its version reads its extra columns (the common ones by default). */
export interface VersionTableOptions<V extends StoredVersion<VersionKey>, K extends V['key']>
  extends VersionTableSpec {
  fromRow?: (version: StoredVersion<K>, row: Readonly<Record<string, unknown>>) => V;
}

/** How a dialect writes the n-th (from 1) parameter: SQLite's `?`, PostgreSQL's `$n`. */
export type Placeholder = (n: number) => string;

/**
 * The newest version at or before an instant, in `table` keyed by `keyColumn`: one seek of its
 * (key, published_at_utc, version) index.
 */
export const versionAtSql = (table: string, keyColumn: string, p: Placeholder): string =>
  `SELECT version FROM ${table}
  WHERE ${keyColumn} = ${p(1)} AND published_at_utc <= ${p(2)}
  ORDER BY published_at_utc DESC, version DESC LIMIT 1`;

/**
 * The statements of a kind's table (both engines run the same text but for the placeholders) and
 * the mapping of its rows. The names are the code's own, never input: they are checked to be
 * plain identifiers all the same.
 */
export function versionTableSql<V extends StoredVersion<VersionKey>, K extends V['key']>(
  spec: VersionTableOptions<V, K>,
  p: Placeholder,
) {
  const { table, keyColumn } = spec;
  const extraColumns = spec.extraColumns ?? [];
  for (const name of [table, keyColumn, ...extraColumns]) {
    if (!IDENTIFIER.test(name)) throw new Error(`Not a column or table name: ${name}`);
  }
  const common = ['version', 'json', 'published_at_utc', 'published_by', 'change_note'];
  const columns = [`${keyColumn} AS key`, ...common, ...extraColumns].join(', ');
  const insert = [keyColumn, ...common, ...extraColumns];
  const fromRow = spec.fromRow ?? ((version: StoredVersion<K>) => version as unknown as V);
  return {
    list: `SELECT ${keyColumn} AS key, version, published_at_utc, published_by, change_note
     FROM ${table} WHERE ${keyColumn} = ${p(1)} ORDER BY version DESC`,
    one: `SELECT ${columns} FROM ${table} WHERE ${keyColumn} = ${p(1)} AND version = ${p(2)}`,
    latest: `SELECT ${columns} FROM ${table} WHERE ${keyColumn} = ${p(1)} ORDER BY version DESC LIMIT 1`,
    at: versionAtSql(table, keyColumn, p),
    insert: `INSERT INTO ${table} (${insert.join(', ')}) VALUES (${insert.map((_, i) => p(i + 1)).join(', ')})`,
    read: (row: VersionRow & Record<string, unknown>): V => fromRow(toVersion(row) as StoredVersion<K>, row),
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

/** The values of the insert statement ({@link versionTableSql}) for a stored version and a kind's extra columns. */
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
