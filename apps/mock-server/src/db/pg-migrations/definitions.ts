import type { PgMigration } from '../pg-migrate';

/**
 * PostgreSQL migration 3 (definitions): "the navigation in force at T" is one backward seek.
 * The baseline's `navigation_versions_in_force (profile_id, published_at_utc)` left the query's
 * last ORDER BY term (`version DESC`) to a sort; the same index with `version` added serves it
 * whole (its name kept: SQLite's has that name).
 */
export const DEFINITIONS: PgMigration = {
  version: 3,
  name: 'definitions: navigation version in force at T in one seek',
  sql: `
DROP INDEX navigation_versions_in_force;
CREATE INDEX navigation_versions_in_force ON navigation_versions(profile_id, published_at_utc, version);
`,
};
