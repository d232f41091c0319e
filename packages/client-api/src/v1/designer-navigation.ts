import * as z from 'zod/mini';
import { HttpStatusError } from '../errors';
import {
  DefinitionConflictBodySchema,
  DefinitionConflictError,
  type DefinitionVersionList,
  DefinitionVersionListSchema,
} from './designer';
import { NavigationDefinitionSchema } from './navigation-schemas';
import type { V1Request } from './request';

/**
 * The navigation designer's resource of the v1 API (`designer/navigation…`, issue 16 item 2):
 * every published version of a profile's navigation, their diffs, and publishing a new one.
 * Every call needs the `navigation-design` role (403 `FORBIDDEN` otherwise).
 */

const Version = z.int().check(z.positive());
const Id = z.int().check(z.positive());
const Instant = z.string();

/** One profile of `GET designer/navigation`, with its navigation's latest version. */
export const DesignerNavigationSummarySchema = z.strictObject({
  ProfileId: Id,
  Name: z.string(),
  NodeCount: z.int().check(z.nonnegative()),
  Version,
  PublishedAt: Instant,
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
  Version,
  PublishedAt: Instant,
  PublishedBy: z.string(),
  ChangeNote: z.string(),
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
  ChangeNote: z.string().check(z.trim(), z.minLength(1, 'Enter a change note'), z.maxLength(500)),
});
export type PublishNavigationRequest = z.input<typeof PublishNavigationRequestSchema>;

/** The 201 answer of a publish: the new version, with the ids the new nodes got. */
export const PublishedNavigationVersionSchema = z.strictObject({
  Version,
  PublishedAt: Instant,
  PublishedBy: z.string(),
  ChangeNote: z.string(),
  Navigation: NavigationDefinitionSchema,
});
export type PublishedNavigationVersion = z.infer<typeof PublishedNavigationVersionSchema>;

function asConflict(error: unknown): never {
  if (error instanceof HttpStatusError && error.status === 409) {
    let json: unknown;
    try {
      json = JSON.parse(error.bodyText);
    } catch {
      throw error;
    }
    const conflict = DefinitionConflictBodySchema.safeParse(json);
    if (conflict.success)
      throw new DefinitionConflictError({ error, currentVersion: conflict.data.CurrentVersion });
  }
  throw error;
}

type Signal = { signal?: AbortSignal };

/** `designer/navigation…` of the v1 API. */
export interface DesignerNavigationApi {
  /** `GET designer/navigation`: every profile with its navigation's latest version. */
  list(options?: Signal): Promise<DesignerNavigationList>;
  /** `GET designer/navigation/{profileId}`: the latest version (the menu users get now). */
  get(profileId: number, options?: Signal): Promise<DesignerNavigation>;
  /** `GET designer/navigation/{profileId}/versions`: every published version, newest first. */
  versions(profileId: number, options?: Signal): Promise<DefinitionVersionList>;
  /** `GET designer/navigation/{profileId}/versions/{v}`: one version (404 for an unknown one). */
  version(profileId: number, version: number, options?: Signal): Promise<DesignerNavigation>;
  /** `GET designer/navigation/{profileId}/diff?from=&to=`: what changed, node by node. */
  diff(profileId: number, from: number, to: number, options?: Signal): Promise<NavigationDiff>;
  /**
   * `POST designer/navigation/{profileId}/versions`: publishes a new version (revert = publish an
   * older version's tree). Throws {@link DefinitionConflictError} when another designer published
   * first, and an `HttpStatusError` 400 whose issues name each problem's node
   * (`['Navigation', 'Nodes', i, 'Children', j, …]`).
   */
  publish(profileId: number, request: PublishNavigationRequest): Promise<PublishedNavigationVersion>;
}

/** Builds `designer/navigation…` on a {@link V1Request}. */
export function createDesignerNavigationApi(request: V1Request): DesignerNavigationApi {
  const signalOf = (options?: Signal) => (options?.signal ? { signal: options.signal } : {});
  return {
    list: (options) => request(DesignerNavigationListSchema, 'designer/navigation', signalOf(options)),
    get: (id, options) => request(DesignerNavigationSchema, `designer/navigation/${id}`, signalOf(options)),
    versions: (id, options): Promise<DefinitionVersionList> =>
      request(DefinitionVersionListSchema, `designer/navigation/${id}/versions`, signalOf(options)),
    version: (id, version, options) =>
      request(DesignerNavigationSchema, `designer/navigation/${id}/versions/${version}`, signalOf(options)),
    diff: (id, from, to, options) =>
      request(NavigationDiffSchema, `designer/navigation/${id}/diff`, {
        searchParams: { from, to },
        ...signalOf(options),
      }),
    publish: (id, body) =>
      request(PublishedNavigationVersionSchema, `designer/navigation/${id}/versions`, {
        method: 'POST',
        json: body,
      }).catch(asConflict),
  };
}
