import { createWriter, type SqliteDatabase, type SqliteWriter } from '../../db/sqlite';
import {
  createVersionTable,
  type PublishVersionInput,
  type PublishVersionResult,
  type StoredVersion,
  type VersionReads,
  versionAtSql,
} from './version-table';

/** One published version of a form definition, not yet validated; the key is its `WebTemplateNo`. */
export interface StoredDefinitionVersion extends StoredVersion {
  schemaVersion: number;
}

/** What a form publish stores, and the one stored-data question its rules ask inside the transaction. */
export interface PublishInput extends PublishVersionInput {
  schemaVersion: number;
  /** Refuse when a stored version of a record of `entity` holds a value of one of `names`. */
  refuseValuesOf: { entity: string; names: readonly string[] } | null;
}

export type PublishResult = PublishVersionResult<{ ok: false; reason: 'values'; names: string[] }>;

/** The published versions of form definitions (append-only) of one database; the key is the form's number. */
export interface DefinitionVersionStore extends VersionReads<StoredDefinitionVersion> {
  /** Every form's current version, by number. */
  listCurrent(): Promise<StoredDefinitionVersion[]>;
  /** The version in force at `atIso`: the newest published at or before it; null before the first. */
  versionAt(webTemplateNo: number, atIso: string): Promise<number | null>;
  /** Which of `names` a stored version of a record of `entity` holds a value of (not null, not ''). */
  namesWithValues(entity: string, names: readonly string[]): Promise<string[]>;
  /**
   * In one write transaction: refuses a stale base or values of `refuseValuesOf`, else appends
   * the version and makes it the form's current definition (`form_definitions`).
   */
  publish(input: PublishInput): Promise<PublishResult>;
}

/** The version in force at an instant: one seek of `form_definition_versions_at` (migration 24). */
export const VERSION_AT_SQL = versionAtSql('form_definition_versions', 'web_template_no');

/** {@link DefinitionVersionStore} on SQLite. */
export function createSqliteDefinitionVersionStore(
  db: SqliteDatabase,
  write: SqliteWriter = createWriter(db),
): DefinitionVersionStore {
  const table = createVersionTable(db, {
    table: 'form_definition_versions',
    keyColumn: 'web_template_no',
    extraColumns: ['schema_version'],
    fromRow: (version, row) => ({ ...version, schemaVersion: Number(row.schema_version) }),
  });
  const current = db.prepare<[], StoredDefinitionVersion>(
    `SELECT v.web_template_no AS key, v.version, v.schema_version AS schemaVersion, v.json, v.published_at_utc AS publishedAt,
       v.published_by AS publishedBy, v.change_note AS changeNote
     FROM form_definitions d
     JOIN form_definition_versions v ON v.web_template_no = d.web_template_no AND v.version = d.version
     ORDER BY d.web_template_no`,
  );
  // Any stored version counts: old versions keep showing a value the current one cleared.
  const holds = db.prepare<[string, string, string], { n: number }>(
    `SELECT 1 AS n FROM record_versions
     WHERE entity = ? AND json_extract(values_json, ?) IS NOT NULL AND json_extract(values_json, ?) != ''
     LIMIT 1`,
  );
  const makeCurrent = db.prepare(
    `UPDATE form_definitions SET json = @json, schema_version = @schemaVersion, version = @version,
       updated_at_utc = @publishedAt, updated_by = @publishedBy
     WHERE web_template_no = @key`,
  );

  const namesWithValues = (entity: string, names: readonly string[]) =>
    names.filter((name) => {
      const path = `$."${name}"`;
      return holds.get(entity, path, path) !== undefined;
    });

  return {
    ...table.reads,
    async listCurrent() {
      return current.all();
    },
    async versionAt(webTemplateNo, atIso) {
      return table.versionAt(webTemplateNo, atIso);
    },
    async namesWithValues(entity, names) {
      return namesWithValues(entity, names);
    },
    publish(input) {
      return write(
        (): PublishResult =>
          table.publish(input, {
            columns: { schema_version: input.schemaVersion },
            refuse: () => {
              if (!input.refuseValuesOf) return null;
              const names = namesWithValues(input.refuseValuesOf.entity, input.refuseValuesOf.names);
              return names.length > 0 ? { ok: false, reason: 'values', names } : null;
            },
            makeCurrent: (stored) => makeCurrent.run({ ...stored, schemaVersion: input.schemaVersion }),
          }),
      );
    },
  };
}
