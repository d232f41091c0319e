import type { PgMigration } from '../pg-migrate';

/** PostgreSQL migration 4: SQLite's migration 30 — a user's sessions read through an index. */
export const SESSIONS_BY_USER: PgMigration = {
  version: 4,
  name: 'sessions by user',
  sql: 'CREATE INDEX sessions_by_user ON sessions(user_id);',
};
