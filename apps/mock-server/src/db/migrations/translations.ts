import type { Migration } from '../sqlite';

/** Migrations of translations, from 21: the database's languages, its translations and their history. */
export const TRANSLATION_MIGRATIONS: readonly Migration[] = [
  {
    version: 21,
    name: 'languages, translations and their history',
    sql: `
      -- The languages the database has; exactly one is the default, the language of the stored texts.
      CREATE TABLE languages (
        code TEXT PRIMARY KEY CHECK (length(code) BETWEEN 2 AND 16),
        name TEXT NOT NULL,
        is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1))
      ) WITHOUT ROWID;
      CREATE UNIQUE INDEX languages_one_default ON languages(is_default) WHERE is_default = 1;
      INSERT INTO languages (code, name, is_default) VALUES ('en', 'English', 1), ('de', 'Deutsch', 0);
      -- One text per (DbEntityId, ParentId, PropertyId, CommandElementName) and language
      -- (docs/protocol.md "Translations"). Keyed by language first: a page reads one language's texts.
      CREATE TABLE translations (
        lang_code TEXT NOT NULL REFERENCES languages(code),
        db_entity_id INTEGER NOT NULL,
        parent_id INTEGER NOT NULL,
        property_id INTEGER NOT NULL,
        element_name TEXT NOT NULL,
        text TEXT NOT NULL,
        updated_by TEXT NOT NULL,
        updated_at_utc TEXT NOT NULL,
        PRIMARY KEY (lang_code, db_entity_id, parent_id, property_id, element_name)
      ) WITHOUT ROWID;
      -- Every save, as it was: who set which text when (append-only).
      CREATE TABLE translation_history (
        id INTEGER PRIMARY KEY,
        lang_code TEXT NOT NULL,
        db_entity_id INTEGER NOT NULL,
        parent_id INTEGER NOT NULL,
        property_id INTEGER NOT NULL,
        element_name TEXT NOT NULL,
        text TEXT NOT NULL,
        updated_by TEXT NOT NULL,
        updated_at_utc TEXT NOT NULL
      );
      CREATE INDEX translation_history_key
        ON translation_history(db_entity_id, parent_id, property_id, element_name, lang_code, id);
      CREATE TRIGGER translation_history_no_update BEFORE UPDATE ON translation_history
      BEGIN SELECT RAISE(ABORT, 'translation history is append-only'); END;
      CREATE TRIGGER translation_history_no_delete BEFORE DELETE ON translation_history
      BEGIN SELECT RAISE(ABORT, 'translation history is append-only'); END;
      -- INSERT OR REPLACE deletes without firing delete triggers: refuse an insert over a stored id.
      CREATE TRIGGER translation_history_no_replace BEFORE INSERT ON translation_history
      WHEN NEW.id IS NOT NULL AND EXISTS (SELECT 1 FROM translation_history WHERE id = NEW.id)
      BEGIN SELECT RAISE(ABORT, 'translation history is append-only'); END;
    `,
  },
];
