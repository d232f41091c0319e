import * as z from 'zod/mini';
import {
  ChangeNoteSchema,
  createVersionedDefinitionsApi,
  type DefinitionDiff,
  DefinitionDiffSchema,
  Version,
  type VersionedDefinitionsApi,
  VersionStamp,
} from './designer-versions';
import { FormDefinitionSchema } from './form-schemas';
import type { V1Request } from './request';

/**
 * The form designer's resource of the v1 API (`designer/forms…`, issue 16): every published
 * version of a form definition, their diffs, and publishing a new one. Every call needs the
 * `design` role (403 `FORBIDDEN` otherwise).
 */

/** One form of `GET designer/forms`, with the version in force now. */
export const DesignerFormSummarySchema = z.strictObject({
  WebTemplateNo: z.int().check(z.positive()),
  Name: z.string(),
  Title: z.string(),
  Kind: z.enum(['record', 'search']),
  Entity: z.string(),
  Version,
  PublishedAt: VersionStamp.PublishedAt,
  PublishedBy: z.string(),
});
export type DesignerFormSummary = z.infer<typeof DesignerFormSummarySchema>;

export const DesignerFormListSchema = z.strictObject({ Items: z.array(DesignerFormSummarySchema) });
export type DesignerFormList = z.infer<typeof DesignerFormListSchema>;

/** `GET designer/forms/{no}` and `…/versions/{v}`: one version and its definition (untranslated). */
export const DesignerFormSchema = z.strictObject({
  WebTemplateNo: z.int().check(z.positive()),
  ...VersionStamp,
  Definition: FormDefinitionSchema,
});
export type DesignerForm = z.infer<typeof DesignerFormSchema>;

/** `POST designer/forms/{no}/versions` body. Strict: unknown fields are refused. */
export const PublishFormRequestSchema = z.strictObject({
  /** The version the draft started from; another designer's newer one makes this a conflict. */
  BaseVersion: Version,
  Definition: FormDefinitionSchema,
  ChangeNote: ChangeNoteSchema,
  /** Publish although stored records hold values of removed elements, or an element's kind changed. @default false */
  ConfirmBreaking: z.optional(z.boolean()),
});
export type PublishFormRequest = z.input<typeof PublishFormRequestSchema>;

/** The 201 answer of a publish: the new version. */
export const PublishedVersionSchema = z.strictObject({ ...VersionStamp, Definition: FormDefinitionSchema });
export type PublishedVersion = z.infer<typeof PublishedVersionSchema>;

/**
 * `designer/forms…` of the v1 API, keyed by `WebTemplateNo`. A publish's 400 issues name each
 * problem's element (`['Definition', 'Elements', i, …]`); it throws `BreakingChangeError` when it
 * needs `ConfirmBreaking`.
 */
export type DesignerFormsApi = VersionedDefinitionsApi<
  DesignerFormList,
  DesignerForm,
  DefinitionDiff,
  PublishFormRequest,
  PublishedVersion
>;

/** The designer resources of the v1 API. */
export interface DesignerApi {
  forms: DesignerFormsApi;
}

/** Builds the designer resource on a {@link V1Request}. */
export function createDesignerApi(request: V1Request): DesignerApi {
  return {
    forms: createVersionedDefinitionsApi<
      typeof DesignerFormListSchema,
      typeof DesignerFormSchema,
      typeof DefinitionDiffSchema,
      PublishFormRequest,
      typeof PublishedVersionSchema
    >(request, 'designer/forms', {
      list: DesignerFormListSchema,
      item: DesignerFormSchema,
      diff: DefinitionDiffSchema,
      published: PublishedVersionSchema,
    }),
  };
}
