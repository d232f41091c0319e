import type { SqliteDatabase } from '../../db/sqlite';
import { type NodeRow, toNode } from './navigation-rows';

/** A profile: a group of users sharing one navigation tree. */
export interface ProfileRecord {
  id: number;
  name: string;
}

/** One node of a profile's navigation tree, as stored (flat, with its parent). */
export interface NavigationNodeRecord {
  id: number;
  parentId: number | null;
  position: number;
  title: string;
  url: string | null;
  description: string | null;
}

/** Profiles and their navigation trees in one database. */
export interface NavigationStore {
  findProfile(id: number): Promise<ProfileRecord | null>;
  /** Every node of the profile's tree, ordered by parent then position. */
  listNodes(profileId: number): Promise<NavigationNodeRecord[]>;
}

/** {@link NavigationStore} on SQLite. */
export function createSqliteNavigationStore(db: SqliteDatabase): NavigationStore {
  const profile = db.prepare<[number], ProfileRecord>('SELECT id, name FROM profiles WHERE id = ?');
  const nodes = db.prepare<[number], NodeRow>(
    `SELECT id, parent_id, position, title, url, description FROM navigation_nodes
     WHERE profile_id = ? ORDER BY parent_id IS NOT NULL, parent_id, position, id`,
  );
  return {
    async findProfile(id) {
      return profile.get(id) ?? null;
    },
    async listNodes(profileId) {
      return nodes.all(profileId).map(toNode);
    },
  };
}
