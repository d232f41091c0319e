import { type FieldValue, type FieldValues, FormDefinitionSchema } from '@procedo/client-api';
import { writeEvents } from '../features/audit/audit-events';
import { indexFields } from '../features/records/entities';
import { recordWrites } from '../features/records/records-store.sqlite';
import { businessRows } from './business-data';
import {
  ELEMENT_PERMISSIONS,
  FORM_ACCESS_DENIED,
  formDefinitions,
  NAVIGATION_UPDATES,
} from './form-seed-data';
import { SEARCH_FORMS } from './search-form-seed-data';
import type { SeedKind } from './seed-data';
import type { SqliteDatabase } from './sqlite';

/** Who seeded data is recorded as. */
export const SYSTEM_USER = 'system';
/** The legal name the audit trail shows for seeded data. */
export const SYSTEM_LEGAL_NAME = 'System (seed)';
/** Seeded business records were created this long before the first start, so they have a past. */
export const SEED_HISTORY_DAYS = 200;

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
  const { createTx } = recordWrites(db);
  const createdAt = new Date(now - SEED_HISTORY_DAYS * 86_400_000).toISOString();

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
    // Then each entry that opened a record form opens its search form, where this seed has one.
    for (const { form, navigationTitle } of SEARCH_FORMS) {
      if (!known.has(form.WebTemplateNo)) continue;
      const results = form.Elements.find((element) => element.Kind === 'results');
      const target = results?.Kind === 'results' ? results.OpenWebTemplateNo : undefined;
      const url = (no: number | undefined) => `/form?WebTemplateNo=${no}`;
      moveNode.run(url(form.WebTemplateNo), null, null, navigationTitle, url(target));
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
      const id = createTx(row.entity, {
        values,
        isDeleted: false,
        index: indexFields(row.entity, values),
        updatedBy: SYSTEM_USER,
        updatedAt: createdAt,
        audit: writeEvents({
          before: null,
          after: values,
          isDeleted: false,
          user: { name: SYSTEM_USER, legalName: SYSTEM_LEGAL_NAME },
          signed: null,
          audited: new Set(),
        }),
      });
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
