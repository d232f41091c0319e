import { createWriter, type SqliteDatabase, type SqliteWriter } from '../../db/sqlite';
import { type KeyParams, keyParams, type TranslationRow as Row, toRecord } from './translations-rows';

/** A language the database has. */
export interface LanguageRecord {
  code: string;
  name: string;
  isDefault: boolean;
}

/** What one translation is of (docs/protocol.md "Translations"). */
export interface TranslationKey {
  dbEntityId: number;
  parentId: number;
  propertyId: number;
  elementName: string;
}

/** A stored translation of one text into one language. */
export interface TranslationRecord extends TranslationKey {
  langCode: string;
  text: string;
  updatedBy: string;
  updatedAt: string;
}

/** Languages and translations of one database; every save also appends to the history. */
export interface TranslationStore {
  listLanguages(): Promise<LanguageRecord[]>;
  get(key: TranslationKey, langCode: string): Promise<TranslationRecord | null>;
  /** Every translation into one language (a page's overlay). */
  listForLanguage(langCode: string): Promise<TranslationRecord[]>;
  save(record: TranslationRecord): Promise<void>;
  /** The saves of one text in one language, oldest first. */
  history(key: TranslationKey, langCode: string): Promise<TranslationRecord[]>;
}

/** {@link TranslationStore} on SQLite. */
export function createSqliteTranslationStore(
  db: SqliteDatabase,
  write: SqliteWriter = createWriter(db),
): TranslationStore {
  const languages = db.prepare<[], { code: string; name: string; is_default: number }>(
    'SELECT code, name, is_default FROM languages ORDER BY is_default DESC, code',
  );
  const one = db.prepare<KeyParams, Row>(
    `SELECT * FROM translations
     WHERE lang_code = ? AND db_entity_id = ? AND parent_id = ? AND property_id = ? AND element_name = ?`,
  );
  const forLanguage = db.prepare<[string], Row>('SELECT * FROM translations WHERE lang_code = ?');
  const upsert = db.prepare<[...KeyParams, string, string, string]>(
    `INSERT INTO translations (lang_code, db_entity_id, parent_id, property_id, element_name, text, updated_by, updated_at_utc)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (lang_code, db_entity_id, parent_id, property_id, element_name)
     DO UPDATE SET text = excluded.text, updated_by = excluded.updated_by, updated_at_utc = excluded.updated_at_utc`,
  );
  const append = db.prepare<[...KeyParams, string, string, string]>(
    `INSERT INTO translation_history (lang_code, db_entity_id, parent_id, property_id, element_name, text, updated_by, updated_at_utc)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const history = db.prepare<KeyParams, Row>(
    `SELECT * FROM translation_history
     WHERE lang_code = ? AND db_entity_id = ? AND parent_id = ? AND property_id = ? AND element_name = ?
     ORDER BY id`,
  );
  return {
    async listLanguages() {
      return languages
        .all()
        .map((row) => ({ code: row.code, name: row.name, isDefault: row.is_default === 1 }));
    },
    async get(key, langCode) {
      const row = one.get(...keyParams(key, langCode));
      return row ? toRecord(row) : null;
    },
    async listForLanguage(langCode) {
      return forLanguage.all(langCode).map(toRecord);
    },
    async save(record) {
      const params = [
        ...keyParams(record, record.langCode),
        record.text,
        record.updatedBy,
        record.updatedAt,
      ] as const;
      await write(() => {
        upsert.run(...params);
        append.run(...params);
      });
    },
    async history(key, langCode) {
      return history.all(...keyParams(key, langCode)).map(toRecord);
    },
  };
}
