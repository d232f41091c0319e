import { createWriter, type SqliteDatabase, type SqliteWriter } from '../../db/sqlite';
import {
  createVersionTable,
  type PublishVersionInput,
  type PublishVersionResult,
  type StoredVersion,
  type VersionSummary,
} from '../designer/version-table';
import { SAVED_FILTER_SELECT, type SavedFilterRow, toSavedFilterRecord } from '../filters/filter-rows';
import type { SavedFilterRecord } from '../filters/filters-store';

/** One stored version of an entity's datasource (`key` is the entity); `json` is its `DatasourceColumn[]`. */
export type StoredDatasourceVersion = StoredVersion<string>;

/** What a publish stores, and the question about saved filters it asks inside the transaction. */
export interface PublishDatasourceInput extends PublishVersionInput<string> {
  /** The entity's version 1 (derived from the seeded forms), stored first when it has no row yet. */
  seed: StoredDatasourceVersion;
  /** Refuse when `broken` finds saved filters of these forms that the change breaks. */
  refuseFilters: { forms: readonly number[]; broken: (filters: SavedFilterRecord[]) => number[] } | null;
}

export type PublishDatasourceResult = PublishVersionResult<
  { ok: false; reason: 'filters'; ids: number[] },
  string
>;

/** The published versions of datasources (append-only) of one database. */
export interface DatasourceStore {
  /** The entities that have a stored version. */
  entities(): Promise<string[]>;
  /** An entity's stored versions, newest first, without their columns. */
  list(entity: string): Promise<VersionSummary<string>[]>;
  get(entity: string, version: number): Promise<StoredDatasourceVersion | null>;
  latest(entity: string): Promise<StoredDatasourceVersion | null>;
  /** The version in force at `atIso`; null before the first stored one (then version 1 is). */
  versionAt(entity: string, atIso: string): Promise<number | null>;
  /** In one write transaction: stores the seed when needed, refuses a stale base or broken filters, appends. */
  publish(input: PublishDatasourceInput): Promise<PublishDatasourceResult>;
}

/** {@link DatasourceStore} on SQLite (migration 27). */
export function createSqliteDatasourceStore(
  db: SqliteDatabase,
  write: SqliteWriter = createWriter(db),
): DatasourceStore {
  const table = createVersionTable<StoredDatasourceVersion, string>(db, {
    table: 'datasource_versions',
    keyColumn: 'entity',
  });
  const entities = db.prepare<[], { entity: string }>(
    'SELECT DISTINCT entity FROM datasource_versions ORDER BY 1',
  );
  const hasVersions = db.prepare<[string], { n: number }>(
    'SELECT 1 AS n FROM datasource_versions WHERE entity = ? LIMIT 1',
  );
  const insertSeed = db.prepare(
    `INSERT INTO datasource_versions (entity, version, json, published_at_utc, published_by, change_note)
     VALUES (@key, @version, @json, @publishedAt, @publishedBy, @changeNote)`,
  );
  const filtersOf = db.prepare<[number], SavedFilterRow>(
    `${SAVED_FILTER_SELECT} WHERE f.web_template_no = ?`,
  );

  return {
    ...table.reads,
    async entities() {
      return entities.all().map((row) => row.entity);
    },
    async versionAt(entity, atIso) {
      return table.versionAt(entity, atIso);
    },
    publish(input) {
      return write((): PublishDatasourceResult => {
        // Before its first publish an entity is at its seed: store it as version 1 first.
        if (!hasVersions.get(input.key)) insertSeed.run(input.seed);
        const refuse = (): { ok: false; reason: 'filters'; ids: number[] } | null => {
          if (!input.refuseFilters) return null;
          const rows = input.refuseFilters.forms.flatMap((no) => filtersOf.all(no));
          const ids = input.refuseFilters.broken(rows.map(toSavedFilterRecord));
          return ids.length > 0 ? { ok: false, reason: 'filters', ids } : null;
        };
        // Datasources have no current-definition table: the latest version is the one in force.
        return table.publish(input, { refuse, makeCurrent: () => undefined });
      });
    },
  };
}
