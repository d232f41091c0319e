import * as z from 'zod/mini';
import { HttpStatusError } from '../errors';
import { FormDefinitionSchema } from './form-schemas';
import type { V1Request } from './request';

/**
 * The form designer's resource of the v1 API (`designer/forms…`, issue 16): every published
 * version of a form definition, their diffs, and publishing a new one. Every call needs the
 * `design` role (403 `FORBIDDEN` otherwise).
 */

const Version = z.int().check(z.positive());
const Instant = z.string();

/** One form of `GET designer/forms`, with the version in force now. */
export const DesignerFormSummarySchema = z.strictObject({
  WebTemplateNo: z.int().check(z.positive()),
  Name: z.string(),
  Title: z.string(),
  Kind: z.enum(['record', 'search']),
  Entity: z.string(),
  Version,
  PublishedAt: Instant,
  PublishedBy: z.string(),
});
export type DesignerFormSummary = z.infer<typeof DesignerFormSummarySchema>;

export const DesignerFormListSchema = z.strictObject({ Items: z.array(DesignerFormSummarySchema) });
export type DesignerFormList = z.infer<typeof DesignerFormListSchema>;

/** `GET designer/forms/{no}` and `…/versions/{v}`: one version and its definition (untranslated). */
export const DesignerFormSchema = z.strictObject({
  WebTemplateNo: z.int().check(z.positive()),
  Version,
  PublishedAt: Instant,
  PublishedBy: z.string(),
  ChangeNote: z.string(),
  Definition: FormDefinitionSchema,
});
export type DesignerForm = z.infer<typeof DesignerFormSchema>;

/** One entry of a form's versions: the definitions' audit trail (who, when, why). */
export const DefinitionVersionSchema = z.strictObject({
  Version,
  PublishedAt: Instant,
  PublishedBy: z.string(),
  ChangeNote: z.string(),
});
export type DefinitionVersion = z.infer<typeof DefinitionVersionSchema>;

/** `GET designer/forms/{no}/versions`, newest first. */
export const DefinitionVersionListSchema = z.strictObject({ Items: z.array(DefinitionVersionSchema) });
export type DefinitionVersionList = z.infer<typeof DefinitionVersionListSchema>;

/** One change of a diff (see `diffDefinitions`). */
export const DefinitionChangeSchema = z.strictObject({
  Path: z.string(),
  Change: z.enum(['added', 'removed', 'changed', 'moved']),
  Property: z.optional(z.string()),
  Before: z.optional(z.unknown()),
  After: z.optional(z.unknown()),
});

/** `GET designer/forms/{no}/diff?from=a&to=b`. */
export const DefinitionDiffSchema = z.strictObject({
  From: Version,
  To: Version,
  Changes: z.array(DefinitionChangeSchema),
});
export type DefinitionDiff = z.infer<typeof DefinitionDiffSchema>;

/** `POST designer/forms/{no}/versions` body. Strict: unknown fields are refused. */
export const PublishFormRequestSchema = z.strictObject({
  /** The version the draft started from; another designer's newer one makes this a conflict. */
  BaseVersion: Version,
  Definition: FormDefinitionSchema,
  ChangeNote: z.string().check(z.trim(), z.minLength(1, 'Enter a change note'), z.maxLength(500)),
  /** Publish although stored records hold values of removed elements, or an element's kind changed. @default false */
  ConfirmBreaking: z.optional(z.boolean()),
});
export type PublishFormRequest = z.input<typeof PublishFormRequestSchema>;

/** The 201 answer of a publish: the new version. */
export const PublishedVersionSchema = z.strictObject({
  Version,
  PublishedAt: Instant,
  PublishedBy: z.string(),
  ChangeNote: z.string(),
  Definition: FormDefinitionSchema,
});
export type PublishedVersion = z.infer<typeof PublishedVersionSchema>;

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

