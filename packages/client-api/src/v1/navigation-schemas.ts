import * as z from 'zod/mini';

/**
 * A profile's navigation (its site map) as the navigation designer edits it (issue 16 item 2): a
 * tree of nodes, each a folder or a link to a form, a process command, a dashboard, a help topic
 * or a same-origin page. A node keeps its `Id` across versions (its translations and bookmarks
 * are keyed by it); a node without one is new and gets a new id when published.
 */

/** Limits of a navigation tree (docs/protocol.md "Designer: navigation"). */
export const NAVIGATION_LIMITS = {
  /** Levels of nesting: top-level nodes are depth 1. */
  maxDepth: 6,
  /** Nodes in one profile's tree. */
  maxNodes: 500,
  maxTitle: 200,
  maxDescription: 500,
  maxUrl: 500,
} as const;

const Id = z.int().check(z.positive());

/**
 * A same-origin path: `/` then no second `/` or `\` (a protocol-relative `//host` or `/\host`
 * leaves the site), no scheme (`javascript:`), no control characters or spaces.
 */
export const SAME_ORIGIN_PATH = /^\/(?![/\\])[^\s\\\p{Cc}]*$/u;

export const NavigationLinkSchema = z.discriminatedUnion('Kind', [
  z.strictObject({ Kind: z.literal('form'), WebTemplateNo: Id }),
  z.strictObject({ Kind: z.literal('command'), CommandId: Id }),
  z.strictObject({ Kind: z.literal('dashboard'), DashboardId: Id }),
  z.strictObject({
    Kind: z.literal('help'),
    Topic: z
      .string()
      .check(z.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'A help topic is lower-case letters, digits and dashes')),
  }),
  z.strictObject({
    Kind: z.literal('url'),
    Url: z
      .string()
      .check(
        z.maxLength(NAVIGATION_LIMITS.maxUrl),
        z.regex(SAME_ORIGIN_PATH, 'Enter a path of this site, starting with /'),
      ),
  }),
]);
export type NavigationLink = z.infer<typeof NavigationLinkSchema>;
export type NavigationLinkKind = NavigationLink['Kind'];

export interface NavigationNode {
  /** The stored node's id; absent for a node new in this draft. */
  Id?: number | undefined;
  Title: string;
  Description?: string | undefined;
  /** Absent: a folder. */
  Link?: NavigationLink | undefined;
  Children: NavigationNode[];
}

export const NavigationNodeSchema: z.ZodMiniType<NavigationNode> = z.strictObject({
  Id: z.optional(Id),
  Title: z.string().check(z.trim(), z.minLength(1, 'Enter a title'), z.maxLength(NAVIGATION_LIMITS.maxTitle)),
  Description: z.optional(z.string().check(z.maxLength(NAVIGATION_LIMITS.maxDescription))),
  Link: z.optional(NavigationLinkSchema),
  get Children() {
    return z.array(NavigationNodeSchema);
  },
});

/** A profile's whole navigation tree; the tree rules beyond a node's are `navigationProblems`'. */
export const NavigationDefinitionSchema = z.strictObject({
  Nodes: z.array(NavigationNodeSchema),
});
export type NavigationDefinition = z.infer<typeof NavigationDefinitionSchema>;
