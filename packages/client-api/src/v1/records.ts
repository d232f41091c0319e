import type * as z from 'zod/mini';
import { conflictJson, HttpStatusError, sameAnswer } from '../errors';
import { TIMEPOINT_HEADER } from '../http';
import { type SearchFilter, type SearchSort, writeSearchParams } from '../search/search-query';
import { TIMEPOINT_PARAM, type TimepointInput, timepointText } from '../time/timepoint';
import type { FieldValue } from './form-schemas';
import { type IdempotencyOptions, idempotencyHeaders } from './idempotency';
import {
  type AuditTrail,
  AuditTrailSchema,
  type AuditVerification,
  AuditVerificationSchema,
  ConflictBodySchema,
  type CreateRecordRequestSchema,
  type DeleteRecordRequestSchema,
  type LastSignature,
  LastSignatureSchema,
  RecordSchema,
  type RecordVersion,
  SearchPageSchema,
  SearchResultSchema,
  type UpdateRecordRequestSchema,
} from './record-schemas';
import type { V1Request, V1RequestOptions } from './request';

/** `POST forms/{no}/records` body. */
export type CreateRecordRequest = z.input<typeof CreateRecordRequestSchema>;
/** `PUT forms/{no}/records/{id}` body. */
export type UpdateRecordRequest = z.input<typeof UpdateRecordRequestSchema>;
/** `DELETE forms/{no}/records/{id}` body. */
export type DeleteRecordRequest = z.input<typeof DeleteRecordRequestSchema>;
/** One page of a search form's result list. */
export type SearchResult = z.output<typeof SearchResultSchema>;

/** One keyset page of a search form's result list. */
export type SearchPage = z.output<typeof SearchPageSchema>;

/** What every read of a record may take. */
interface ReadOptions {
  /**
   * Reads the data as it was at this instant (time travel): sent as `?Timepoint=` and in
   * `X-Procedo-Timepoint`. A `Date` is sent as ISO 8601 UTC; a text must be `yyyy-MM-dd HH:mm`
   * (UTC) or ISO 8601 with `Z`, else the call rejects with a `RangeError` and sends nothing.
   * @default the current data
   */
  timepoint?: TimepointInput;
  /** Aborts the request. */
  signal?: AbortSignal;
}

/** Options of {@link RecordsApi.get}: a version, or a timepoint, or neither (the current version). */
export type RecordGetOptions =
  | (ReadOptions & {
      /** Reads this version instead of the current one. @default the current version */
      version?: number;
      timepoint?: undefined;
    })
  | (ReadOptions & { version?: undefined });

/** Query of {@link RecordsApi.search}. */
export interface RecordSearchQuery extends ReadOptions {
  /** Matches the record's title anywhere, case-insensitively. @default '' */
  text?: string;
  /** 0-based page. @default 0 */
  page?: number;
  /** @default the results element's `PageSize` */
  pageSize?: number;
  /**
   * Values of the search form's fields, by element name. Empty values (`''`, `null`, `undefined`)
   * are not sent; a picker value is sent as its `Id`.
   * @default {}
   */
  filters?: Readonly<Record<string, FieldValue | undefined>>;
}

/** Query of {@link RecordsApi.searchPage}: the grid's query (its URL form) and a keyset position. */
export interface RecordSearchPageQuery extends ReadOptions {
  /** Matches the record's title anywhere, case-insensitively. @default '' */
  text?: string;
  /** A visible result column, nulls last. @default title order */
  sort?: SearchSort | null;
  /** Conditions on the form's visible fields. */
  where?: SearchFilter | null;
  /** Saved filters, and-ed with `where`. */
  filterIds?: readonly number[];
  /** The previous page's `NextCursor`. @default the first page */
  after?: string | null;
  /** Rows per page, at most 500. @default the results element's `PageSize` */
  limit?: number;
  /** `exact`: also count the matching rows (up to the server's cap). @default 'none' */
  count?: 'none' | 'exact';
  /** Datasource columns the rows also carry, beyond the result list's (at most 50). @default none */
  columns?: readonly string[];
}

