import type { TranslationKey, TranslationRecord } from './translations-store';

/** The translation rows both engines read and their mapping. */

export interface TranslationRow {
  lang_code: string;
  db_entity_id: number;
  parent_id: number;
  property_id: number;
  element_name: string;
  text: string;
  updated_by: string;
  updated_at_utc: string;
}

export const toRecord = (row: TranslationRow): TranslationRecord => ({
  langCode: row.lang_code,
  dbEntityId: row.db_entity_id,
  parentId: row.parent_id,
  propertyId: row.property_id,
  elementName: row.element_name,
  text: row.text,
  updatedBy: row.updated_by,
  updatedAt: row.updated_at_utc,
});

export type KeyParams = [string, number, number, number, string];

/** The key's parameters in the order of the primary key. */
export const keyParams = (key: TranslationKey, langCode: string): KeyParams => [
  langCode,
  key.dbEntityId,
  key.parentId,
  key.propertyId,
  key.elementName,
];
