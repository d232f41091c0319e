import * as z from 'zod/mini';
import { conflictJson, HttpStatusError, sameAnswer } from '../errors';
import type { V1Request } from './request';

/**
 * What every kind of versioned definition of the designer API shares (issue 16): the version
 * stamp (who, when, why), the versions list and diff, a publish's refusals, and the resource's
 * six calls (`designer/{kind}`, `…/{key}`, `…/versions`, `…/versions/{v}`, `…/diff`, `POST
 * …/versions`). Forms (`designer.ts`) and process commands (`designer-commands.ts`) are kinds.
 */

export const Version = z.int().check(z.positive());
const Instant = z.string();

/** Who published a version, when and why: the fields every version carries. */
export const VersionStamp = {
  Version,
  PublishedAt: Instant,
  PublishedBy: z.string(),
  ChangeNote: z.string(),
};

/** A publish's change note: required, trimmed. */
export const ChangeNoteSchema = z
  .string()
  .check(z.trim(), z.minLength(1, 'Enter a change note'), z.maxLength(500));

/** One entry of a definition's versions: the definitions' audit trail (who, when, why). */
export const DefinitionVersionSchema = z.strictObject(VersionStamp);
export type DefinitionVersion = z.infer<typeof DefinitionVersionSchema>;

/** `GET designer/{kind}/{key}/versions`, newest first. */
export const DefinitionVersionListSchema = z.strictObject({ Items: z.array(DefinitionVersionSchema) });
export type DefinitionVersionList = z.infer<typeof DefinitionVersionListSchema>;

/** One change of a diff (see `diffDefinitions`, `diffCommandSteps`). */
export const DefinitionChangeSchema = z.strictObject({
  Path: z.string(),
  Change: z.enum(['added', 'removed', 'changed', 'moved']),
  Property: z.optional(z.string()),
  Before: z.optional(z.unknown()),
  After: z.optional(z.unknown()),
});

/** `GET designer/{kind}/{key}/diff?from=a&to=b`. */
export const DefinitionDiffSchema = z.strictObject({
  From: Version,
  To: Version,
  Changes: z.array(DefinitionChangeSchema),
});
export type DefinitionDiff = z.infer<typeof DefinitionDiffSchema>;

/** 409 `CONFLICT` body of a publish on a version that is no longer the latest. */
export const DefinitionConflictBodySchema = z.object({
  Message: z.string(),
  Code: z.literal('CONFLICT'),
  CurrentVersion: Version,
});

export const BreakingChangeSchema = z.strictObject({
  Element: z.string(),
  Reason: z.enum(['removed-with-values', 'kind-changed']),
});
export type BreakingChange = z.infer<typeof BreakingChangeSchema>;

/** 409 `BREAKING_CHANGE` body: what the publish would break; publish again with `ConfirmBreaking`. */
export const BreakingChangeErrorBodySchema = z.object({
  Message: z.string(),
  Code: z.literal('BREAKING_CHANGE'),
  Breaking: z.array(BreakingChangeSchema),
});

/** Another designer published first (409 `CONFLICT`): nothing was stored; `currentVersion` is the latest. */
export class DefinitionConflictError extends HttpStatusError {
  /** Brand that survives crossing an iframe boundary. */
  readonly isDefinitionConflict = true as const;
  readonly currentVersion: number;

  constructor(options: { error: HttpStatusError; currentVersion: number }) {
    super(sameAnswer(options.error));
    this.name = 'DefinitionConflictError';
    this.currentVersion = options.currentVersion;
  }
}

/** The definition would break stored records (409 `BREAKING_CHANGE`): nothing was stored until confirmed. */
export class BreakingChangeError extends HttpStatusError {
  /** Brand that survives crossing an iframe boundary. */
  readonly isBreakingChange = true as const;
  readonly breaking: BreakingChange[];

  constructor(options: { error: HttpStatusError; breaking: BreakingChange[] }) {
    super(sameAnswer(options.error));
    this.name = 'BreakingChangeError';
    this.breaking = options.breaking;
  }
}

