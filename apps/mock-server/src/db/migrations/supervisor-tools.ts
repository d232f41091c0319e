import type { Migration } from '../sqlite';

/** Migrations of the supervisor and developer tools, from 18: roles and disabled users. */
export const SUPERVISOR_TOOLS_MIGRATIONS: readonly Migration[] = [
  {
    version: 18,
    name: 'user roles and disabled users',
    sql: `
      -- A disabled user keeps their row (records and audit events name them) but cannot sign on,
      -- and every session of theirs ends at its next request.
      ALTER TABLE users ADD COLUMN is_disabled INTEGER NOT NULL DEFAULT 0 CHECK (is_disabled IN (0, 1));
      -- The rights beyond the supervisor flag (docs/protocol.md "Roles").
      CREATE TABLE user_roles (
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role TEXT NOT NULL CHECK (role IN ('design', 'navigation-design', 'permission-design', 'translation-admin', 'user-admin')),
        PRIMARY KEY (user_id, role)
      ) WITHOUT ROWID;
    `,
  },
];
