import type { ApiIssue } from '@procedo/client-api';
import type { NavigationDefinition, NavigationNode } from '@procedo/client-api/designer';
import {
  type DefinitionVersionList,
  type DesignerNavigation,
  type DesignerNavigationList,
  diffNavigation,
  type NavigationChange,
  type NavigationDiff,
  navigationLinkOf,
  navigationLinkUrl,
  navigationProblems,
  type PublishedNavigationVersion,
  type PublishNavigationRequestSchema,
  walkNavigation,
} from '@procedo/client-api/designer';
import type { z } from 'zod';
import type { DatabaseEntry } from '../../db/catalog';
import type { StoredVersion } from '../designer/version-table';
import { createVersionedDefinitions, stampOf } from '../designer/versioned-definitions';
import type { AuthContext } from '../session/session-service';
import type { NavigationNodeRecord } from './navigation-store';
import type { PublishNavigationNode } from './navigation-versions-store';

/** A parsed publish body. */
export type PublishNavigationBody = z.output<typeof PublishNavigationRequestSchema>;

/**
 * The navigation designer's service (issue 16 item 2): the published versions of each profile's
 * navigation, their diffs, and publishing a new version, which becomes the menu of the profile's
 * users at their next page load. The caller has checked the `navigation-design` role.
 */
export interface NavigationDesignerService {
  list(auth: AuthContext): Promise<DesignerNavigationList>;
  /** The latest version; 404 for an unknown profile. */
  get(auth: AuthContext, profileId: number): Promise<DesignerNavigation>;
  versions(auth: AuthContext, profileId: number): Promise<DefinitionVersionList>;
  version(auth: AuthContext, profileId: number, version: number): Promise<DesignerNavigation>;
  diff(auth: AuthContext, profileId: number, from: number, to: number): Promise<NavigationDiff>;
  /**
   * Publishes `body.Navigation` as the profile's next version: 400 `VALIDATION` naming each
   * problem's node (`['Navigation', 'Nodes', i, 'Children', j, …]`), 409 `CONFLICT` on a stale
   * `BaseVersion`; nothing stored in either.
   */
  publish(
    auth: AuthContext,
    profileId: number,
    body: PublishNavigationBody,
  ): Promise<PublishedNavigationVersion>;
}

/** A stored version's flat nodes; one this server cannot read is a server fault (500, logged). */
export function recordsOf(database: DatabaseEntry, stored: StoredVersion): NavigationNodeRecord[] {
  const records = JSON.parse(stored.json) as unknown;
  if (!Array.isArray(records)) {
    throw new Error(
      `Navigation of profile ${stored.key} version ${stored.version} in database ${database.id} is not a node list`,
    );
  }
  return records as NavigationNodeRecord[];
}

/** Flat records (any order) as the designer's tree, siblings by position. */
export function treeOf(records: readonly NavigationNodeRecord[]): NavigationDefinition {
  const children = new Map<number | null, NavigationNodeRecord[]>();
  for (const record of records) {
    children.set(record.parentId, [...(children.get(record.parentId) ?? []), record]);
  }
  const build = (parent: number | null): NavigationNode[] =>
    (children.get(parent) ?? [])
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((record) => {
        const link = navigationLinkOf(record.url);
        return {
          Id: record.id,
          Title: record.title,
          ...(record.description !== null && record.description !== ''
            ? { Description: record.description }
            : {}),
          ...(link ? { Link: link } : {}),
          Children: build(record.id),
        };
      });
  return { Nodes: build(null) };
}

/** The tree as publish rows, parents first, each with its parent's index. */
function rowsOf(definition: NavigationDefinition): PublishNavigationNode[] {
  const rows: PublishNavigationNode[] = [];
  const visit = (nodes: readonly NavigationNode[], parent: number | null) => {
    nodes.forEach((node, position) => {
      const index = rows.length;
      rows.push({
        id: node.Id ?? null,
        parent,
        position,
        title: node.Title,
        url: node.Link ? navigationLinkUrl(node.Link) : null,
        description: node.Description ?? null,
      });
      visit(node.Children, index);
    });
  };
  visit(definition.Nodes, null);
  return rows;
}

