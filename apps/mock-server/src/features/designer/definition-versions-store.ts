import { createWriter, type SqliteDatabase, type SqliteWriter } from '../../db/sqlite';

/** One published version of a form definition, not yet validated. */
export interface StoredDefinitionVersion {
  webTemplateNo: number;
  version: number;
  schemaVersion: number;
  json: string;
  publishedAt: string;
  publishedBy: string;
  changeNote: string;
}

/** What a publish stores, and the one stored-data question its rules ask inside the transaction. */
export interface PublishInput {
  webTemplateNo: number;
  /** The version the draft started from: the publish is refused unless it is still the latest. */
  baseVersion: number;
  schemaVersion: number;
  json: string;
  /** Now; raised past the latest version's stamp so versions stay in time order. */
  publishedAt: string;
  publishedBy: string;
  changeNote: string;
  /** Refuse when a stored version of a record of `entity` holds a value of one of `names`. */
  refuseValuesOf: { entity: string; names: readonly string[] } | null;
}

export type PublishResult =
  | { ok: true; version: StoredDefinitionVersion }
  | { ok: false; reason: 'missing' }
  | { ok: false; reason: 'stale'; currentVersion: number }
  | { ok: false; reason: 'values'; names: string[] };

/** The published versions of form definitions (append-only) of one database. */
export interface DefinitionVersionStore {
  /** Every form's current version, by number. */
  listCurrent(): Promise<StoredDefinitionVersion[]>;
  /** A form's versions, newest first (the definitions' audit trail). */
  list(webTemplateNo: number): Promise<Omit<StoredDefinitionVersion, 'json' | 'schemaVersion'>[]>;
  get(webTemplateNo: number, version: number): Promise<StoredDefinitionVersion | null>;
  latest(webTemplateNo: number): Promise<StoredDefinitionVersion | null>;
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

interface VersionRow {
  web_template_no: number;
  version: number;
  schema_version: number;
  json: string;
  published_at_utc: string;
  published_by: string;
  change_note: string;
}

const toVersion = (row: VersionRow): StoredDefinitionVersion => ({
  webTemplateNo: row.web_template_no,
  version: row.version,
  schemaVersion: row.schema_version,
  json: row.json,
  publishedAt: row.published_at_utc,
  publishedBy: row.published_by,
  changeNote: row.change_note,
});

/** The version in force at an instant: one seek of `form_definition_versions_at` (migration 24). */
export const VERSION_AT_SQL = `SELECT version FROM form_definition_versions
  WHERE web_template_no = ? AND published_at_utc <= ?
  ORDER BY published_at_utc DESC, version DESC LIMIT 1`;

/** {@link DefinitionVersionStore} on SQLite. */
export function createSqliteDefinitionVersionStore(
  db: SqliteDatabase,
  write: SqliteWriter = createWriter(db),
): DefinitionVersionStore {
  const current = db.prepare<[], VersionRow>(
    `SELECT v.* FROM form_definitions d
     JOIN form_definition_versions v ON v.web_template_no = d.web_template_no AND v.version = d.version
     ORDER BY d.web_template_no`,
  );
  const list = db.prepare<[number], Omit<VersionRow, 'json' | 'schema_version'>>(
    `SELECT web_template_no, version, published_at_utc, published_by, change_note
     FROM form_definition_versions WHERE web_template_no = ? ORDER BY version DESC`,
  );
  const one = db.prepare<[number, number], VersionRow>(
    'SELECT * FROM form_definition_versions WHERE web_template_no = ? AND version = ?',
  );
  const latest = db.prepare<[number], VersionRow>(
    'SELECT * FROM form_definition_versions WHERE web_template_no = ? ORDER BY version DESC LIMIT 1',
  );
  const at = db.prepare<[number, string], { version: number }>(VERSION_AT_SQL);
  // Any stored version counts: old versions keep showing a value the current one cleared.
  const holds = db.prepare<[string, string, string], { n: number }>(
    `SELECT 1 AS n FROM record_versions
     WHERE entity = ? AND json_extract(values_json, ?) IS NOT NULL AND json_extract(values_json, ?) != ''
     LIMIT 1`,
  );
  const insert = db.prepare(
    `INSERT INTO form_definition_versions
       (web_template_no, version, schema_version, json, published_at_utc, published_by, change_note)
     VALUES (@webTemplateNo, @version, @schemaVersion, @json, @publishedAt, @publishedBy, @changeNote)`,
  );
  const makeCurrent = db.prepare(
    `UPDATE form_definitions SET json = @json, schema_version = @schemaVersion, version = @version,
       updated_at_utc = @publishedAt, updated_by = @publishedBy
     WHERE web_template_no = @webTemplateNo`,
  );

  const namesWithValues = (entity: string, names: readonly string[]) =>
    names.filter((name) => {
      const path = `$."${name}"`;
      return holds.get(entity, path, path) !== undefined;
    });

  return {
    async listCurrent() {
      return current.all().map(toVersion);
    },
    async list(webTemplateNo) {
      return list.all(webTemplateNo).map((row) => ({
        webTemplateNo: row.web_template_no,
        version: row.version,
        publishedAt: row.published_at_utc,
        publishedBy: row.published_by,
        changeNote: row.change_note,
      }));
    },
    async get(webTemplateNo, version) {
      const row = one.get(webTemplateNo, version);
      return row ? toVersion(row) : null;
    },
    async latest(webTemplateNo) {
      const row = latest.get(webTemplateNo);
      return row ? toVersion(row) : null;
    },
    async versionAt(webTemplateNo, atIso) {
      return at.get(webTemplateNo, atIso)?.version ?? null;
    },
    async namesWithValues(entity, names) {
      return namesWithValues(entity, names);
    },
    publish(input) {
      return write((): PublishResult => {
        const last = latest.get(input.webTemplateNo);
        if (!last) return { ok: false, reason: 'missing' };
        if (last.version !== input.baseVersion) {
          return { ok: false, reason: 'stale', currentVersion: last.version };
        }
        if (input.refuseValuesOf) {
          const names = namesWithValues(input.refuseValuesOf.entity, input.refuseValuesOf.names);
          if (names.length > 0) return { ok: false, reason: 'values', names };
        }
        // Strictly later than the previous version: "the version in force at T" reads them in
        // version order, and the form's change stamp changes with every publish.
        const floor = Date.parse(last.published_at_utc) + 1;
        const publishedAt =
          Date.parse(input.publishedAt) >= floor ? input.publishedAt : new Date(floor).toISOString();
        const stored: StoredDefinitionVersion = {
          webTemplateNo: input.webTemplateNo,
          version: last.version + 1,
          schemaVersion: input.schemaVersion,
          json: input.json,
          publishedAt,
          publishedBy: input.publishedBy,
          changeNote: input.changeNote,
        };
        insert.run(stored);
        makeCurrent.run(stored);
        return { ok: true, version: stored };
      });
    },
  };
}
