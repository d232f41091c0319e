import * as z from 'zod/mini';
import { conflictJson, HttpStatusError, sameAnswer } from '../errors';
import {
  ChangeNoteSchema,
  DefinitionConflictBodySchema,
  DefinitionConflictError,
  DefinitionVersionListSchema,
} from './designer-versions';
import { createFormDatasourceApi, DatasourceColumnSchema, type FormDatasourceApi } from './form-datasource';
import type { V1Request } from './request';

/**
 * Datasources (issue 16 item 4, spec §3 grid schema): the columns an entity offers to search
 * grids (the column-list selector) and to the filter editor, designed and published as versions
 * by users with the `design` role (`designer/datasources…`). What every user of a search form
 * reads (`forms/{no}/datasource`) is the main entry's (`form-datasource.ts`).
 */

const Version = z.int().check(z.positive());
const Instant = z.string();

/** At most this many columns in a datasource. */
export const MAX_DATASOURCE_COLUMNS = 200;

/** `GET designer/datasources/{entity}` and `…/versions/{v}`: one version of an entity's datasource. */
export const DatasourceSchema = z.strictObject({
  Entity: z.string(),
  Version,
  PublishedAt: Instant,
  PublishedBy: z.string(),
  ChangeNote: z.string(),
  Columns: z.array(DatasourceColumnSchema),
});
export type Datasource = z.infer<typeof DatasourceSchema>;

/** One entity of `GET designer/datasources`, with the version in force now. */
export const DatasourceSummarySchema = z.strictObject({
  Entity: z.string(),
  Version,
  PublishedAt: Instant,
  PublishedBy: z.string(),
  ColumnCount: z.int(),
});
export type DatasourceSummary = z.infer<typeof DatasourceSummarySchema>;
export const DatasourceListSchema = z.strictObject({ Items: z.array(DatasourceSummarySchema) });
export type DatasourceList = z.infer<typeof DatasourceListSchema>;

/** One entry of a datasource's versions (who, when, why), newest first. */
export const DatasourceVersionListSchema = DefinitionVersionListSchema;
export type DatasourceVersionList = z.infer<typeof DatasourceVersionListSchema>;

/** One change between two versions: a column added, removed, moved or a property changed. */
export const DatasourceChangeSchema = z.strictObject({
  Column: z.string(),
  Change: z.enum(['added', 'removed', 'changed', 'moved']),
  Property: z.optional(z.string()),
  Before: z.optional(z.unknown()),
  After: z.optional(z.unknown()),
});
export type DatasourceChange = z.infer<typeof DatasourceChangeSchema>;

/** `GET designer/datasources/{entity}/diff?from=a&to=b`. */
export const DatasourceDiffSchema = z.strictObject({
  From: Version,
  To: Version,
  Changes: z.array(DatasourceChangeSchema),
});
export type DatasourceDiff = z.infer<typeof DatasourceDiffSchema>;

/** `POST designer/datasources/{entity}/versions` body. Strict: unknown fields are refused. */
export const PublishDatasourceRequestSchema = z.strictObject({
  /** The version the draft started from; another designer's newer one makes this a conflict. */
  BaseVersion: Version,
  Columns: z.array(DatasourceColumnSchema).check(z.maxLength(MAX_DATASOURCE_COLUMNS)),
  ChangeNote: ChangeNoteSchema,
  /** Publish although saved filters use a removed column (they are kept, not deleted). @default false */
  ConfirmBreaking: z.optional(z.boolean()),
});
export type PublishDatasourceRequest = z.input<typeof PublishDatasourceRequestSchema>;

/** A saved filter that names a column the publish removes. */
export const BrokenFilterSchema = z.strictObject({
  Id: Version,
  WebTemplateNo: Version,
  Name: z.string(),
  OwnerName: z.string(),
  Columns: z.array(z.string()),
});
export type BrokenFilter = z.infer<typeof BrokenFilterSchema>;

/** 409 `BREAKING_CHANGE` body of a datasource publish: the saved filters a removed column breaks. */
export const DatasourceBreakingBodySchema = z.object({
  Message: z.string(),
  Code: z.literal('BREAKING_CHANGE'),
  Filters: z.array(BrokenFilterSchema),
});

