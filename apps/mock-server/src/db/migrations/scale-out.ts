import type { Migration } from '../sqlite';

/**
 * Migration 30 (issue 15, scale-out): ending a user's sessions (disabling the user) reads them
 * through an index instead of the whole table, which several servers' sessions now share; and the
 * navigation in force at T is one backward seek (the index gains `version`, the query's last
 * ORDER BY term, which SQLite sorted in a temporary B-tree). PostgreSQL migration 4 and 3 do the same.
 */
export const SCALE_OUT_MIGRATIONS: readonly Migration[] = [
  {
    version: 30,
    name: 'sessions by user; navigation in force in one seek',
    sql: `
      CREATE INDEX sessions_by_user ON sessions(user_id);
      DROP INDEX navigation_versions_in_force;
      CREATE INDEX navigation_versions_in_force ON navigation_versions(profile_id, published_at_utc, version);
    `,
  },
];
