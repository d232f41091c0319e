import type * as z from 'zod/mini';
import { TIMEPOINT_HEADER } from '../http';
import { TIMEPOINT_PARAM, type TimepointInput, timepointText } from '../time/timepoint';
import {
  type FieldValue,
  type FileRef,
  FileRefSchema,
  type FormResponse,
  FormResponseSchema,
  PickerSearchResultSchema,
} from './form-schemas';
import { type IdempotencyOptions, idempotencyHeaders } from './idempotency';
import type { RecordVersion } from './record-schemas';
import {
  type CreateRecordRequest,
  createRecordsApi,
  type DeleteRecordRequest,
  queryValue,
  type RecordSearchQuery,
  type RecordsApi,
  type SearchResult,
  type UpdateRecordRequest,
} from './records';
import type { V1Request } from './request';

/** A picker's matches. */
export type PickerSearchResult = z.output<typeof PickerSearchResultSchema>;

/**
 * Options of {@link FormsApi.record}.
 * @deprecated Use `RecordGetOptions` with `v1.records.get`; removed in the next minor version.
 */
export interface RecordReadOptions {
  /** Reads this version instead of the current one. @default the current version */
  version?: number;
}

/**
 * Query of {@link FormsApi.search}.
 * @deprecated Use `RecordSearchQuery` with `v1.records.search`; removed in the next minor version.
 */
export type FormSearchQuery = Omit<RecordSearchQuery, 'timepoint' | 'signal'>;

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

/**
 * The address a stored file downloads from (`GET /api/v1/files/{id}`, served as an attachment),
 * for a link. With `timepoint`, the file as the records were then: one no record held at that
 * instant answers 404 `NOT_FOUND_AT_TIMEPOINT`. A text timepoint that is not one throws `RangeError`.
 * @example fileDownloadUrl(ref.Id, { timepoint: '2026-03-01 09:30' }) // '/api/v1/files/…?Timepoint=2026-03-01+09%3A30'
 */
export function fileDownloadUrl(
  fileId: string,
  options: { timepoint?: TimepointInput; baseUrl?: string } = {},
): string {
  const path = `${(options.baseUrl ?? '').replace(/\/+$/, '')}/api/v1/files/${encodeURIComponent(fileId)}`;
  if (options.timepoint === undefined) return path;
  return `${path}?${new URLSearchParams({ [TIMEPOINT_PARAM]: timepointText(options.timepoint) })}`;
}

/**
 * The forms resource of the v1 API: definitions, pickers and uploads. Records are `v1.records`;
 * the record calls here are its deprecated aliases.
 */
export interface FormsApi {
  /**
   * `GET forms/{no}`: the definition, the user's element permissions and the upload settings.
   * With `timepoint`, the definition version in force then (time travel: a record read at T is
   * shown with the form as it was at T). A text timepoint that is not one throws `RangeError`.
   */
  get(webTemplateNo: number, options?: { timepoint?: TimepointInput }): Promise<FormResponse>;
  /** `GET pickers/{source}`: the picker's matches for the text and the values it depends on. */
  pickerSearch(source: string, query: PickerSearchQuery, signal?: AbortSignal): Promise<PickerSearchResult>;
  /** `POST files` (multipart, field `file`): stores a file; its reference goes in a file field's value. */
  upload(
    file: Blob & { readonly name?: string },
    fileName?: string,
    options?: IdempotencyOptions,
  ): Promise<FileRef>;
  /** @deprecated Use `v1.records.get`; removed in the next minor version. */
  record(webTemplateNo: number, id: number, options?: RecordReadOptions): Promise<RecordVersion>;
  /** @deprecated Use `v1.records.search`; removed in the next minor version. */
  search(webTemplateNo: number, query?: FormSearchQuery): Promise<SearchResult>;
  /** @deprecated Use `v1.records.create`; removed in the next minor version. */
  create(webTemplateNo: number, body: CreateRecordRequest): Promise<RecordVersion>;
  /** @deprecated Use `v1.records.update`; removed in the next minor version. */
  update(webTemplateNo: number, id: number, body: UpdateRecordRequest): Promise<RecordVersion>;
  /** @deprecated Use `v1.records.remove`; removed in the next minor version. */
  remove(webTemplateNo: number, id: number, body: DeleteRecordRequest): Promise<RecordVersion>;
}

/**
 * Builds the forms resource on a {@link V1Request}; its deprecated record calls go to `records`
 * (by default a records resource on the same request).
 */
export function createFormsApi(
  request: V1Request,
  records: RecordsApi = createRecordsApi(request),
): FormsApi {
  const form = (no: number) => `forms/${encodeURIComponent(String(no))}`;
  return {
    get: (no, options = {}) => {
      if (options.timepoint === undefined) return request(FormResponseSchema, form(no));
      const timepoint = timepointText(options.timepoint);
      return request(FormResponseSchema, form(no), {
        searchParams: new URLSearchParams({ [TIMEPOINT_PARAM]: timepoint }),
        headers: { [TIMEPOINT_HEADER]: timepoint },
      });
    },
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
    upload(file, fileName, options = {}) {
      const body = new FormData();
      body.append('file', file, fileName ?? file.name ?? 'upload');
      return request(FileRefSchema, 'files', {
        method: 'POST',
        body,
        headers: idempotencyHeaders(options.idempotencyKey),
      });
    },
    record: (no, id, options = {}) =>
      records.get(no, id, options.version === undefined ? {} : { version: options.version }),
    search: (no, query = {}) => records.search(no, query),
    create: (no, body) => records.create(no, body),
    update: (no, id, body) => records.update(no, id, body),
    remove: (no, id, body) => records.remove(no, id, body),
  };
}
