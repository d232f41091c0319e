import type { PgDatabase } from '../../db/pg';
import { keyParams, type TranslationRow, toRecord } from './translations-rows';
import type { TranslationStore } from './translations-store';

const KEY =
  'lang_code = $1 AND db_entity_id = $2 AND parent_id = $3 AND property_id = $4 AND element_name = $5';
const COLUMNS =
  'lang_code, db_entity_id, parent_id, property_id, element_name, text, updated_by, updated_at_utc';

/** {@link TranslationStore} on PostgreSQL. */
export function createPgTranslationStore(db: PgDatabase): TranslationStore {
  return {
    async listLanguages() {
      const rows = await db.many<{ code: string; name: string; is_default: number }>(
        'SELECT code, name, is_default FROM languages ORDER BY is_default DESC, code',
      );
      return rows.map((row) => ({ code: row.code, name: row.name, isDefault: row.is_default === 1 }));
    },
    async get(key, langCode) {
      const row = await db.one<TranslationRow>(
        `SELECT * FROM translations WHERE ${KEY}`,
        keyParams(key, langCode),
      );
      return row ? toRecord(row) : null;
    },
    async listForLanguage(langCode) {
      // In primary-key order, the order SQLite reads them in by its primary-key index.
      const rows = await db.many<TranslationRow>(
        `SELECT * FROM translations WHERE lang_code = $1
         ORDER BY db_entity_id, parent_id, property_id, element_name`,
        [langCode],
      );
      return rows.map(toRecord);
    },
    async save(record) {
      const params = [...keyParams(record, record.langCode), record.text, record.updatedBy, record.updatedAt];
      await db.transaction(async (tx) => {
        await tx.run(
          `INSERT INTO translations (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
           ON CONFLICT (lang_code, db_entity_id, parent_id, property_id, element_name)
           DO UPDATE SET text = excluded.text, updated_by = excluded.updated_by,
             updated_at_utc = excluded.updated_at_utc`,
          params,
        );
        await tx.run(
          `INSERT INTO translation_history (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          params,
        );
      });
    },
    async history(key, langCode) {
      const rows = await db.many<TranslationRow>(
        `SELECT * FROM translation_history WHERE ${KEY} ORDER BY id`,
        keyParams(key, langCode),
      );
      return rows.map(toRecord);
    },
  };
}
