import * as z from 'zod/mini';
import { HttpStatusError } from '../errors';
import {
  DefinitionChangeSchema,
  DefinitionConflictBodySchema,
  DefinitionConflictError,
  type DefinitionVersionList,
  DefinitionVersionListSchema,
} from './designer';
import { CommandDefinitionSchema } from './process-command-schemas';
import type { V1Request } from './request';

/**
 * The process command designer's resource of the v1 API (`designer/commands…`, issue 16): every
 * published version of a process command (its fields and ordered steps), their diffs, and
 * publishing a new one. A process keeps the version it was created with. Every call needs the
 * `design` role (403 `FORBIDDEN` otherwise).
 */

const Version = z.int().check(z.positive());
const Id = z.int().check(z.positive());
const Instant = z.string();

/** One command of `GET designer/commands`, with its current version. */
export const DesignerCommandSummarySchema = z.strictObject({
  CommandId: Id,
  Name: z.string(),
  Description: z.string(),
  StepCount: z.int().check(z.nonnegative()),
  Version,
  PublishedAt: Instant,
  PublishedBy: z.string(),
});
export type DesignerCommandSummary = z.infer<typeof DesignerCommandSummarySchema>;

export const DesignerCommandListSchema = z.strictObject({ Items: z.array(DesignerCommandSummarySchema) });
export type DesignerCommandList = z.infer<typeof DesignerCommandListSchema>;

/** `GET designer/commands/{id}` and `…/versions/{v}`: one version and its command. */
export const DesignerCommandSchema = z.strictObject({
  CommandId: Id,
  Version,
  PublishedAt: Instant,
  PublishedBy: z.string(),
  ChangeNote: z.string(),
  Command: CommandDefinitionSchema,
});
export type DesignerCommand = z.infer<typeof DesignerCommandSchema>;

/** `GET designer/commands/{id}/diff?from=a&to=b`: see `diffCommandSteps`. */
export const CommandDiffSchema = z.strictObject({
  From: Version,
  To: Version,
  Changes: z.array(DefinitionChangeSchema),
});
export type CommandDiff = z.infer<typeof CommandDiffSchema>;

/** `POST designer/commands/{id}/versions` body. Strict: unknown fields are refused. */
export const PublishCommandRequestSchema = z.strictObject({
  /** The version the draft started from; another designer's newer one makes this a conflict. */
  BaseVersion: Version,
  Command: CommandDefinitionSchema,
  ChangeNote: z.string().check(z.trim(), z.minLength(1, 'Enter a change note'), z.maxLength(500)),
});
export type PublishCommandRequest = z.input<typeof PublishCommandRequestSchema>;

/** The 201 answer of a publish: the new version. */
export const PublishedCommandVersionSchema = z.strictObject({
  Version,
  PublishedAt: Instant,
  PublishedBy: z.string(),
  ChangeNote: z.string(),
  Command: CommandDefinitionSchema,
});
export type PublishedCommandVersion = z.infer<typeof PublishedCommandVersionSchema>;

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

/** `designer/commands…` of the v1 API. */
export interface DesignerCommandsApi {
  /** `GET designer/commands`: every command with its current version. */
  list(options?: Signal): Promise<DesignerCommandList>;
  /** `GET designer/commands/{id}`: the current version (the one new processes use). */
  get(commandId: number, options?: Signal): Promise<DesignerCommand>;
  /** `GET designer/commands/{id}/versions`: every published version, newest first. */
  versions(commandId: number, options?: Signal): Promise<DefinitionVersionList>;
  /** `GET designer/commands/{id}/versions/{v}`: one version (404 for an unknown one). */
  version(commandId: number, version: number, options?: Signal): Promise<DesignerCommand>;
  /** `GET designer/commands/{id}/diff?from=&to=`: what changed, step by step. */
  diff(commandId: number, from: number, to: number, options?: Signal): Promise<CommandDiff>;
  /**
   * `POST designer/commands/{id}/versions`: publishes a new version (processes already running
   * keep theirs). Throws {@link DefinitionConflictError} when another designer published first,
   * and an `HttpStatusError` 400 whose issues name each problem's step (`['Command', 'Steps', i, …]`).
   */
  publish(commandId: number, request: PublishCommandRequest): Promise<PublishedCommandVersion>;
}

/** Builds `designer/commands…` on a {@link V1Request}. */
export function createDesignerCommandsApi(request: V1Request): DesignerCommandsApi {
  const signalOf = (options?: Signal) => (options?.signal ? { signal: options.signal } : {});
  return {
    list: (options) => request(DesignerCommandListSchema, 'designer/commands', signalOf(options)),
    get: (id, options) => request(DesignerCommandSchema, `designer/commands/${id}`, signalOf(options)),
    versions: (id, options) =>
      request(DefinitionVersionListSchema, `designer/commands/${id}/versions`, signalOf(options)),
    version: (id, version, options) =>
      request(DesignerCommandSchema, `designer/commands/${id}/versions/${version}`, signalOf(options)),
    diff: (id, from, to, options) =>
      request(CommandDiffSchema, `designer/commands/${id}/diff`, {
        searchParams: { from, to },
        ...signalOf(options),
      }),
    publish: (id, body) =>
      request(PublishedCommandVersionSchema, `designer/commands/${id}/versions`, {
        method: 'POST',
        json: body,
      }).catch(asConflict),
  };
}
