import { createWriter, type SqliteDatabase, type SqliteWriter } from '../../db/sqlite';
import type { SavedFilterRecord } from '../filters/filters-store';

/** One stored version of an entity's datasource; `json` is its `DatasourceColumn[]`. */
export interface StoredDatasourceVersion {
  entity: string;
  version: number;
  json: string;
  publishedAt: string;
  publishedBy: string;
  changeNote: string;
}

/** What a publish stores, and the question about saved filters it asks inside the transaction. */
export interface PublishDatasourceInput {
  entity: string;
  baseVersion: number;
  json: string;
  publishedAt: string;
  publishedBy: string;
  changeNote: string;
  /** The entity's version 1 (derived from the seeded forms), stored first when it has no row yet. */
  seed: StoredDatasourceVersion;
  /** Refuse when `broken` finds saved filters of these forms that the change breaks. */
  refuseFilters: { forms: readonly number[]; broken: (filters: SavedFilterRecord[]) => number[] } | null;
}

export type PublishDatasourceResult =
  | { ok: true; version: StoredDatasourceVersion }
  | { ok: false; reason: 'stale'; currentVersion: number }
  | { ok: false; reason: 'filters'; ids: number[] };

/** The published versions of datasources (append-only) of one database. */
export interface DatasourceStore {
  /** The entities that have a stored version. */
  entities(): Promise<string[]>;
  /** An entity's stored versions, newest first, without their columns. */
  list(entity: string): Promise<Omit<StoredDatasourceVersion, 'json'>[]>;
  get(entity: string, version: number): Promise<StoredDatasourceVersion | null>;
  latest(entity: string): Promise<StoredDatasourceVersion | null>;
  /** The version in force at `atIso`; null before the first stored one (then version 1 is). */
  versionAt(entity: string, atIso: string): Promise<number | null>;
  /** In one write transaction: stores the seed when needed, refuses a stale base or broken filters, appends. */
  publish(input: PublishDatasourceInput): Promise<PublishDatasourceResult>;
}

interface Row {
  entity: string;
  version: number;
  json: string;
  published_at_utc: string;
  published_by: string;
  change_note: string;
}

const toVersion = (row: Row): StoredDatasourceVersion => ({
  entity: row.entity,
  version: row.version,
  json: row.json,
  publishedAt: row.published_at_utc,
  publishedBy: row.published_by,
  changeNote: row.change_note,
});

interface FilterRow {
  id: number;
  web_template_no: number;
  entity_view_name: string;
  owner_user_id: number;
  owner_name: string | null;
  is_shared: number;
  name: string;
  filter_json: string;
  version: number;
  created_by: string;
  created_at_utc: string;
  updated_by: string;
  updated_at_utc: string;
}

/** {@link DatasourceStore} on SQLite (migration 27). */
export function createSqliteDatasourceStore(
  db: SqliteDatabase,
  write: SqliteWriter = createWriter(db),
): DatasourceStore {
  const entities = db.prepare<[], { entity: string }>(
    'SELECT DISTINCT entity FROM datasource_versions ORDER BY 1',
  );
  const list = db.prepare<[string], Omit<Row, 'json'>>(
    `SELECT entity, version, published_at_utc, published_by, change_note FROM datasource_versions
     WHERE entity = ? ORDER BY version DESC`,
  );
  const one = db.prepare<[string, number], Row>(
    'SELECT * FROM datasource_versions WHERE entity = ? AND version = ?',
  );
  const latest = db.prepare<[string], Row>(
    'SELECT * FROM datasource_versions WHERE entity = ? ORDER BY version DESC LIMIT 1',
  );
  const at = db.prepare<[string, string], { version: number }>(
    `SELECT version FROM datasource_versions WHERE entity = ? AND published_at_utc <= ?
     ORDER BY published_at_utc DESC, version DESC LIMIT 1`,
  );
  const insert = db.prepare(
    `INSERT INTO datasource_versions (entity, version, json, published_at_utc, published_by, change_note)
     VALUES (@entity, @version, @json, @publishedAt, @publishedBy, @changeNote)`,
  );
  const filtersOf = db.prepare<[number], FilterRow>(
    `SELECT f.*, u.name AS owner_name FROM saved_filters AS f LEFT JOIN users AS u ON u.id = f.owner_user_id
     WHERE f.web_template_no = ?`,
  );

  return {
    async entities() {
      return entities.all().map((row) => row.entity);
    },
    async list(entity) {
      return list.all(entity).map((row) => ({
        entity: row.entity,
        version: row.version,
        publishedAt: row.published_at_utc,
        publishedBy: row.published_by,
        changeNote: row.change_note,
      }));
    },
    async get(entity, version) {
      const row = one.get(entity, version);
      return row ? toVersion(row) : null;
    },
    async latest(entity) {
      const row = latest.get(entity);
      return row ? toVersion(row) : null;
    },
    async versionAt(entity, atIso) {
      return at.get(entity, atIso)?.version ?? null;
    },
    publish(input) {
      return write((): PublishDatasourceResult => {
        let last = latest.get(input.entity);
        if (!last) {
          insert.run(input.seed);
          last = latest.get(input.entity)!;
        }
        if (last.version !== input.baseVersion)
          return { ok: false, reason: 'stale', currentVersion: last.version };
        if (input.refuseFilters) {
          const rows = input.refuseFilters.forms.flatMap((no) => filtersOf.all(no));
          const ids = input.refuseFilters.broken(
            rows.map((row) => ({
              id: row.id,
              webTemplateNo: row.web_template_no,
              entityViewName: row.entity_view_name,
              ownerId: row.owner_user_id,
              ownerName: row.owner_name ?? '',
              isShared: row.is_shared === 1,
              name: row.name,
              filterJson: row.filter_json,
              version: row.version,
              createdBy: row.created_by,
              createdAt: row.created_at_utc,
              updatedBy: row.updated_by,
              updatedAt: row.updated_at_utc,
            })),
          );
          if (ids.length > 0) return { ok: false, reason: 'filters', ids };
        }
        // Strictly later than the previous version, so "the version in force at T" is well defined.
        const floor = Date.parse(last.published_at_utc) + 1;
        const publishedAt =
          Date.parse(input.publishedAt) >= floor ? input.publishedAt : new Date(floor).toISOString();
        const stored: StoredDatasourceVersion = {
          entity: input.entity,
          version: last.version + 1,
          json: input.json,
          publishedAt,
          publishedBy: input.publishedBy,
          changeNote: input.changeNote,
        };
        insert.run(stored);
        return { ok: true, version: stored };
      });
    },
  };
}
