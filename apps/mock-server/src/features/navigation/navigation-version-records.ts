import type { NavigationNodeRecord } from './navigation-store';
import type { PublishNavigationNode } from './navigation-versions-store';

/**
 * The nodes of a publish as the records it stores: a kept node keeps its id, a new one gets the
 * next of the ids from `nextId` on (never an id a node once had: translations and bookmarks are
 * keyed by it), and each parent index becomes its parent's id.
 */
export function publishedRecords(
  nodes: readonly PublishNavigationNode[],
  nextId: number,
): NavigationNodeRecord[] {
  let next = nextId;
  const records: NavigationNodeRecord[] = [];
  for (const node of nodes) {
    records.push({
      id: node.id ?? next++,
      parentId: node.parent === null ? null : records[node.parent]!.id,
      position: node.position,
      title: node.title,
      url: node.url,
      description: node.description,
    });
  }
  return records;
}
