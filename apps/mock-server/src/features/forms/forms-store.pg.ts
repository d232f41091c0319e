import type { PgDatabase } from '../../db/pg';
import { type DefinitionRow, type PermissionRow, toDefinition, toPermission } from './form-rows';
import type { FormStore } from './forms-store';

/** {@link FormStore} on PostgreSQL. */
export function createPgFormStore(db: PgDatabase): FormStore {
  return {
    async getDefinition(webTemplateNo) {
      const row = await db.one<DefinitionRow>('SELECT * FROM form_definitions WHERE web_template_no = $1', [
        webTemplateNo,
      ]);
      return row ? toDefinition(row) : null;
    },
    async listDefinitions() {
      return (await db.many<DefinitionRow>('SELECT * FROM form_definitions ORDER BY web_template_no')).map(
        toDefinition,
      );
    },
    async listPermissions(webTemplateNo, owner) {
      // SQLite answers them in insertion order, which PostgreSQL does not keep; the service orders
      // them itself (rowsInForce: profile rows first, one row per owner and element), so any fixed
      // order gives the same permissions: the primary key's.
      const rows = await db.many<PermissionRow>(
        `SELECT element_name, owner_type, hidden, locked FROM element_permissions
         WHERE web_template_no = $1 AND ((owner_type = 'user' AND owner_id = $2) OR (owner_type = 'profile' AND owner_id = $3))
         ORDER BY owner_type, owner_id, element_name`,
        [webTemplateNo, owner.userId, owner.profileId],
      );
      return rows.map(toPermission);
    },
    async getSettings() {
      const rows = await db.many<{ key: string; value: string }>('SELECT key, value FROM settings');
      return Object.fromEntries(rows.map((row) => [row.key, row.value]));
    },
    async saveTabSelection({ userId, webTemplateNo, tabName, at }) {
      await db.run(
        `INSERT INTO tab_selections (user_id, web_template_no, tab_name, selected_at_utc) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id, web_template_no) DO UPDATE SET tab_name = excluded.tab_name,
           selected_at_utc = excluded.selected_at_utc`,
        [userId, webTemplateNo, tabName, at],
      );
    },
    async getTabSelection(userId, webTemplateNo) {
      const row = await db.one<{ tab_name: string }>(
        'SELECT tab_name FROM tab_selections WHERE user_id = $1 AND web_template_no = $2',
        [userId, webTemplateNo],
      );
      return row?.tab_name ?? null;
    },
    async listFormAccess(profileId) {
      // A row for a form the database does not define grants nothing.
      const rows = await db.many<{ web_template_no: number }>(
        `SELECT a.web_template_no FROM form_access a
         JOIN form_definitions d ON d.web_template_no = a.web_template_no WHERE a.profile_id = $1
         ORDER BY a.web_template_no`,
        [profileId],
      );
      return rows.map((row) => row.web_template_no);
    },
  };
}