/** Query of {@link RecordsApi.audit}: pages by key. */
export interface AuditTrailQuery extends ReadOptions {
  /** Events after this Seq (the previous page's `NextAfterSeq`). @default 0 */
  afterSeq?: number;
  /** Events per page, at most 500. @default 100 */
  limit?: number;
}

/**
 * The records resource of the v1 API (`forms/{no}/records…`, `forms/{no}/search`): reads of a
 * record now, at a version or at a timepoint; its audit trail; writes with optimistic concurrency;
 * and the search form's results.
 */
export interface RecordsApi {
  /** `GET forms/{no}/records/{id}`: the current version, the given `version`, or the one current at `timepoint`. */
  get(webTemplateNo: number, id: number, options?: RecordGetOptions): Promise<RecordVersion>;
  /** `GET forms/{no}/search`: one page of the search form's results. */
  search(webTemplateNo: number, query?: RecordSearchQuery): Promise<SearchResult>;
  /**
   * `GET forms/{no}/search/page`: one keyset page of the results in the query's sort and
   * conditions; follow `NextCursor` with `after` (same query) for the next. Counts only with `count: 'exact'`.
   */
  searchPage(webTemplateNo: number, query?: RecordSearchPageQuery): Promise<SearchPage>;
  /** `POST forms/{no}/records`: creates a record (version 1). */
  create(
    webTemplateNo: number,
    body: CreateRecordRequest,
    options?: IdempotencyOptions,
  ): Promise<RecordVersion>;
  /**
   * `PUT forms/{no}/records/{id}`: saves a new version (send the changed values only). A stale
   * `Version` rejects with a {@link VersionConflictError} carrying the current record.
   */
  update(webTemplateNo: number, id: number, body: UpdateRecordRequest): Promise<RecordVersion>;
  /** `DELETE forms/{no}/records/{id}`: writes a deleted version; stale → {@link VersionConflictError}. */
  remove(webTemplateNo: number, id: number, body: DeleteRecordRequest): Promise<RecordVersion>;
  /** `GET forms/{no}/records/{id}/audit`: one page of the record's audit trail, oldest first. */
  audit(webTemplateNo: number, id: number, query?: AuditTrailQuery): Promise<AuditTrail>;
  /**
   * `GET forms/{no}/records/{id}/audit/last-signature`: the record's newest signed event (as
   * recorded up to the timepoint when given), for the signature shown beside the record — one read
   * however long the trail.
   */
  lastSignature(webTemplateNo: number, id: number, options?: ReadOptions): Promise<LastSignature>;
  /** `GET forms/{no}/records/{id}/audit/verify`: whether the trail's hash chain is intact. */
  verifyAudit(webTemplateNo: number, id: number, options?: ReadOptions): Promise<AuditVerification>;
}

/**
 * A record write was refused because its `Version` is stale (409 `VERSION_CONFLICT`); `current`
 * is the record as it is now, as this user may read it.
 */
export class VersionConflictError extends HttpStatusError {
  /** Brand that survives crossing an iframe boundary. */
  readonly isVersionConflict = true as const;
  /** The current version of the record. */
  readonly current: RecordVersion;

  constructor(options: { error: HttpStatusError; current: RecordVersion }) {
    super(sameAnswer(options.error));
    this.name = 'VersionConflictError';
    this.current = options.current;
  }
}

/** Whether `error` is a {@link VersionConflictError} (also across iframes). */
export const isVersionConflictError = (error: unknown): error is VersionConflictError =>
  error instanceof VersionConflictError ||
  (typeof error === 'object' &&
    error !== null &&
    (error as { isVersionConflict?: unknown }).isVersionConflict === true);

/** A 409 with the conflict body becomes a {@link VersionConflictError}; anything else is rethrown. */
function asConflict(error: unknown): never {
  const answer = conflictJson(error);
  const parsed = answer && ConflictBodySchema.safeParse(answer.json);
  if (answer && parsed?.success)
    throw new VersionConflictError({ error: answer.error, current: parsed.data.Current });
  throw error;
}

