import type { NavigationDefinition, NavigationLink, NavigationNode } from '@procedo/client-api/designer';
import { navigationProblems } from '@procedo/client-api/designer';
import type { DraftProblem } from '../draft-problems';

/**
 * The navigation designer's draft (framework-free): the profile's tree with a stable `key` per
 * node (the stored `Id` as `n<Id>`, or `new<k>` for a node added in this draft) so selection and
 * problems follow a node while it moves. Every operation returns a new draft; an impossible one
 * (moving the first node up) returns the same draft.
 */
export interface DraftNavNode {
  key: string;
  /** The stored node's id; absent for a node new in this draft. */
  id?: number;
  title: string;
  description: string;
  link?: NavigationLink;
  children: DraftNavNode[];
}

export interface NavigationDraft {
  nodes: DraftNavNode[];
  /** The next `new<k>` key. */
  next: number;
}

/** Where a node sits: its parent's key (null at the top), its index there, and its path of indexes. */
export interface NavPlace {
  parent: string | null;
  index: number;
  indexes: number[];
}

export function navigationDraftFrom(definition: NavigationDefinition): NavigationDraft {
  let next = 1;
  const convert = (node: NavigationNode): DraftNavNode => ({
    key: node.Id !== undefined ? `n${node.Id}` : `new${next++}`,
    ...(node.Id !== undefined ? { id: node.Id } : {}),
    title: node.Title,
    description: node.Description ?? '',
    ...(node.Link ? { link: node.Link } : {}),
    children: node.Children.map(convert),
  });
  const nodes = definition.Nodes.map(convert);
  return { nodes, next };
}

export function navigationDraftToDefinition(draft: NavigationDraft): NavigationDefinition {
  const convert = (node: DraftNavNode): NavigationNode => ({
    ...(node.id !== undefined ? { Id: node.id } : {}),
    Title: node.title.trim(),
    ...(node.description.trim() !== '' ? { Description: node.description.trim() } : {}),
    ...(node.link ? { Link: node.link } : {}),
    Children: node.children.map(convert),
  });
  return { Nodes: draft.nodes.map(convert) };
}

/** Every node, parents first, with its place. */
export function eachNavNode(
  draft: NavigationDraft,
  visit: (node: DraftNavNode, place: NavPlace) => void,
): void {
  const walk = (list: DraftNavNode[], parent: string | null, indexes: number[]) => {
    list.forEach((node, index) => {
      const at = [...indexes, index];
      visit(node, { parent, index, indexes: at });
      walk(node.children, node.key, at);
    });
  };
  walk(draft.nodes, null, []);
}

export function findNavNode(
  draft: NavigationDraft,
  key: string,
): { node: DraftNavNode; place: NavPlace } | null {
  let found: { node: DraftNavNode; place: NavPlace } | null = null;
  eachNavNode(draft, (node, place) => {
    if (node.key === key) found = { node, place };
  });
  return found;
}

/** The draft with the list at `parent` (null: the top) replaced by `change(list)`. */
function withList(
  draft: NavigationDraft,
  parent: string | null,
  change: (list: DraftNavNode[]) => DraftNavNode[],
): NavigationDraft {
  if (parent === null) return { ...draft, nodes: change(draft.nodes) };
  const map = (list: DraftNavNode[]): DraftNavNode[] =>
    list.map((node) =>
      node.key === parent
        ? { ...node, children: change(node.children) }
        : { ...node, children: map(node.children) },
    );
  return { ...draft, nodes: map(draft.nodes) };
}

const newNode = (draft: NavigationDraft, title: string): [DraftNavNode, NavigationDraft] => [
  { key: `new${draft.next}`, title, description: '', children: [] },
  { ...draft, next: draft.next + 1 },
];

/** Adds a folder titled `title` as the last child of `parent` (null: at the top level). */
export function addNavChild(
  draft: NavigationDraft,
  parent: string | null,
  title: string,
): { draft: NavigationDraft; key: string } {
  if (parent !== null && !findNavNode(draft, parent)) return { draft, key: parent };
  const [node, next] = newNode(draft, title);
  return { draft: withList(next, parent, (list) => [...list, node]), key: node.key };
}

/** Adds a folder right after `key`, under the same parent. */
export function addNavSibling(
  draft: NavigationDraft,
  key: string,
  title: string,
): { draft: NavigationDraft; key: string } {
  const at = findNavNode(draft, key);
  if (!at) return addNavChild(draft, null, title);
  const [node, next] = newNode(draft, title);
  return {
    draft: withList(next, at.place.parent, (list) => [
      ...list.slice(0, at.place.index + 1),
      node,
      ...list.slice(at.place.index + 1),
    ]),
    key: node.key,
  };
}

