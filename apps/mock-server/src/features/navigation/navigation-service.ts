import type { SiteMapNode } from '@procedo/client-api';
import type { DatabaseEntry } from '../../db/catalog';
import type { Timepoint } from '../../http/timepoint';
import { type FormAccess, formAccessOf, formsOpenedBy } from '../forms/form-access';
import { hasRole } from '../session/roles';
import type { UserRecord } from '../session/session-store';
import { ROLE_FORMS } from '../users/users-form';
import type { NavigationNodeRecord } from './navigation-store';

/** Why a site map cannot be given. */
export class NavigationError extends Error {
  override name = 'NavigationError';
  readonly reason: 'forbidden' | 'unknown-profile' | 'unsupported-query';
  constructor(reason: NavigationError['reason'], message: string) {
    super(message);
    this.reason = reason;
  }
}

const TITLE_QUERY = /^\/\/Node\[@Title=(?:'([^']*)'|"([^"]*)")\]$/;

/**
 * The xPathQuery subset the server supports: empty (the whole tree) or `//Node[@Title='X']`
 * (every node titled X, with its subtree). Returns the title, null for the whole tree, or throws.
 */
export function parseSiteMapQuery(query: string | undefined): string | null {
  const trimmed = query?.trim() ?? '';
  if (trimmed === '') return null;
  const match = TITLE_QUERY.exec(trimmed);
  if (!match) {
    throw new NavigationError(
      'unsupported-query',
      `Unsupported xPathQuery '${trimmed}': only //Node[@Title='…'] is supported`,
    );
  }
  return match[1] ?? match[2] ?? '';
}

function buildTree(rows: NavigationNodeRecord[]): SiteMapNode[] {
  const children = new Map<number | null, NavigationNodeRecord[]>();
  for (const row of rows) {
    const list = children.get(row.parentId) ?? [];
    list.push(row);
    children.set(row.parentId, list);
  }
  const build = (parentId: number | null): SiteMapNode[] =>
    (children.get(parentId) ?? [])
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((row) => ({
        id: row.id,
        title: row.title,
        url: row.url,
        description: row.description,
        children: build(row.id),
      }));
  return build(null);
}

/**
 * The tree without the nodes whose URL opens a form the profile may not open; a section (a node
 * without a URL) left with no children by that goes too.
 */
export function withoutClosedForms(nodes: SiteMapNode[], mayOpen: FormAccess): SiteMapNode[] {
  return nodes.flatMap((node) => {
    if (!formsOpenedBy(node.url).every(mayOpen)) return [];
    const children = withoutClosedForms(node.children, mayOpen);
    if (!node.url && node.children.length > 0 && children.length === 0) return [];
    return [{ ...node, children }];
  });
}

/**
 * A profile's nodes now (`navigation_nodes`, the latest version) or at a timepoint: the version
 * in force then (one seek on `navigation_versions_in_force`); its ids are the nodes' ids, so
 * translations still apply.
 */
async function nodesAt(
  database: DatabaseEntry,
  profileId: number,
  timepoint: Timepoint | null | undefined,
): Promise<NavigationNodeRecord[]> {
  if (timepoint) {
    const version = await database.stores.navigationVersions.inForceAt(profileId, timepoint.iso);
    if (version) return JSON.parse(version.json) as NavigationNodeRecord[];
  }
  return database.stores.navigation.listNodes(profileId);
}

function findByTitle(nodes: SiteMapNode[], title: string): SiteMapNode[] {
  return nodes.flatMap((node) => [
    ...(node.title === title ? [node] : []),
    ...findByTitle(node.children, title),
  ]);
}

/**
 * A profile's navigation tree (the site map). Users read their own profile's; only supervisors
 * may read another profile's. Links to forms the profile may not open are left out.
 */
export async function getSiteMap(options: {
  database: DatabaseEntry;
  user: UserRecord;
  profileId?: number;
  xPathQuery?: string;
  /** The instant the caller views: the navigation version in force then. @default now */
  timepoint?: Timepoint | null;
}): Promise<SiteMapNode[]> {
  const { database, user } = options;
  const title = parseSiteMapQuery(options.xPathQuery);
  const profileId = options.profileId ?? user.profileId;
  if (profileId !== user.profileId && !user.isSupervisor) {
    throw new NavigationError(
      'forbidden',
      `Only supervisors may read the navigation of profile ${profileId}`,
    );
  }
  const profile = await database.stores.navigation.findProfile(profileId);
  if (!profile) throw new NavigationError('unknown-profile', `Unknown profile ${profileId}`);
  const access = await formAccessOf(database, profileId);
  const tree = withoutClosedForms(buildTree(await nodesAt(database, profileId, options.timepoint)), (no) => {
    const role = ROLE_FORMS.get(no);
    return role ? hasRole(user, role) : access(no);
  });
  return title === null ? tree : findByTitle(tree, title);
}
