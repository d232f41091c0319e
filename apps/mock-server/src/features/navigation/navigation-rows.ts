import type { NavigationNodeRecord } from './navigation-store';

/** A navigation_nodes row, as both engines read it, and its mapping. */
export interface NodeRow {
  id: number;
  parent_id: number | null;
  position: number;
  title: string;
  url: string | null;
  description: string | null;
}

export const toNode = (row: NodeRow): NavigationNodeRecord => ({
  id: row.id,
  parentId: row.parent_id,
  position: row.position,
  title: row.title,
  url: row.url,
  description: row.description,
});