export type NavPatch = Partial<Pick<DraftNavNode, 'title' | 'description'>> & {
  /** A new link; null makes the node a folder. */
  link?: NavigationLink | null;
};

export function updateNavNode(draft: NavigationDraft, key: string, patch: NavPatch): NavigationDraft {
  const at = findNavNode(draft, key);
  if (!at) return draft;
  const { link, ...rest } = patch;
  const node: DraftNavNode = { ...at.node, ...rest };
  if (link === null) delete node.link;
  else if (link !== undefined) node.link = link;
  return withList(draft, at.place.parent, (list) => list.map((item) => (item.key === key ? node : item)));
}

/** Removes a node with its subtree. */
export function removeNavNode(draft: NavigationDraft, key: string): NavigationDraft {
  const at = findNavNode(draft, key);
  if (!at) return draft;
  return withList(draft, at.place.parent, (list) => list.filter((item) => item.key !== key));
}

export type NavMove = 'up' | 'down' | 'in' | 'out';

/**
 * Moves a node a step: up/down among its siblings, in (the last child of the sibling before
 * it), out (right after its parent, under the parent's parent).
 */
export function moveNavNode(draft: NavigationDraft, key: string, move: NavMove): NavigationDraft {
  const at = findNavNode(draft, key);
  if (!at) return draft;
  const { node, place } = at;
  if (move === 'up' || move === 'down') {
    const to = move === 'up' ? place.index - 1 : place.index + 1;
    const length =
      place.parent === null ? draft.nodes.length : findNavNode(draft, place.parent)!.node.children.length;
    if (to < 0 || to >= length) return draft;
    return withList(draft, place.parent, (list) => {
      const copy = [...list];
      copy.splice(place.index, 1);
      copy.splice(to, 0, node);
      return copy;
    });
  }
  if (move === 'in') {
    if (place.index === 0) return draft;
    const without = withList(draft, place.parent, (list) => list.filter((item) => item.key !== key));
    const host = siblingBefore(draft, place);
    if (!host) return draft;
    return withList(without, host, (list) => [...list, node]);
  }
  if (place.parent === null) return draft;
  const parent = findNavNode(draft, place.parent)!;
  const without = withList(draft, place.parent, (list) => list.filter((item) => item.key !== key));
  return withList(without, parent.place.parent, (list) => [
    ...list.slice(0, parent.place.index + 1),
    node,
    ...list.slice(parent.place.index + 1),
  ]);
}

function siblingBefore(draft: NavigationDraft, place: NavPlace): string | null {
  const list = place.parent === null ? draft.nodes : findNavNode(draft, place.parent)?.node.children;
  return list?.[place.index - 1]?.key ?? null;
}

/**
 * A problem of the draft: the form designer's {@link DraftProblem}, at a node (`id` its key,
 * `name` its title; null: the whole tree), at `path` inside it (`['Title']`, `['Link', 'Url']`).
 */
export type NavDraftProblem = DraftProblem;

/**
 * Maps issue paths of the definition (`['Nodes', i, 'Children', j, …]`, as `navigationProblems`
 * and the server report them after `'Navigation'`) to the draft's nodes.
 */
export function navProblemsFromIssues(
  draft: NavigationDraft,
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): NavDraftProblem[] {
  return issues.map((issue) => {
    const path = issue.path.filter((part): part is string | number => typeof part !== 'symbol');
    const rest = path[0] === 'Navigation' ? path.slice(1) : path;
    if (rest[0] !== 'Nodes') return { id: null, name: null, path: rest, message: issue.message };
    let list = draft.nodes;
    let node: DraftNavNode | undefined;
    let i = 1;
    while (typeof rest[i] === 'number') {
      node = list[rest[i] as number];
      if (!node) break;
      i += 1;
      if (rest[i] !== 'Children' || typeof rest[i + 1] !== 'number') break;
      list = node.children;
      i += 1;
    }
    return { id: node?.key ?? null, name: node?.title ?? null, path: rest.slice(i), message: issue.message };
  });
}

/** The draft's problems (the tree's rules and each node's), at their nodes. */
export function navigationDraftProblems(draft: NavigationDraft): NavDraftProblem[] {
  const definition = navigationDraftToDefinition(draft);
  const issues = navigationProblems(definition);
  // The schema's own limits a draft can break: lengths.
  eachNavNode(draft, (node, place) => {
    const path = place.indexes.flatMap((index, depth) =>
      depth === 0 ? ['Nodes', index] : ['Children', index],
    );
    if (node.description.length > 500) {
      issues.push({ code: 'too_big', path: [...path, 'Description'], message: 'At most 500 characters' });
    }
  });
  return navProblemsFromIssues(draft, issues);
}
