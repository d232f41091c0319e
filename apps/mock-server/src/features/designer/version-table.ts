import type { SqliteDatabase } from '../../db/sqlite';
import {
  insertValues,
  nextVersion,
  versionAtSql as sharedVersionAtSql,
  toSummary,
  type VersionRow,
  type VersionTableOptions,
  versionTableSql,
} from './version-rows';

/**
 * The published versions of one kind of definition (a form, a process command, …), as an
 * append-only table keyed by the definition's number and a version counting from 1. Each kind's
 * store composes one of these and adds what publishing makes current.
 */

/** What a definition is known by: a number (a form, a command) or a name (a datasource's entity). */
export type VersionKey = number | string;

/** One published version, not yet validated. */
export interface StoredVersion<K extends VersionKey = number> {
  /** The definition's number (a form's `WebTemplateNo`, a command's id, …) or name. */
  key: K;
  version: number;
  json: string;
  publishedAt: string;
  publishedBy: string;
  changeNote: string;
}

/** A version's stamp, without its body: the definitions' audit trail (who, when, why). */
export type VersionSummary<K extends VersionKey = number> = Omit<StoredVersion<K>, 'json'>;

/** What a publish appends. */
export interface PublishVersionInput<K extends VersionKey = number> {
  key: K;
  /** The version the draft started from: the publish is refused unless it is still the latest. */
  baseVersion: number;
  json: string;
  /** Now; raised past the latest version's stamp so versions stay in time order. */
  publishedAt: string;
  publishedBy: string;
  changeNote: string;
}

/** How a publish ended: stored, or refused with nothing stored. */
export type PublishVersionResult<Refusal = never, K extends VersionKey = number> =
  | { ok: true; version: StoredVersion<K> }
  | { ok: false; reason: 'missing' }
  | { ok: false; reason: 'stale'; currentVersion: number }
  | Refusal;

/** The reads every kind's store offers. */
export interface VersionReads<V extends StoredVersion<VersionKey> = StoredVersion> {
  /** A definition's versions, newest first. */
  list(key: V['key']): Promise<VersionSummary<V['key']>[]>;
  get(key: V['key'], version: number): Promise<V | null>;
  latest(key: V['key']): Promise<V | null>;
}

/** The SQL of one kind's versions table; the synchronous parts run inside a caller's write. */
export interface VersionTable<V extends StoredVersion<VersionKey> = StoredVersion> {
  reads: VersionReads<V>;
  /** The version in force at `atIso`: the newest published at or before it; null before the first. */
  versionAt(key: V['key'], atIso: string): number | null;
  /**
   * Inside the caller's write transaction: refuses a missing definition or a stale base, then
   * asks `refuse` (a kind's own rule, checked against what is stored now), then appends the
   * version and lets `makeCurrent` update the kind's current-definition tables.
   */
  publish<Refusal>(
    input: PublishVersionInput<V['key']>,
    hooks: {
      refuse?: () => Refusal | null;
      /** Columns of the kind's table beyond the common ones, e.g. `{ schema_version: 1 }`. */
      columns?: Readonly<Record<string, number | string>>;
      makeCurrent: (stored: StoredVersion<V['key']>) => void;
    },
  ): PublishVersionResult<Refusal, V['key']>;
}

/** The newest version at or before an instant, in `table` keyed by `keyColumn`: one seek of its (key, published_at_utc) index. */
export const versionAtSql = (table: string, keyColumn: string): string =>
  sharedVersionAtSql(table, keyColumn, () => '?');

/**
 * {@link VersionTable} over `table` (columns `keyColumn`, version, json, published_at_utc,
 * published_by, change_note, and any `extraColumns` a kind adds).
 */
export function createVersionTable<
  V extends StoredVersion<VersionKey> = StoredVersion,
  K extends V['key'] = V['key'],
>(db: SqliteDatabase, spec: VersionTableOptions<V, K>): VersionTable<V> {
  const sql = versionTableSql(spec, () => '?');
  const list = db.prepare<[VersionKey], Omit<VersionRow, 'json'>>(sql.list);
  const one = db.prepare<[VersionKey, number], VersionRow & Record<string, unknown>>(sql.one);
  const latest = db.prepare<[VersionKey], VersionRow & Record<string, unknown>>(sql.latest);
  const at = db.prepare<[VersionKey, string], { version: number }>(sql.at);
  const insert = db.prepare<(number | string)[]>(sql.insert);

  return {
    reads: {
      async list(key) {
        return list.all(key).map((row) => toSummary<V['key']>(row));
      },
      async get(key, version) {
        const row = one.get(key, version);
        return row ? sql.read(row) : null;
      },
      async latest(key) {
        const row = latest.get(key);
        return row ? sql.read(row) : null;
      },
    },
    versionAt(key, atIso) {
      return at.get(key, atIso)?.version ?? null;
    },
    publish(input, hooks) {
      const last = latest.get(input.key);
      if (!last) return { ok: false, reason: 'missing' };
      if (last.version !== input.baseVersion) {
        return { ok: false, reason: 'stale', currentVersion: last.version };
      }
      const refusal = hooks.refuse?.() ?? null;
      if (refusal !== null) return refusal;
      const stored = nextVersion(last, input);
      insert.run(...insertValues(spec, stored, hooks.columns));
      hooks.makeCurrent(stored);
      return { ok: true, version: stored };
    },
  };
}
