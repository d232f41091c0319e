import { createWriter, type SqliteDatabase, type SqliteWriter } from '../../db/sqlite';
import { type DefinitionRow, type PermissionRow, toDefinition, toPermission } from './form-rows';

/** A stored form definition, not yet validated. */
export interface StoredDefinition {
  webTemplateNo: number;
  schemaVersion: number;
  json: string;
  updatedAt: string;
  updatedBy: string;
  /** The published version this current definition is (`form_definition_versions`). */
  version: number;
}

/** An element permission row (spec §3) of one owner. */
export interface ElementPermissionRecord {
  elementName: string;
  ownerType: 'user' | 'profile';
  hidden: boolean;
  locked: boolean;
}

/** Form definitions, element permissions, global settings and remembered tabs of one database. */
export interface FormStore {
  getDefinition(webTemplateNo: number): Promise<StoredDefinition | null>;
  listDefinitions(): Promise<StoredDefinition[]>;
  /** The permission rows of a form for a user and for the user's profile. */
  listPermissions(
    webTemplateNo: number,
    owner: { userId: number; profileId: number },
  ): Promise<ElementPermissionRecord[]>;
  /** Global settings, by key. */
  getSettings(): Promise<Record<string, string>>;
  saveTabSelection(selection: {
    userId: number;
    webTemplateNo: number;
    tabName: string;
    at: string;
  }): Promise<void>;
  getTabSelection(userId: number, webTemplateNo: number): Promise<string | null>;
  /** The stored forms (`WebTemplateNo`) a profile may open (`form_access`). */
  listFormAccess(profileId: number): Promise<number[]>;
}

/** {@link FormStore} on SQLite. */
export function createSqliteFormStore(db: SqliteDatabase, write: SqliteWriter = createWriter(db)): FormStore {
  const definition = db.prepare<[number], DefinitionRow>(
    'SELECT * FROM form_definitions WHERE web_template_no = ?',
  );
  const definitions = db.prepare<[], DefinitionRow>(
    'SELECT * FROM form_definitions ORDER BY web_template_no',
  );
  const permissions = db.prepare<[number, number, number], PermissionRow>(
    `SELECT element_name, owner_type, hidden, locked FROM element_permissions
     WHERE web_template_no = ? AND ((owner_type = 'user' AND owner_id = ?) OR (owner_type = 'profile' AND owner_id = ?))`,
  );
  const settings = db.prepare<[], { key: string; value: string }>('SELECT key, value FROM settings');
  const saveTab = db.prepare<[number, number, string, string]>(
    `INSERT INTO tab_selections (user_id, web_template_no, tab_name, selected_at_utc) VALUES (?, ?, ?, ?)
     ON CONFLICT (user_id, web_template_no) DO UPDATE SET tab_name = excluded.tab_name,
       selected_at_utc = excluded.selected_at_utc`,
  );
  const getTab = db.prepare<[number, number], { tab_name: string }>(
    'SELECT tab_name FROM tab_selections WHERE user_id = ? AND web_template_no = ?',
  );
  // A row for a form the database does not define grants nothing.
  const formAccess = db.prepare<[number], { web_template_no: number }>(
    `SELECT a.web_template_no FROM form_access a
     JOIN form_definitions d ON d.web_template_no = a.web_template_no WHERE a.profile_id = ?`,
  );
  return {
    async getDefinition(webTemplateNo) {
      const row = definition.get(webTemplateNo);
      return row ? toDefinition(row) : null;
    },
    async listDefinitions() {
      return definitions.all().map(toDefinition);
    },
    async listPermissions(webTemplateNo, owner) {
      return permissions.all(webTemplateNo, owner.userId, owner.profileId).map(toPermission);
    },
    async getSettings() {
      return Object.fromEntries(settings.all().map((row) => [row.key, row.value]));
    },
    async saveTabSelection({ userId, webTemplateNo, tabName, at }) {
      await write(() => saveTab.run(userId, webTemplateNo, tabName, at));
    },
    async getTabSelection(userId, webTemplateNo) {
      return getTab.get(userId, webTemplateNo)?.tab_name ?? null;
    },
    async listFormAccess(profileId) {
      return formAccess.all(profileId).map((row) => row.web_template_no);
    },
  };
}