/** Whether `error` is a {@link DefinitionConflictError} (also across iframes). */
export const isDefinitionConflictError = (error: unknown): error is DefinitionConflictError =>
  error instanceof DefinitionConflictError ||
  (typeof error === 'object' &&
    error !== null &&
    (error as { isDefinitionConflict?: unknown }).isDefinitionConflict === true);

/** Whether `error` is a {@link BreakingChangeError} (also across iframes). */
export const isBreakingChangeError = (error: unknown): error is BreakingChangeError =>
  error instanceof BreakingChangeError ||
  (typeof error === 'object' &&
    error !== null &&
    (error as { isBreakingChange?: unknown }).isBreakingChange === true);

/** A publish's 409 as its typed error: {@link DefinitionConflictError} or {@link BreakingChangeError}. */
export function asPublishRefusal(error: unknown): never {
  const answer = conflictJson(error);
  if (!answer) throw error;
  const conflict = DefinitionConflictBodySchema.safeParse(answer.json);
  if (conflict.success) {
    throw new DefinitionConflictError({ error: answer.error, currentVersion: conflict.data.CurrentVersion });
  }
  const breaking = BreakingChangeErrorBodySchema.safeParse(answer.json);
  if (breaking.success)
    throw new BreakingChangeError({ error: answer.error, breaking: breaking.data.Breaking });
  throw error;
}

type Signal = { signal?: AbortSignal };

/**
 * `designer/{kind}…` of the v1 API for one kind of definition, keyed by a number. A publish
 * makes a new version (revert = publish an older version's definition again) and throws
 * {@link DefinitionConflictError} when another designer published first, {@link
 * BreakingChangeError} when it needs `ConfirmBreaking`, and an `HttpStatusError` 400 whose issues
 * name each problem's place in the body.
 */
export interface VersionedDefinitionsApi<List, Item, Diff, PublishRequest, Published> {
  /** `GET designer/{kind}`: every definition with the version in force now. */
  list(options?: Signal): Promise<List>;
  /** `GET designer/{kind}/{key}`: the version in force now. */
  get(key: number, options?: Signal): Promise<Item>;
  /** `GET designer/{kind}/{key}/versions`: every published version, newest first. */
  versions(key: number, options?: Signal): Promise<DefinitionVersionList>;
  /** `GET designer/{kind}/{key}/versions/{v}`: one version (404 for an unknown one). */
  version(key: number, version: number, options?: Signal): Promise<Item>;
  /** `GET designer/{kind}/{key}/diff?from=&to=`: what changed from one version to another. */
  diff(key: number, from: number, to: number, options?: Signal): Promise<Diff>;
  /** `POST designer/{kind}/{key}/versions`: publishes a new version. */
  publish(key: number, request: PublishRequest): Promise<Published>;
}

/** Builds `designer/{kind}…` on a {@link V1Request}, each answer checked by its schema. */
export function createVersionedDefinitionsApi<
  List extends z.ZodMiniType,
  Item extends z.ZodMiniType,
  Diff extends z.ZodMiniType,
  PublishRequest,
  Published extends z.ZodMiniType,
>(
  request: V1Request,
  path: string,
  schemas: { list: List; item: Item; diff: Diff; published: Published },
): VersionedDefinitionsApi<z.infer<List>, z.infer<Item>, z.infer<Diff>, PublishRequest, z.infer<Published>> {
  const signalOf = (options?: Signal) => (options?.signal ? { signal: options.signal } : {});
  return {
    list: (options) => request(schemas.list, path, signalOf(options)),
    get: (key, options) => request(schemas.item, `${path}/${key}`, signalOf(options)),
    versions: (key, options) =>
      request(DefinitionVersionListSchema, `${path}/${key}/versions`, signalOf(options)),
    version: (key, version, options) =>
      request(schemas.item, `${path}/${key}/versions/${version}`, signalOf(options)),
    diff: (key, from, to, options) =>
      request(schemas.diff, `${path}/${key}/diff`, { searchParams: { from, to }, ...signalOf(options) }),
    publish: (key, body) =>
      request(schemas.published, `${path}/${key}/versions`, { method: 'POST', json: body }).catch(
        asPublishRefusal,
      ),
  };
}