/** Saved filters use a removed column (409 `BREAKING_CHANGE`): nothing stored until confirmed. */
export class DatasourceBreakingError extends HttpStatusError {
  readonly isDatasourceBreaking = true as const;
  readonly filters: BrokenFilter[];

  constructor(options: { error: HttpStatusError; filters: BrokenFilter[] }) {
    super(sameAnswer(options.error));
    this.name = 'DatasourceBreakingError';
    this.filters = options.filters;
  }
}

/** Whether `error` is a {@link DatasourceBreakingError} (also across iframes). */
export const isDatasourceBreakingError = (error: unknown): error is DatasourceBreakingError =>
  error instanceof DatasourceBreakingError ||
  (typeof error === 'object' &&
    error !== null &&
    (error as { isDatasourceBreaking?: unknown }).isDatasourceBreaking === true);

/** A publish's 409 as its typed error: `DefinitionConflictError` or {@link DatasourceBreakingError}. */
function asPublishRefusal(error: unknown): never {
  const answer = conflictJson(error);
  if (!answer) throw error;
  const conflict = DefinitionConflictBodySchema.safeParse(answer.json);
  if (conflict.success) {
    throw new DefinitionConflictError({ error: answer.error, currentVersion: conflict.data.CurrentVersion });
  }
  const parsed = DatasourceBreakingBodySchema.safeParse(answer.json);
  if (parsed.success)
    throw new DatasourceBreakingError({ error: answer.error, filters: parsed.data.Filters });
  throw error;
}

type Signal = { signal?: AbortSignal };

/** `designer/datasources…` of the v1 API, and `forms/{no}/datasource` as `v1.datasources` has it. */
export interface DatasourcesApi extends FormDatasourceApi {
  /** `GET designer/datasources`: every entity's datasource, version in force now. */
  list(options?: Signal): Promise<DatasourceList>;
  /** `GET designer/datasources/{entity}`: the version in force now. */
  get(entity: string, options?: Signal): Promise<Datasource>;
  /** `GET designer/datasources/{entity}/versions`: every version, newest first. */
  versions(entity: string, options?: Signal): Promise<DatasourceVersionList>;
  /** `GET designer/datasources/{entity}/versions/{v}`. */
  version(entity: string, version: number, options?: Signal): Promise<Datasource>;
  /** `GET designer/datasources/{entity}/diff?from=&to=`. */
  diff(entity: string, from: number, to: number, options?: Signal): Promise<DatasourceDiff>;
  /**
   * `POST designer/datasources/{entity}/versions`: publishes the next version. 409 `CONFLICT`
   * is a `DefinitionConflictError` (`currentVersion`) on a stale base,
   * {@link DatasourceBreakingError} when saved filters use a removed column, 400 with issues at
   * `['Columns', i, …]`.
   */
  publish(entity: string, body: PublishDatasourceRequest): Promise<Datasource>;
}

/** Builds the datasources resource on a {@link V1Request}. */
export function createDatasourcesApi(request: V1Request): DatasourcesApi {
  const signalOf = (options?: Signal) => (options?.signal ? { signal: options.signal } : {});
  const base = (entity: string) => `designer/datasources/${encodeURIComponent(entity)}`;
  return {
    ...createFormDatasourceApi(request),
    list: (options) => request(DatasourceListSchema, 'designer/datasources', signalOf(options)),
    get: (entity, options) => request(DatasourceSchema, base(entity), signalOf(options)),
    versions: (entity, options) =>
      request(DatasourceVersionListSchema, `${base(entity)}/versions`, signalOf(options)),
    version: (entity, version, options) =>
      request(DatasourceSchema, `${base(entity)}/versions/${version}`, signalOf(options)),
    diff: (entity, from, to, options) =>
      request(DatasourceDiffSchema, `${base(entity)}/diff`, {
        searchParams: { from, to },
        ...signalOf(options),
      }),
    publish: (entity, body) =>
      request(DatasourceSchema, `${base(entity)}/versions`, { method: 'POST', json: body }).catch(
        asPublishRefusal,
      ),
  };
}
