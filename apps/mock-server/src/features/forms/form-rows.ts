import type { ElementPermissionRecord, StoredDefinition } from './forms-store';

/** The rows of the form store's tables and their mapping, as both engines read them. */

/** A `form_definitions` row. */
export interface DefinitionRow {
  web_template_no: number;
  schema_version: number;
  json: string;
  updated_at_utc: string;
  updated_by: string;
  version: number;
}

export const toDefinition = (row: DefinitionRow): StoredDefinition => ({
  webTemplateNo: row.web_template_no,
  schemaVersion: row.schema_version,
  json: row.json,
  updatedAt: row.updated_at_utc,
  updatedBy: row.updated_by,
  version: row.version,
});

/** An `element_permissions` row as the store reads it. */
export interface PermissionRow {
  element_name: string;
  owner_type: 'user' | 'profile';
  hidden: number;
  locked: number;
}

export const toPermission = (row: PermissionRow): ElementPermissionRecord => ({
  elementName: row.element_name,
  ownerType: row.owner_type,
  hidden: row.hidden === 1,
  locked: row.locked === 1,
});