/** Query text of a value: a picker or file by its `Id`; empty values are `undefined`. */
export function queryValue(value: string | number | FieldValue | undefined): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'object') return value.Id === '' ? undefined : value.Id;
  return String(value);
}

/**
 * The request options of a read: the timepoint as `?Timepoint=` and `X-Procedo-Timepoint`, the
 * signal. `params` are the read's other query parameters.
 */
function readOptions(options: ReadOptions, params = new URLSearchParams()): V1RequestOptions {
  const timepoint = options.timepoint === undefined ? undefined : timepointText(options.timepoint);
  if (timepoint !== undefined) params.set(TIMEPOINT_PARAM, timepoint);
  return {
    ...([...params.keys()].length > 0 ? { searchParams: params } : {}),
    ...(timepoint === undefined ? {} : { headers: { [TIMEPOINT_HEADER]: timepoint } }),
    ...(options.signal ? { signal: options.signal } : {}),
  };
}

/** Builds the records resource on a {@link V1Request}. */
export function createRecordsApi(request: V1Request): RecordsApi {
  const form = (no: number) => `forms/${encodeURIComponent(String(no))}`;
  const record = (no: number, id: number) => `${form(no)}/records/${encodeURIComponent(String(id))}`;
  return {
    async get(no, id, options = {}) {
      const params = new URLSearchParams();
      if (options.version !== undefined) params.set('version', String(options.version));
      return request(RecordSchema, record(no, id), readOptions(options, params));
    },
    async search(no, query = {}) {
      const params = new URLSearchParams();
      params.set('text', query.text ?? '');
      params.set('page', String(query.page ?? 0));
      if (query.pageSize !== undefined) params.set('pageSize', String(query.pageSize));
      for (const [name, value] of Object.entries(query.filters ?? {})) {
        const text = queryValue(value);
        if (text !== undefined) params.set(name, text);
      }
      return request(SearchResultSchema, `${form(no)}/search`, readOptions(query, params));
    },
    async searchPage(no, query = {}) {
      const params = writeSearchParams(new URLSearchParams(), {
        ...(query.text === undefined ? {} : { text: query.text }),
        sort: query.sort ?? null,
        where: query.where ?? null,
        ...(query.filterIds ? { filterIds: query.filterIds } : {}),
      });
      if (query.after) params.set('after', query.after);
      if (query.limit !== undefined) params.set('limit', String(query.limit));
      if (query.count === 'exact') params.set('count', 'exact');
      if (query.columns && query.columns.length > 0) params.set('columns', query.columns.join(','));
      return request(SearchPageSchema, `${form(no)}/search/page`, readOptions(query, params));
    },
    create: (no, body, options = {}) =>
      request(RecordSchema, `${form(no)}/records`, {
        method: 'POST',
        json: body,
        headers: idempotencyHeaders(options.idempotencyKey),
      }),
    update: (no, id, body) =>
      request(RecordSchema, record(no, id), { method: 'PUT', json: body }).catch(asConflict),
    remove: (no, id, body) =>
      request(RecordSchema, record(no, id), { method: 'DELETE', json: body }).catch(asConflict),
    async audit(no, id, query = {}) {
      const params = new URLSearchParams();
      if (query.afterSeq !== undefined) params.set('afterSeq', String(query.afterSeq));
      if (query.limit !== undefined) params.set('limit', String(query.limit));
      return request(AuditTrailSchema, `${record(no, id)}/audit`, readOptions(query, params));
    },
    async lastSignature(no, id, options = {}) {
      return request(LastSignatureSchema, `${record(no, id)}/audit/last-signature`, readOptions(options));
    },
    async verifyAudit(no, id, options = {}) {
      return request(AuditVerificationSchema, `${record(no, id)}/audit/verify`, readOptions(options));
    },
  };
}