/** Creates the {@link NavigationDesignerService}. */
export function createNavigationDesignerService(options: { now: () => number }): NavigationDesignerService {
  const { now } = options;
  const versions = createVersionedDefinitions<NavigationDefinition, StoredVersion, NavigationChange>({
    noun: 'profile',
    conflictNoun: 'navigation',
    store: (database) => database.stores.navigationVersions,
    parse: (database, stored) => treeOf(recordsOf(database, stored)),
    diff: diffNavigation,
  });

  const toDesigner = (database: DatabaseEntry, version: StoredVersion): DesignerNavigation => ({
    ProfileId: version.key,
    ...stampOf(version),
    Navigation: versions.parse(database, version),
  });

  /**
   * What the schema cannot know (paths from the body): the tree's rules, a kept node is one of
   * this profile's versions' (another profile's id would move its node, and translations, here),
   * and a link's form, command or dashboard exists.
   */
  async function publishIssues(database: DatabaseEntry, draft: NavigationDefinition, ids: Set<number>) {
    const issues: ApiIssue[] = navigationProblems(draft).map((issue) => ({
      ...issue,
      path: ['Navigation', ...issue.path],
    }));
    const targets = { forms: [] as number[], commands: [] as number[], dashboards: [] as number[] };
    walkNavigation(draft.Nodes, (node) => {
      if (node.Link?.Kind === 'form') targets.forms.push(node.Link.WebTemplateNo);
      if (node.Link?.Kind === 'command') targets.commands.push(node.Link.CommandId);
      if (node.Link?.Kind === 'dashboard') targets.dashboards.push(node.Link.DashboardId);
    });
    const unknown = await database.stores.navigationVersions.unknownTargets(targets);
    walkNavigation(draft.Nodes, (node, path) => {
      const at = ['Navigation', ...path];
      if (node.Id !== undefined && !ids.has(node.Id)) {
        issues.push({
          code: 'custom',
          path: [...at, 'Id'],
          message: `Node ${node.Id} is not a node of this navigation`,
        });
      }
      const link = node.Link;
      if (link?.Kind === 'form' && unknown.forms.includes(link.WebTemplateNo)) {
        issues.push({
          code: 'custom',
          path: [...at, 'Link', 'WebTemplateNo'],
          message: `No form ${link.WebTemplateNo}`,
        });
      } else if (link?.Kind === 'command' && unknown.commands.includes(link.CommandId)) {
        issues.push({
          code: 'custom',
          path: [...at, 'Link', 'CommandId'],
          message: `No process command ${link.CommandId}`,
        });
      } else if (link?.Kind === 'dashboard' && unknown.dashboards.includes(link.DashboardId)) {
        issues.push({
          code: 'custom',
          path: [...at, 'Link', 'DashboardId'],
          message: `No dashboard ${link.DashboardId}`,
        });
      }
    });
    return issues;
  }

  return {
    async list(auth) {
      const rows = await auth.database.stores.navigationVersions.listCurrent();
      return {
        Items: rows.map((row) => ({
          ProfileId: row.key,
          Name: row.name,
          NodeCount: recordsOf(auth.database, row).length,
          Version: row.version,
          PublishedAt: row.publishedAt,
          PublishedBy: row.publishedBy,
        })),
      };
    },

    async get(auth, profileId) {
      return toDesigner(auth.database, await versions.stored(auth.database, profileId));
    },

    versions: (auth, profileId) => versions.versions(auth, profileId),

    async version(auth, profileId, version) {
      return toDesigner(auth.database, await versions.stored(auth.database, profileId, version));
    },

    diff: (auth, profileId, from, to) => versions.diff(auth, profileId, from, to),

    async publish(auth, profileId, body) {
      const draft = body.Navigation;
      // A kept node is one this profile's navigation ever had (a revert brings back removed ones).
      const ids = await auth.database.stores.navigationVersions.knownIds(profileId);
      await versions.checkDraft(auth, profileId, body.BaseVersion, () =>
        publishIssues(auth.database, draft, ids),
      );
      const result = await auth.database.stores.navigationVersions.publish({
        key: profileId,
        baseVersion: body.BaseVersion,
        nodes: rowsOf(draft),
        publishedAt: new Date(now()).toISOString(),
        publishedBy: auth.user.name,
        changeNote: body.ChangeNote,
      });
      if (!result.ok) throw versions.refusal(profileId, result);
      return { ...stampOf(result.version), Navigation: treeOf(result.records) };
    },
  };
}
