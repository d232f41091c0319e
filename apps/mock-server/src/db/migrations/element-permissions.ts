import type { Migration } from '../sqlite';

/** The navigation URL of Administration › Permissions before and after migration 19. */
export const PERMISSIONS_NODE_URL = {
  from: '/_forms/form?WebTemplateNo=101&PERMISSION_FORMID=101',
  to: '/permissions',
};

/** Migration 19: the element permissions editor's audit trail; the Permissions entry leads to the overview. */
export const ELEMENT_PERMISSIONS_MIGRATIONS: readonly Migration[] = [
  {
    version: 19,
    name: 'element permission changes (append-only); Administration › Permissions opens the overview',
    sql: `
      -- Who changed which element's permission for which owner, when, from what to what: one row
      -- per changed element of a save, written in the save's transaction. AUTOINCREMENT: an id is
      -- never reused, so the largest id of a (form, owner) is that owner's version on the form.
      CREATE TABLE element_permission_changes (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        at_utc TEXT NOT NULL,
        user_id INTEGER NOT NULL,
        user_name TEXT NOT NULL,
        web_template_no INTEGER NOT NULL,
        element_name TEXT NOT NULL,
        owner_type TEXT NOT NULL CHECK (owner_type IN ('user', 'profile')),
        owner_id INTEGER NOT NULL,
        old_hidden INTEGER NOT NULL CHECK (old_hidden IN (0, 1)),
        old_locked INTEGER NOT NULL CHECK (old_locked IN (0, 1)),
        new_hidden INTEGER NOT NULL CHECK (new_hidden IN (0, 1)),
        new_locked INTEGER NOT NULL CHECK (new_locked IN (0, 1))
      );
      CREATE INDEX element_permission_changes_by_owner
        ON element_permission_changes(web_template_no, owner_type, owner_id, id);
      CREATE INDEX element_permission_changes_by_form ON element_permission_changes(web_template_no, id);
      CREATE TRIGGER element_permission_changes_append_only_update BEFORE UPDATE ON element_permission_changes
      BEGIN SELECT RAISE(ABORT, 'element permission changes are append-only'); END;
      CREATE TRIGGER element_permission_changes_append_only_delete BEFORE DELETE ON element_permission_changes
      BEGIN SELECT RAISE(ABORT, 'element permission changes are append-only'); END;
      -- REPLACE deletes without firing DELETE triggers (see migration 6).
      CREATE TRIGGER element_permission_changes_append_only_insert BEFORE INSERT ON element_permission_changes
      WHEN NEW.id IS NOT NULL AND EXISTS (SELECT 1 FROM element_permission_changes WHERE id = NEW.id)
      BEGIN SELECT RAISE(ABORT, 'element permission changes are append-only'); END;
      -- The overview lists every row by form and owner; each row links to the editor.
      UPDATE navigation_nodes SET url = '${PERMISSIONS_NODE_URL.to}',
        description = 'Every element permission by form and owner'
      WHERE title = 'Permissions' AND url = '${PERMISSIONS_NODE_URL.from}';
    `,
  },
];
