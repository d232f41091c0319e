import { type FieldValue, type FieldValues, FormDefinitionSchema } from '@procedo/client-api';
import { indexFields } from '../features/records/entities';
import { businessRows } from './business-data';
import {
  ELEMENT_PERMISSIONS,
  FORM_ACCESS_DENIED,
  formDefinitions,
  NAVIGATION_UPDATES,
} from './form-seed-data';
import type { SeedKind } from './seed-data';
import type { SqliteDatabase } from './sqlite';

/** Who seeded data is recorded as. */
export const SYSTEM_USER = 'system';

/**
 * Seeds the forms, element permissions and business records once per database (`meta.forms_seeded_at`),
 * also into databases created before forms existed, and moves their navigation to the forms'
 * numbers. Definitions are validated with the shared schema first: a bad one stops the start.
 */
export function seedFormsIfNeeded(db: SqliteDatabase, kind: SeedKind, now: number): boolean {
  const isSeeded = () => db.prepare("SELECT 1 FROM meta WHERE key = 'forms_seeded_at'").get() !== undefined;
  if (isSeeded()) return false;
  const definitions = formDefinitions(kind).map((definition) => FormDefinitionSchema.parse(definition));
  const at = new Date(now).toISOString();

  const insertDefinition = db.prepare(
    `INSERT INTO form_definitions (web_template_no, schema_version, json, updated_at_utc, updated_by)
     VALUES (?, ?, ?, ?, ?)`,
  );
  const insertPermission = db.prepare(
    `INSERT INTO element_permissions (web_template_no, element_name, owner_type, owner_id, hidden, locked)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const moveNode = db.prepare(
    `UPDATE navigation_nodes SET url = ?, title = coalesce(?, title), description = coalesce(?, description)
     WHERE title = ? AND url = ?`,
  );
  const insertRecord = db.prepare(
    `INSERT INTO records (entity, current_version, is_deleted, title, search_key, parent_id)
     VALUES (?, 1, 0, ?, ?, ?)`,
  );
  const insertVersion = db.prepare(
    `INSERT INTO record_versions (record_id, version, entity, values_json, is_deleted, updated_by, updated_at_utc)
     VALUES (?, 1, ?, ?, 0, ?, ?)`,
  );

  return db.transaction(() => {
    if (isSeeded()) return false;
    const known = new Set(definitions.map((definition) => definition.WebTemplateNo));
    for (const definition of definitions) {
      insertDefinition.run(
        definition.WebTemplateNo,
        definition.schemaVersion,
        JSON.stringify(definition),
        at,
        SYSTEM_USER,
      );
    }
    for (const p of ELEMENT_PERMISSIONS) {
      if (!known.has(p.webTemplateNo)) continue;
      insertPermission.run(
        p.webTemplateNo,
        p.elementName,
        p.ownerType,
        p.ownerId,
        p.hidden ? 1 : 0,
        p.locked ? 1 : 0,
      );
    }
    for (const move of NAVIGATION_UPDATES) {
      moveNode.run(move.to, move.newTitle ?? null, move.newDescription ?? null, move.title, move.from);
    }
    const ids: number[] = [];
    const resolve = (value: FieldValue): FieldValue => {
      if (value && typeof value === 'object' && 'Text' in value && value.Id.startsWith('ref:')) {
        return { Id: String(ids[Number(value.Id.slice(4))]), Text: value.Text };
      }
      return value;
    };
    for (const row of businessRows(kind)) {
      const values: FieldValues = Object.fromEntries(
        Object.entries(row.values).map(([name, value]) => [name, resolve(value)]),
      );
      const index = indexFields(row.entity, values);
      const id = Number(
        insertRecord.run(row.entity, index.title, index.searchKey, index.parentId).lastInsertRowid,
      );
      insertVersion.run(id, row.entity, JSON.stringify(values), SYSTEM_USER, at);
      ids.push(id);
    }
    db.prepare("INSERT INTO meta (key, value) VALUES ('forms_seeded_at', ?)").run(at);
    return true;
  })();
}

/**
 * Grants each profile the forms it may open (`form_access`), once per database
 * (`meta.form_access_seeded_at`), also into databases created before form access existed: every
 * profile every stored form, except {@link FORM_ACCESS_DENIED}. Runs after the forms are seeded.
 */
export function seedFormAccessIfNeeded(db: SqliteDatabase, now: number): boolean {
  const isSeeded = () =>
    db.prepare("SELECT 1 FROM meta WHERE key = 'form_access_seeded_at'").get() !== undefined;
  if (isSeeded()) return false;
  const profiles = db.prepare<[], { id: number }>('SELECT id FROM profiles ORDER BY id');
  const forms = db.prepare<[], { no: number }>(
    'SELECT web_template_no AS no FROM form_definitions ORDER BY web_template_no',
  );
  const grant = db.prepare('INSERT OR IGNORE INTO form_access (profile_id, web_template_no) VALUES (?, ?)');
  const denied = new Set(FORM_ACCESS_DENIED.map((row) => `${row.profileId}:${row.webTemplateNo}`));
  return db.transaction(() => {
    if (isSeeded()) return false;
    for (const { id } of profiles.all()) {
      for (const { no } of forms.all()) if (!denied.has(`${id}:${no}`)) grant.run(id, no);
    }
    db.prepare("INSERT INTO meta (key, value) VALUES ('form_access_seeded_at', ?)").run(
      new Date(now).toISOString(),
    );
    return true;
  })();
}
