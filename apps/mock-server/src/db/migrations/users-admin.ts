import type { Migration } from '../sqlite';

/** Migration 20: user administration (form 901): a row version on users and their audit trail. */
export const USERS_ADMIN_MIGRATIONS: readonly Migration[] = [
  {
    version: 20,
    name: 'user row versions and the user audit trail',
    sql: `
      -- Optimistic edits: an administrator's save names the version it started from (409 when stale).
      ALTER TABLE users ADD COLUMN row_version INTEGER NOT NULL DEFAULT 1 CHECK (row_version >= 1);
      -- One row per changed field of a user, written in the transaction of the change; never
      -- updated or deleted (the triggers below), so the history of an account cannot be rewritten.
      CREATE TABLE user_audit_events (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users(id),
        field TEXT NOT NULL,
        old_value TEXT NOT NULL,
        new_value TEXT NOT NULL,
        changed_by_id INTEGER NOT NULL,
        changed_by_name TEXT NOT NULL,
        at_utc TEXT NOT NULL
      );
      CREATE INDEX user_audit_events_by_user ON user_audit_events(user_id, id);
      CREATE TRIGGER user_audit_events_append_only_update BEFORE UPDATE ON user_audit_events
      BEGIN SELECT RAISE(ABORT, 'user audit events are append-only'); END;
      CREATE TRIGGER user_audit_events_append_only_delete BEFORE DELETE ON user_audit_events
      BEGIN SELECT RAISE(ABORT, 'user audit events are append-only'); END;
      CREATE TRIGGER user_audit_events_append_only_insert BEFORE INSERT ON user_audit_events
      WHEN EXISTS (SELECT 1 FROM user_audit_events WHERE id = NEW.id)
      BEGIN SELECT RAISE(ABORT, 'user audit events are append-only'); END;
    `,
  },
];
