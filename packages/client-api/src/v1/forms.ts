import type * as z from 'zod/mini';
import { HttpStatusError } from '../errors';
import type { V1Request } from './client';
import {
  ConflictBodySchema,
  type CreateRecordRequestSchema,
  type DeleteRecordRequestSchema,
  type FieldValue,
  type FileRef,
  FileRefSchema,
  type FormResponse,
  FormResponseSchema,
  PickerSearchResultSchema,
  RecordSchema,
  type RecordVersion,
  SearchResultSchema,
  type UpdateRecordRequestSchema,
} from './form-schemas';

/** `POST forms/{no}/records` body. */
export type CreateRecordRequest = z.input<typeof CreateRecordRequestSchema>;
/** `PUT forms/{no}/records/{id}` body. */
export type UpdateRecordRequest = z.input<typeof UpdateRecordRequestSchema>;
/** `DELETE forms/{no}/records/{id}` body. */
export type DeleteRecordRequest = z.input<typeof DeleteRecordRequestSchema>;
/** One page of a search form's result list. */
export type SearchResult = z.output<typeof SearchResultSchema>;
/** A picker's matches. */
export type PickerSearchResult = z.output<typeof PickerSearchResultSchema>;

/** Options of {@link FormsApi.record}. */
export interface RecordReadOptions {
  /** Reads this version instead of the current one (time travel). @default the current version */
  version?: number;
}

/** Query of {@link FormsApi.search}. */
export interface FormSearchQuery {
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

/** Query of {@link FormsApi.pickerSearch}. */
export interface PickerSearchQuery {
  /** The typed text. @default '' */
  text?: string;
  /**
   * Values of the elements the picker depends on (`DependsOn`), by element name: a record id, or
   * a picker value (its `Id` is sent). Empty values are not sent.
   * @default {}
   */
  deps?: Readonly<Record<string, string | number | FieldValue | undefined>>;
  /** With `element`: the server checks the picker element (source, permission, `MinLength`). @default none */
  webTemplateNo?: number;
  /** The picker element's name on `webTemplateNo`. @default none */
  element?: string;
}

/** The forms resource of the v1 API: definitions, records, search, pickers and uploads. */
export interface FormsApi {
  /** `GET forms/{no}`: the definition, the user's element permissions and the upload settings. */
  get(webTemplateNo: number): Promise<FormResponse>;
  /** `GET forms/{no}/records/{id}`: the current (or the given) version of a record. */
  record(webTemplateNo: number, id: number, options?: RecordReadOptions): Promise<RecordVersion>;
  /** `GET forms/{no}/search`: one page of the search form's results. */
  search(webTemplateNo: number, query?: FormSearchQuery): Promise<SearchResult>;
  /** `POST forms/{no}/records`: creates a record (version 1). */
  create(webTemplateNo: number, body: CreateRecordRequest): Promise<RecordVersion>;
  /**
   * `PUT forms/{no}/records/{id}`: saves a new version (send the changed values only). A stale
   * `Version` rejects with a {@link VersionConflictError} carrying the current record.
   */
  update(webTemplateNo: number, id: number, body: UpdateRecordRequest): Promise<RecordVersion>;
  /** `DELETE forms/{no}/records/{id}`: writes a deleted version; stale → {@link VersionConflictError}. */
  remove(webTemplateNo: number, id: number, body: DeleteRecordRequest): Promise<RecordVersion>;
  /** `GET pickers/{source}`: the picker's matches for the text and the values it depends on. */
  pickerSearch(source: string, query: PickerSearchQuery, signal?: AbortSignal): Promise<PickerSearchResult>;
  /** `POST files` (multipart, field `file`): stores a file; its reference goes in a file field's value. */
  upload(file: Blob & { readonly name?: string }, fileName?: string): Promise<FileRef>;
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
    const { error } = options;
    super({
      status: error.status,
      method: error.method,
      url: error.url,
      bodyText: error.bodyText,
      ...(error.body ? { body: error.body } : {}),
      cause: error,
    });
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
  if (error instanceof HttpStatusError && error.status === 409) {
    let json: unknown;
    try {
      json = JSON.parse(error.bodyText);
    } catch {
      throw error;
    }
    const parsed = ConflictBodySchema.safeParse(json);
    if (parsed.success) throw new VersionConflictError({ error, current: parsed.data.Current });
  }
  throw error;
}

/** Query text of a value: a picker or file by its `Id`; empty values are `undefined`. */
function queryValue(value: string | number | FieldValue | undefined): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'object') return value.Id === '' ? undefined : value.Id;
  return String(value);
}

/** Builds the forms resource on a {@link V1Request}. */
export function createFormsApi(request: V1Request): FormsApi {
  const form = (no: number) => `forms/${encodeURIComponent(String(no))}`;
  return {
    get: (no) => request(FormResponseSchema, form(no)),
    record: (no, id, options = {}) =>
      request(RecordSchema, `${form(no)}/records/${encodeURIComponent(String(id))}`, {
        ...(options.version === undefined ? {} : { searchParams: { version: options.version } }),
      }),
    search(no, query = {}) {
      const params = new URLSearchParams();
      params.set('text', query.text ?? '');
      params.set('page', String(query.page ?? 0));
      if (query.pageSize !== undefined) params.set('pageSize', String(query.pageSize));
      for (const [name, value] of Object.entries(query.filters ?? {})) {
        const text = queryValue(value);
        if (text !== undefined) params.set(name, text);
      }
      return request(SearchResultSchema, `${form(no)}/search`, { searchParams: params });
    },
    create: (no, body) => request(RecordSchema, `${form(no)}/records`, { method: 'POST', json: body }),
    update: (no, id, body) =>
      request(RecordSchema, `${form(no)}/records/${encodeURIComponent(String(id))}`, {
        method: 'PUT',
        json: body,
      }).catch(asConflict),
    remove: (no, id, body) =>
      request(RecordSchema, `${form(no)}/records/${encodeURIComponent(String(id))}`, {
        method: 'DELETE',
        json: body,
      }).catch(asConflict),
    pickerSearch(source, query, signal) {
      const params = new URLSearchParams();
      params.set('text', query.text ?? '');
      for (const [name, value] of Object.entries(query.deps ?? {})) {
        const text = queryValue(value);
        if (text !== undefined) params.set(`dep.${name}`, text);
      }
      if (query.webTemplateNo !== undefined) params.set('WebTemplateNo', String(query.webTemplateNo));
      if (query.element !== undefined) params.set('Element', query.element);
      return request(PickerSearchResultSchema, `pickers/${encodeURIComponent(source)}`, {
        searchParams: params,
        ...(signal ? { signal } : {}),
      });
    },
    upload(file, fileName) {
      const body = new FormData();
      body.append('file', file, fileName ?? file.name ?? 'upload');
      return request(FileRefSchema, 'files', { method: 'POST', body });
    },
  };
}
