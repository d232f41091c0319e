import type { PgDatabase, PgExecutor } from '../../db/pg';
import {
  insertValues,
  nextVersion,
  toSummary,
  type VersionRow,
  type VersionTableOptions,
  versionAtSql,
  versionTableSql,
} from './version-rows';
import type {
  PublishVersionInput,
  PublishVersionResult,
  StoredVersion,
  VersionKey,
  VersionReads,
} from './version-table';

/** The SQL of one kind's versions table on PostgreSQL; the writes run inside a caller's transaction. */
export interface PgVersionTable<V extends StoredVersion<VersionKey> = StoredVersion> {
  reads: VersionReads<V>;
  /** The version in force at `atIso`: the newest published at or before it; null before the first. */
  versionAt(key: V['key'], atIso: string, on?: PgExecutor): Promise<number | null>;
  /**
   * Inside the caller's transaction `tx`: refuses a missing definition or a stale base, then asks
   * `refuse` (a kind's own rule, checked against what is stored now), then appends the version
   * and lets `makeCurrent` update the kind's current-definition tables.
   */
  publish<Refusal>(
    tx: PgExecutor,
    input: PublishVersionInput<V['key']>,
    hooks: {
      refuse?: () => Promise<Refusal | null>;
      /** Columns of the kind's table beyond the common ones, e.g. `{ schema_version: 1 }`. */
      columns?: Readonly<Record<string, number | string>>;
      makeCurrent: (stored: StoredVersion<V['key']>) => Promise<void>;
    },
  ): Promise<PublishVersionResult<Refusal, V['key']>>;
}

/** PostgreSQL's parameters. */
const pgPlaceholder = (n: number) => `$${n}`;

/** The newest version at or before an instant: one backward seek of the kind's `(key, published_at_utc, version)` index. */
export const pgVersionAtSql = (table: string, keyColumn: string): string =>
  versionAtSql(table, keyColumn, pgPlaceholder);

/**
 * {@link PgVersionTable} over `table`: the same table, statements and rules as the SQLite
 * `createVersionTable`, for any kind.
 */
export function createPgVersionTable<
  V extends StoredVersion<VersionKey> = StoredVersion,
  K extends V['key'] = V['key'],
>(db: PgDatabase, spec: VersionTableOptions<V, K>): PgVersionTable<V> {
  const sql = versionTableSql(spec, pgPlaceholder);
  const latest = (on: PgExecutor, key: VersionKey) =>
    on.one<VersionRow & Record<string, unknown>>(sql.latest, [key]);

  return {
    reads: {
      async list(key) {
        return (await db.many<Omit<VersionRow, 'json'>>(sql.list, [key])).map((row) =>
          toSummary<V['key']>(row),
        );
      },
      async get(key, version) {
        const row = await db.one<VersionRow & Record<string, unknown>>(sql.one, [key, version]);
        return row ? sql.read(row) : null;
      },
      async latest(key) {
        const row = await latest(db, key);
        return row ? sql.read(row) : null;
      },
    },
    async versionAt(key, atIso, on = db) {
      return (await on.one<{ version: number }>(sql.at, [key, atIso]))?.version ?? null;
    },
    async publish(tx, input, hooks) {
      const last = await latest(tx, input.key);
      if (!last) return { ok: false, reason: 'missing' };
      if (last.version !== input.baseVersion) {
        return { ok: false, reason: 'stale', currentVersion: last.version };
      }
      const refusal = (await hooks.refuse?.()) ?? null;
      if (refusal !== null) return refusal;
      const stored = nextVersion(last, input);
      await tx.run(sql.insert, insertValues(spec, stored, hooks.columns));
      await hooks.makeCurrent(stored);
      return { ok: true, version: stored };
    },
  };
}