function copyOf(error: HttpStatusError) {
  return {
    status: error.status,
    method: error.method,
    url: error.url,
    bodyText: error.bodyText,
    ...(error.body ? { body: error.body } : {}),
    cause: error,
  };
}

/** Another designer published first (409 `CONFLICT`): nothing was stored; `currentVersion` is the latest. */
export class DefinitionConflictError extends HttpStatusError {
  /** Brand that survives crossing an iframe boundary. */
  readonly isDefinitionConflict = true as const;
  readonly currentVersion: number;

  constructor(options: { error: HttpStatusError; currentVersion: number }) {
    super(copyOf(options.error));
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
    super(copyOf(options.error));
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

function asPublishRefusal(error: unknown): never {
  if (error instanceof HttpStatusError && error.status === 409) {
    let json: unknown;
    try {
      json = JSON.parse(error.bodyText);
    } catch {
      throw error;
    }
    const conflict = DefinitionConflictBodySchema.safeParse(json);
    if (conflict.success) {
      throw new DefinitionConflictError({ error, currentVersion: conflict.data.CurrentVersion });
    }
    const breaking = BreakingChangeErrorBodySchema.safeParse(json);
    if (breaking.success) throw new BreakingChangeError({ error, breaking: breaking.data.Breaking });
  }
  throw error;
}

type Signal = { signal?: AbortSignal };

/** `designer/forms…` of the v1 API. */
export interface DesignerFormsApi {
  /** `GET designer/forms`: every form with the version in force now. */
  list(options?: Signal): Promise<DesignerFormList>;
  /** `GET designer/forms/{no}`: the version in force now. */
  get(webTemplateNo: number, options?: Signal): Promise<DesignerForm>;
  /** `GET designer/forms/{no}/versions`: every published version, newest first. */
  versions(webTemplateNo: number, options?: Signal): Promise<DefinitionVersionList>;
  /** `GET designer/forms/{no}/versions/{v}`: one version (404 for an unknown one). */
  version(webTemplateNo: number, version: number, options?: Signal): Promise<DesignerForm>;
  /** `GET designer/forms/{no}/diff?from=&to=`: what changed from one version to another. */
  diff(webTemplateNo: number, from: number, to: number, options?: Signal): Promise<DefinitionDiff>;
  /**
   * `POST designer/forms/{no}/versions`: publishes a new version (revert = publish an older
   * version's definition). Throws {@link DefinitionConflictError} when another designer
   * published first, {@link BreakingChangeError} when it needs `ConfirmBreaking`, and an
   * `HttpStatusError` 400 whose issues name each problem's element (`['Definition', 'Elements', i, …]`).
   */
  publish(webTemplateNo: number, request: PublishFormRequest): Promise<PublishedVersion>;
}

/** The designer resources of the v1 API. */
export interface DesignerApi {
  forms: DesignerFormsApi;
}

/** Builds the designer resource on a {@link V1Request}. */
export function createDesignerApi(request: V1Request): DesignerApi {
  const signalOf = (options?: Signal) => (options?.signal ? { signal: options.signal } : {});
  return {
    forms: {
      list: (options) => request(DesignerFormListSchema, 'designer/forms', signalOf(options)),
      get: (no, options) => request(DesignerFormSchema, `designer/forms/${no}`, signalOf(options)),
      versions: (no, options) =>
        request(DefinitionVersionListSchema, `designer/forms/${no}/versions`, signalOf(options)),
      version: (no, version, options) =>
        request(DesignerFormSchema, `designer/forms/${no}/versions/${version}`, signalOf(options)),
      diff: (no, from, to, options) =>
        request(DefinitionDiffSchema, `designer/forms/${no}/diff`, {
          searchParams: { from, to },
          ...signalOf(options),
        }),
      publish: (no, body) =>
        request(PublishedVersionSchema, `designer/forms/${no}/versions`, {
          method: 'POST',
          json: body,
        }).catch(asPublishRefusal),
    },
  };
}
