import type { SiteMapNode } from '@procedo/client-api';
import type { DatabaseEntry } from '../../db/catalog';
import type { UserRecord } from '../session/session-store';
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
        title: row.title,
        url: row.url,
        description: row.description,
        children: build(row.id),
      }));
  return build(null);
}

function findByTitle(nodes: SiteMapNode[], title: string): SiteMapNode[] {
  return nodes.flatMap((node) => [
    ...(node.title === title ? [node] : []),
    ...findByTitle(node.children, title),
  ]);
}

/**
 * A profile's navigation tree (the site map). Users read their own profile's; only supervisors
 * may read another profile's.
 */
export async function getSiteMap(options: {
  database: DatabaseEntry;
  user: UserRecord;
  profileId?: number;
  xPathQuery?: string;
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
  const tree = buildTree(await database.stores.navigation.listNodes(profileId));
  return title === null ? tree : findByTitle(tree, title);
}
