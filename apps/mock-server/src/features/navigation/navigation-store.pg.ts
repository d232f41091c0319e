import type { PgDatabase } from '../../db/pg';
import { type NodeRow, toNode } from './navigation-rows';
import type { NavigationStore, ProfileRecord } from './navigation-store';

/** {@link NavigationStore} on PostgreSQL. */
export function createPgNavigationStore(db: PgDatabase): NavigationStore {
  return {
    async findProfile(id) {
      return (await db.one<ProfileRecord>('SELECT id, name FROM profiles WHERE id = $1', [id])) ?? null;
    },
    async listNodes(profileId) {
      // Roots first (SQLite sorts NULL first too), then by parent and position.
      const rows = await db.many<NodeRow>(
        `SELECT id, parent_id, position, title, url, description FROM navigation_nodes
         WHERE profile_id = $1 ORDER BY parent_id IS NOT NULL, parent_id, position, id`,
        [profileId],
      );
      return rows.map(toNode);
    },
  };
}
