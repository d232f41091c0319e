import {
  NAVIGATION_LIMITS,
  type NavigationDefinition,
  type NavigationLink,
  type NavigationNode,
  SAME_ORIGIN_PATH,
} from '../v1/navigation-schemas';
import type { ApiIssue } from '../v1/schemas';
import { keptInOrder, same } from './diff';

/** The section of the home page that starts a process (the seeded "Start a process" link). */
const START_PROCESS = '#start-a-process';

/**
 * The URL the product opens for a link — the one mapping of links to routes: a form
 * `/form?WebTemplateNo=N`, a dashboard `/dashboard?id=N`, a help topic `/help/<topic>`, a command
 * the home page's start panel `/?CommandId=N#start-a-process`, a URL itself.
 */
export function navigationLinkUrl(link: NavigationLink): string {
  switch (link.Kind) {
    case 'form':
      return `/form?WebTemplateNo=${link.WebTemplateNo}`;
    case 'dashboard':
      return `/dashboard?id=${link.DashboardId}`;
    case 'help':
      return `/help/${link.Topic}`;
    case 'command':
      return `/?CommandId=${link.CommandId}${START_PROCESS}`;
    case 'url':
      return link.Url;
  }
}

const FORM_URL = /^\/form\?WebTemplateNo=([1-9]\d{0,8})$/;
const DASHBOARD_URL = /^\/dashboard\?id=([1-9]\d{0,8})$/;
const HELP_URL = /^\/help\/([a-z0-9][a-z0-9-]{0,63})$/;
const COMMAND_URL = /^\/\?CommandId=([1-9]\d{0,8})#start-a-process$/;

/** The link a stored URL stands for (the inverse of {@link navigationLinkUrl}); null: a folder. */
export function navigationLinkOf(url: string | null | undefined): NavigationLink | undefined {
  if (url === null || url === undefined || url === '') return undefined;
  let match = FORM_URL.exec(url);
  if (match) return { Kind: 'form', WebTemplateNo: Number(match[1]) };
  match = DASHBOARD_URL.exec(url);
  if (match) return { Kind: 'dashboard', DashboardId: Number(match[1]) };
  match = HELP_URL.exec(url);
  if (match) return { Kind: 'help', Topic: match[1]! };
  match = COMMAND_URL.exec(url);
  if (match) return { Kind: 'command', CommandId: Number(match[1]) };
  return { Kind: 'url', Url: url };
}

/** A node's path in a definition: `['Nodes', i, 'Children', j, …]`. */
export type NavigationPath = (string | number)[];

/** Every node with its path and depth (1 at the top), parents before children. */
export function walkNavigation(
  nodes: readonly NavigationNode[],
  visit: (node: NavigationNode, path: NavigationPath, depth: number) => void,
  path: NavigationPath = ['Nodes'],
  depth = 1,
): void {
  nodes.forEach((node, i) => {
    const at = [...path, i];
    visit(node, at, depth);
    walkNavigation(node.Children, visit, [...at, 'Children'], depth + 1);
  });
}

/** Issue codes of {@link navigationProblems}. */
export const NavigationIssueCode = {
  emptyTitle: 'empty_title',
  tooDeep: 'too_deep',
  tooMany: 'too_many',
  duplicateId: 'duplicate_id',
  badUrl: 'bad_url',
} as const;

/**
 * The rules of a navigation tree beyond a node's schema, which the server checks on publish and
 * the designer shows at each node of a draft: a title, at most {@link NAVIGATION_LIMITS} levels
 * and nodes, an id at most once, and a URL link that stays on this site (a `javascript:` or
 * another host's link in a menu is a phishing and script-injection route). Paths are the
 * definition's (`['Nodes', i, 'Children', j, …]`).
 */
