import {
  allTabs,
  clampIndex,
  type DraftNode,
  type DraftParent,
  type FormDraft,
  findNode,
  findTab,
  locate,
  mapSiblings,
  removeElement,
  siblingsOf,
} from './draft';

// Moves of the designer draft: to a place, a keyboard step, a pointer drop.

/**
 * Moves a node to `index` of `parent` (the index as in the list without the node). Refused
 * (draft unchanged) for an unknown node or parent, or a tab strip into a tab.
 */
export function moveElement(draft: FormDraft, id: string, parent: DraftParent, index: number): FormDraft {
  const node = findNode(draft, id);
  const from = locate(draft, id);
  if (!node || !from || (node.tabs && parent !== null)) return draft;
  if (parent !== null && (!findTab(draft, parent) || node.tabs?.some((tab) => tab.id === parent)))
    return draft;
  const removed = mapSiblings(draft, from.parent, (list) => list.filter((candidate) => candidate.id !== id));
  const siblings = siblingsOf(removed, parent)!;
  const at = clampIndex(index, siblings.length);
  return mapSiblings(removed, parent, (list) => [...list.slice(0, at), node, ...list.slice(at)]);
}

/**
 * One step up or down in form order, as the keyboard moves: among siblings, and across the
 * edges of tabs — an element at the top of a tab goes to the end of the tab before it, or out
 * above the strip from the first tab; a form-level element just below a strip goes into its
 * last tab. Tab strips and tabs move among their siblings only. Unchanged at either end.
 */
export function moveStep(draft: FormDraft, id: string, direction: 'up' | 'down'): FormDraft {
  const tabEntry = allTabs(draft).find((entry) => entry.tab.id === id);
  if (tabEntry) return moveTab(draft, tabEntry.strip, id, direction);
  const node = findNode(draft, id);
  const at = locate(draft, id);
  if (!node || !at) return draft;
  const up = direction === 'up';
  const siblings = siblingsOf(draft, at.parent)!;
  if (at.parent === null) {
    const neighbour = siblings[at.index + (up ? -1 : 1)];
    if (!neighbour) return draft;
    if (neighbour.tabs && !node.tabs && neighbour.tabs.length > 0) {
      const tab = up ? neighbour.tabs[neighbour.tabs.length - 1]! : neighbour.tabs[0]!;
      return moveElement(draft, id, tab.id, up ? tab.children.length : 0);
    }
    return moveElement(draft, id, null, at.index + (up ? -1 : 1));
  }
  const target = at.index + (up ? -1 : 1);
  if (target >= 0 && target < siblings.length) return moveElement(draft, id, at.parent, target);
  const { strip } = allTabs(draft).find((entry) => entry.tab.id === at.parent)!;
  const tabs = strip.tabs!;
  const t = tabs.findIndex((tab) => tab.id === at.parent);
  const nextTab = tabs[t + (up ? -1 : 1)];
  if (nextTab) return moveElement(draft, id, nextTab.id, up ? nextTab.children.length : 0);
  const stripIndex = draft.nodes.indexOf(strip);
  return moveElement(draft, id, null, up ? stripIndex : stripIndex + 1);
}

function moveTab(draft: FormDraft, strip: DraftNode, id: string, direction: 'up' | 'down'): FormDraft {
  const tabs = [...strip.tabs!];
  const from = tabs.findIndex((tab) => tab.id === id);
  const to = from + (direction === 'up' ? -1 : 1);
  if (to < 0 || to >= tabs.length) return draft;
  [tabs[from], tabs[to]] = [tabs[to]!, tabs[from]!];
  return { ...draft, nodes: draft.nodes.map((node) => (node === strip ? { ...node, tabs } : node)) };
}

/**
 * Moves `id` before, after or (a tab, or a strip's first tab) into `targetId`, as a pointer drop
 * puts it; tabs move among the tabs of their own strip. Unchanged when the drop is not allowed.
 */
export function dropMove(
  draft: FormDraft,
  id: string,
  targetId: string,
  position: 'before' | 'after' | 'on',
): FormDraft {
  if (id === targetId) return draft;
  const draggedTab = allTabs(draft).find((entry) => entry.tab.id === id);
  const targetTab = allTabs(draft).find((entry) => entry.tab.id === targetId);
  if (draggedTab) {
    if (!targetTab || targetTab.strip !== draggedTab.strip || position === 'on') return draft;
    const tabs = draggedTab.strip.tabs!.filter((tab) => tab.id !== id);
    const at = tabs.findIndex((tab) => tab.id === targetId) + (position === 'after' ? 1 : 0);
    tabs.splice(at, 0, draggedTab.tab);
    return {
      ...draft,
      nodes: draft.nodes.map((node) => (node === draggedTab.strip ? { ...node, tabs } : node)),
    };
  }
  if (targetTab) {
    return position === 'on' ? moveElement(draft, id, targetId, targetTab.tab.children.length) : draft;
  }
  const target = findNode(draft, targetId);
  if (!target) return draft;
  if (position === 'on') {
    const first = target.tabs?.[0];
    return first ? moveElement(draft, id, first.id, first.children.length) : draft;
  }
  const without = removeElement(draft, id);
  const at = locate(without, targetId);
  if (!at || !findNode(draft, id)) return draft;
  return moveElement(draft, id, at.parent, at.index + (position === 'after' ? 1 : 0));
}
