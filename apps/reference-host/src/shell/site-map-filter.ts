import type { SiteMapNode } from '@procedo/client-api';

/**
 * The part of a navigation tree that matches a Quick find text: nodes whose title contains it
 * (case-insensitive, with all their children) and the ancestors leading to them. An empty text
 * keeps the whole tree.
 */
export function filterSiteMap(nodes: readonly SiteMapNode[], text: string): SiteMapNode[] {
  const needle = text.trim().toLocaleLowerCase();
  if (needle === '') return [...nodes];
  const result: SiteMapNode[] = [];
  for (const node of nodes) {
    if (node.title.toLocaleLowerCase().includes(needle)) {
      result.push(node);
      continue;
    }
    const children = filterSiteMap(node.children, needle);
    if (children.length > 0) result.push({ ...node, children });
  }
  return result;
}
