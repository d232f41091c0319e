import * as z from 'zod/mini';
import {
  ChangeNoteSchema,
  createVersionedDefinitionsApi,
  DefinitionDiffSchema,
  Version,
  type VersionedDefinitionsApi,
  VersionStamp,
} from './designer-versions';
import { CommandDefinitionSchema } from './process-command-schemas';
import type { V1Request } from './request';

/**
 * The process command designer's resource of the v1 API (`designer/commands…`, issue 16): every
 * published version of a process command (its fields and ordered steps), their diffs, and
 * publishing a new one. A process keeps the version it was created with. Every call needs the
 * `design` role (403 `FORBIDDEN` otherwise).
 */

const Id = z.int().check(z.positive());

/** One command of `GET designer/commands`, with its current version. */
export const DesignerCommandSummarySchema = z.strictObject({
  CommandId: Id,
  Name: z.string(),
  Description: z.string(),
  StepCount: z.int().check(z.nonnegative()),
  Version,
  PublishedAt: VersionStamp.PublishedAt,
  PublishedBy: z.string(),
});
export type DesignerCommandSummary = z.infer<typeof DesignerCommandSummarySchema>;

export const DesignerCommandListSchema = z.strictObject({ Items: z.array(DesignerCommandSummarySchema) });
export type DesignerCommandList = z.infer<typeof DesignerCommandListSchema>;

/** `GET designer/commands/{id}` and `…/versions/{v}`: one version and its command. */
export const DesignerCommandSchema = z.strictObject({
  CommandId: Id,
  ...VersionStamp,
  Command: CommandDefinitionSchema,
});
export type DesignerCommand = z.infer<typeof DesignerCommandSchema>;

/** `GET designer/commands/{id}/diff?from=a&to=b`: see `diffCommandSteps`. */
export const CommandDiffSchema = DefinitionDiffSchema;
export type CommandDiff = z.infer<typeof CommandDiffSchema>;

/** `POST designer/commands/{id}/versions` body. Strict: unknown fields are refused. */
export const PublishCommandRequestSchema = z.strictObject({
  /** The version the draft started from; another designer's newer one makes this a conflict. */
  BaseVersion: Version,
  Command: CommandDefinitionSchema,
  ChangeNote: ChangeNoteSchema,
});
export type PublishCommandRequest = z.input<typeof PublishCommandRequestSchema>;

/** The 201 answer of a publish: the new version. */
export const PublishedCommandVersionSchema = z.strictObject({
  ...VersionStamp,
  Command: CommandDefinitionSchema,
});
export type PublishedCommandVersion = z.infer<typeof PublishedCommandVersionSchema>;

/**
 * `designer/commands…` of the v1 API, keyed by the command's id. A process keeps the version it
 * was created with; new ones use the newest. A publish's 400 issues name each problem's step
 * (`['Command', 'Steps', i, …]`).
 */
export type DesignerCommandsApi = VersionedDefinitionsApi<
  DesignerCommandList,
  DesignerCommand,
  CommandDiff,
  PublishCommandRequest,
  PublishedCommandVersion
>;

/** Builds `designer/commands…` on a {@link V1Request}. */
export function createDesignerCommandsApi(request: V1Request): DesignerCommandsApi {
  return createVersionedDefinitionsApi<
    typeof DesignerCommandListSchema,
    typeof DesignerCommandSchema,
    typeof CommandDiffSchema,
    PublishCommandRequest,
    typeof PublishedCommandVersionSchema
  >(request, 'designer/commands', {
    list: DesignerCommandListSchema,
    item: DesignerCommandSchema,
    diff: CommandDiffSchema,
    published: PublishedCommandVersionSchema,
  });
}
