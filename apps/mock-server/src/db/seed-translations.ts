import { FormDefinitionSchema } from '@procedo/client-api';
import { formTexts, navigationTexts, type TranslatableText } from '../features/translations/translation-keys';
import { SYSTEM_USER } from './seed-forms';
import { GERMAN } from './seed-translations-de';
import type { SqliteDatabase } from './sqlite';

/** Every translatable text a database holds: each stored form's and each profile's navigation. */
export function databaseTexts(db: SqliteDatabase): TranslatableText[] {
  const forms = db
    .prepare<[], { json: string }>('SELECT json FROM form_definitions ORDER BY web_template_no')
    .all()
    .flatMap((row) => {
      const parsed = FormDefinitionSchema.safeParse(JSON.parse(row.json));
      return parsed.success ? formTexts(parsed.data) : [];
    });
  const nodes = db
    .prepare<[], { id: number; profile_id: number; title: string; description: string | null }>(
      'SELECT id, profile_id, title, description FROM navigation_nodes ORDER BY profile_id, id',
    )
    .all();
  const navigation = nodes.flatMap((node) => navigationTexts(node.profile_id, [node]));
  return [...forms, ...navigation];
}

/**
 * The demo's German: each text of the seeded forms and navigation that {@link GERMAN} knows, once
 * per database (`meta.translations_seeded_at`), also into databases created before translations
 * existed. A text a user already translated keeps their translation.
 */
export function seedTranslationsIfNeeded(
  db: SqliteDatabase,
  now: number,
  dictionary: Readonly<Record<string, string>> = GERMAN,
): boolean {
  const isSeeded = () =>
    db.prepare("SELECT 1 FROM meta WHERE key = 'translations_seeded_at'").get() !== undefined;
  if (isSeeded()) return false;
  const at = new Date(now).toISOString();
  const insert = db.prepare(
    `INSERT INTO translations (lang_code, db_entity_id, parent_id, property_id, element_name, text, updated_by, updated_at_utc)
     VALUES ('de', ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
  );
  const append = db.prepare(
    `INSERT INTO translation_history (lang_code, db_entity_id, parent_id, property_id, element_name, text, updated_by, updated_at_utc)
     VALUES ('de', ?, ?, ?, ?, ?, ?, ?)`,
  );
  return db.transaction(() => {
    if (isSeeded()) return false;
    for (const { key, text } of databaseTexts(db)) {
      const german = Object.hasOwn(dictionary, text) ? dictionary[text] : undefined;
      if (!german) continue;
      const params = [key.dbEntityId, key.parentId, key.propertyId, key.elementName, german, SYSTEM_USER, at];
      if (insert.run(...params).changes > 0) append.run(...params);
    }
    db.prepare("INSERT INTO meta (key, value) VALUES ('translations_seeded_at', ?)").run(at);
    return true;
  })();
}
