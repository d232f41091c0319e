import * as z from 'zod/mini';
import {
  ChangeNoteSchema,
  createVersionedDefinitionsApi,
  Version,
  type VersionedDefinitionsApi,
  VersionStamp,
} from './designer-versions';
import { NavigationDefinitionSchema } from './navigation-schemas';
import type { V1Request } from './request';

/**
 * The navigation designer's resource of the v1 API (`designer/navigation…`, issue 16 item 2):
 * every published version of a profile's navigation, their diffs, and publishing a new one.
 * Every call needs the `navigation-design` role (403 `FORBIDDEN` otherwise).
 */

const Id = z.int().check(z.positive());

/** One profile of `GET designer/navigation`, with its navigation's latest version. */
export const DesignerNavigationSummarySchema = z.strictObject({
  ProfileId: Id,
  Name: z.string(),
  NodeCount: z.int().check(z.nonnegative()),
  Version,
  PublishedAt: VersionStamp.PublishedAt,
  PublishedBy: z.string(),
});
export type DesignerNavigationSummary = z.infer<typeof DesignerNavigationSummarySchema>;

export const DesignerNavigationListSchema = z.strictObject({
  Items: z.array(DesignerNavigationSummarySchema),
});
export type DesignerNavigationList = z.infer<typeof DesignerNavigationListSchema>;

/** `GET designer/navigation/{profileId}` and `…/versions/{v}`: one version and its tree (untranslated). */
export const DesignerNavigationSchema = z.strictObject({
  ProfileId: Id,
  ...VersionStamp,
  Navigation: NavigationDefinitionSchema,
});
export type DesignerNavigation = z.infer<typeof DesignerNavigationSchema>;

/** One change of a navigation diff (see `diffNavigation`). */
export const NavigationChangeSchema = z.strictObject({
  Path: z.string(),
  NodeId: z.optional(Id),
  Change: z.enum(['added', 'removed', 'renamed', 'moved', 'changed']),
  Property: z.optional(z.string()),
  Before: z.optional(z.unknown()),
  After: z.optional(z.unknown()),
});

/** `GET designer/navigation/{profileId}/diff?from=a&to=b`. */
export const NavigationDiffSchema = z.strictObject({
  From: Version,
  To: Version,
  Changes: z.array(NavigationChangeSchema),
});
export type NavigationDiff = z.infer<typeof NavigationDiffSchema>;

/** `POST designer/navigation/{profileId}/versions` body. Strict: unknown fields are refused. */
export const PublishNavigationRequestSchema = z.strictObject({
  /** The version the draft started from; another designer's newer one makes this a conflict. */
  BaseVersion: Version,
  Navigation: NavigationDefinitionSchema,
  ChangeNote: ChangeNoteSchema,
});
export type PublishNavigationRequest = z.input<typeof PublishNavigationRequestSchema>;

/** The 201 answer of a publish: the new version, with the ids the new nodes got. */
export const PublishedNavigationVersionSchema = z.strictObject({
  ...VersionStamp,
  Navigation: NavigationDefinitionSchema,
});
export type PublishedNavigationVersion = z.infer<typeof PublishedNavigationVersionSchema>;

/**
 * `designer/navigation…` of the v1 API, keyed by the profile id: `list` every profile with its
 * navigation's latest version; `get` the latest (the menu users get now); `versions`, `version`;
 * `diff` node by node (`diffNavigation`); `publish` a new version (revert = publish an older
 * version's tree), throwing `DefinitionConflictError` when another designer published first and
 * an `HttpStatusError` 400 whose issues name each problem's node
 * (`['Navigation', 'Nodes', i, 'Children', j, …]`).
 */
export type DesignerNavigationApi = VersionedDefinitionsApi<
  DesignerNavigationList,
  DesignerNavigation,
  NavigationDiff,
  PublishNavigationRequest,
  PublishedNavigationVersion
>;

/** Builds `designer/navigation…` on a {@link V1Request}. */
export function createDesignerNavigationApi(request: V1Request): DesignerNavigationApi {
  return createVersionedDefinitionsApi<
    typeof DesignerNavigationListSchema,
    typeof DesignerNavigationSchema,
    typeof NavigationDiffSchema,
    PublishNavigationRequest,
    typeof PublishedNavigationVersionSchema
  >(request, 'designer/navigation', {
    list: DesignerNavigationListSchema,
    item: DesignerNavigationSchema,
    diff: NavigationDiffSchema,
    published: PublishedNavigationVersionSchema,
  });
}