export function navigationProblems(definition: NavigationDefinition): ApiIssue[] {
  const issues: ApiIssue[] = [];
  const seen = new Set<number>();
  let count = 0;
  walkNavigation(definition.Nodes, (node, path, depth) => {
    count += 1;
    if (node.Title.trim() === '') {
      issues.push({
        code: NavigationIssueCode.emptyTitle,
        path: [...path, 'Title'],
        message: 'Enter a title',
      });
    } else if (node.Title.length > NAVIGATION_LIMITS.maxTitle) {
      issues.push({
        code: NavigationIssueCode.emptyTitle,
        path: [...path, 'Title'],
        message: `A title has at most ${NAVIGATION_LIMITS.maxTitle} characters`,
      });
    }
    if (depth === NAVIGATION_LIMITS.maxDepth + 1) {
      issues.push({
        code: NavigationIssueCode.tooDeep,
        path,
        message: `The navigation has at most ${NAVIGATION_LIMITS.maxDepth} levels`,
      });
    }
    if (count === NAVIGATION_LIMITS.maxNodes + 1) {
      issues.push({
        code: NavigationIssueCode.tooMany,
        path,
        message: `The navigation has at most ${NAVIGATION_LIMITS.maxNodes} nodes`,
      });
    }
    if (node.Id !== undefined) {
      if (seen.has(node.Id)) {
        issues.push({
          code: NavigationIssueCode.duplicateId,
          path: [...path, 'Id'],
          message: `Node ${node.Id} appears more than once`,
        });
      }
      seen.add(node.Id);
    }
    if (
      node.Link?.Kind === 'url' &&
      (!SAME_ORIGIN_PATH.test(node.Link.Url) || node.Link.Url.length > NAVIGATION_LIMITS.maxUrl)
    ) {
      issues.push({
        code: NavigationIssueCode.badUrl,
        path: [...path, 'Link', 'Url'],
        message: 'Enter a path of this site, starting with /',
      });
    }
  });
  return issues;
}

/** How a node differs between two versions of a navigation. */
export type NavigationChangeKind = 'added' | 'removed' | 'renamed' | 'moved' | 'changed';

/** One difference between two navigations (the designer API's `Changes`). */
export interface NavigationChange {
  /** The node's titles from the top, joined by ` / ` (in `b`, or in `a` when removed). */
  Path: string;
  /** The stored node's id; absent for a node new in a draft. */
  NodeId?: number;
  Change: NavigationChangeKind;
  /** `Description` or `Link`, for `changed`. */
  Property?: string;
  Before?: unknown;
  After?: unknown;
}

interface Placed {
  node: NavigationNode;
  title: string;
  parent: string | null;
}

/** Nodes by key (their id, else their place, so a draft's new nodes match themselves). */
function place(nodes: readonly NavigationNode[]) {
  const found = new Map<string, Placed>();
  const order = new Map<string | null, string[]>();
  const visit = (list: readonly NavigationNode[], parent: string | null, titles: string, at: string) => {
    list.forEach((node, i) => {
      const key = node.Id !== undefined ? `#${node.Id}` : `@${at}${i}`;
      const title = titles === '' ? node.Title : `${titles} / ${node.Title}`;
      found.set(key, { node, title, parent });
      order.set(parent, [...(order.get(parent) ?? []), key]);
      visit(node.Children, key, title, `${at}${i}.`);
    });
  };
  visit(nodes, null, '', '');
  return { found, order };
}

/**
 * The differences from navigation `a` to `b`, node by node (by `Id`): in `b`'s order each node
 * added, renamed (its `Title`), moved (to another parent, or out of the order the siblings common
 * to both keep), or changed (`Description`, `Link`); then the nodes removed, in `a`'s order.
 * `diffNavigation(a, a)` is empty. Pure: the server's diff and a designer's agree.
 */
export function diffNavigation(a: NavigationDefinition, b: NavigationDefinition): NavigationChange[] {
  const from = place(a.Nodes);
  const to = place(b.Nodes);
  const moved = new Set<string>();
  for (const [parent, keys] of to.order) {
    const common = keys.filter((key) => from.found.get(key)?.parent === parent);
    const before = (from.order.get(parent) ?? []).filter((key) => to.found.get(key)?.parent === parent);
    const kept = keptInOrder(before, common);
    for (const key of common) if (!kept.has(key)) moved.add(key);
  }

  const changes: NavigationChange[] = [];
  const leaf = ({ Children: _children, ...node }: NavigationNode) => node;
  const idOf = (node: NavigationNode) => (node.Id !== undefined ? { NodeId: node.Id } : {});
  for (const [key, { node, title, parent }] of to.found) {
    const old = from.found.get(key);
    if (!old) {
      changes.push({ Path: title, ...idOf(node), Change: 'added', After: leaf(node) });
      continue;
    }
    if (old.node.Title !== node.Title) {
      changes.push({
        Path: title,
        ...idOf(node),
        Change: 'renamed',
        Before: old.node.Title,
        After: node.Title,
      });
    }
    if (old.parent !== parent || moved.has(key)) {
      changes.push({ Path: title, ...idOf(node), Change: 'moved', Before: old.title, After: title });
    }
    for (const property of ['Description', 'Link'] as const) {
      if (!same(old.node[property], node[property])) {
        changes.push({
          Path: title,
          ...idOf(node),
          Change: 'changed',
          Property: property,
          Before: old.node[property],
          After: node[property],
        });
      }
    }
  }
  for (const [key, { node, title }] of from.found) {
    if (!to.found.has(key)) {
      changes.push({ Path: title, ...idOf(node), Change: 'removed', Before: leaf(node) });
    }
  }
  return changes;
}
