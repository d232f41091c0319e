import ky, { type KyInstance } from 'ky';
import * as z from 'zod/mini';
import type { AjaxCounter } from '../ajax-counter';
import {
  HtmlResponseError,
  HttpStatusError,
  isProcedoApiError,
  NetworkError,
  NotLoggedOnError,
  ReadOnlyTimepointError,
  ResponseShapeError,
} from '../errors';
import {
  BACKGROUND_HEADER,
  CSRF_HEADER,
  type FetchLike,
  globalFetch,
  isHtmlResponse,
  readCsrfCookie,
} from '../http';
import type { ServerTimeoutCookie } from '../server-timeout';
import { ENGLISH_ISSUES } from '../zod-english';
import { type AuditApi, createAuditApi } from './audit';
import { type BookmarksApi, createBookmarksApi } from './bookmarks';
import { createDashboardsApi, type DashboardsApi } from './dashboards';
import { createDesignerApi, type DesignerApi } from './designer';
import { createDesignerCommandsApi, type DesignerCommandsApi } from './designer-commands';
import { createFiltersApi, type FiltersApi } from './filters';
import { createFormsApi, type FormsApi } from './forms';
import { createLanguagesApi, type LanguagesApi } from './languages';
import { createPermissionsApi, type PermissionsApi } from './permissions';
import { createProcessesApi, type ProcessesApi } from './processes';
import { createRecordsApi, type RecordsApi } from './records';
import type { V1Request, V1RequestOptions } from './request';
import { type ApiErrorBody, ApiErrorBodySchema, ApiErrorCode } from './schemas';
import { createSecurityEventsApi, type SecurityEventsApi } from './security-events';
import { createSessionApi, type SessionApi } from './session';
import { createUsersApi, type UsersApi } from './users';

/** Options of {@link createV1Client}. */
export interface V1ClientOptions {
  /**
   * Origin (and path prefix) of the server; `''` calls the page's own origin.
   * @default ''
   */
  baseUrl?: string;
  /** @default globalThis.fetch */
  fetch?: FetchLike;
  /**
   * The CSRF token sent in `X-CSRF-Token` on POST, PUT, PATCH and DELETE.
   * @default reads the `procedo_csrf` cookie from `document.cookie` when there is a document
   */
  getCsrfToken?: () => string | null;
  /** The ajax-in-progress counter to drive (start before, succeed/fail after). @default none */
  ajaxCounter?: AjaxCounter;
  /** The server-communication timeout cookie, refreshed after each successful call. @default none */
  serverTimeout?: ServerTimeoutCookie;
  /**
   * Milliseconds before a request is abandoned with a {@link NetworkError}; `false` for never.
   * @default 30000
   */
  timeoutMs?: number | false;
  /**
   * The timepoint the app views (a Timepoint text), or `null` for the current data. While it
   * names one, every state-changing call (POST, PUT, PATCH, DELETE) except the session's own
   * (`session/…`: keep-alive, logout, preferences) is refused without being sent, with a
   * {@link ReadOnlyTimepointError} — so no button of a host can write while looking at the past.
   * @default () => null
   */
  readOnlyTimepoint?: () => string | null;
}

/** The v1 JSON client. */
export interface V1Client {
  /** The core request function, for resources not wrapped yet. */
  request: V1Request;
  /** `session/…`: databases, logon, session context, keep-alive, logout, preferences. */
  session: SessionApi;
  /** `forms/{no}`, `pickers/…`, `files`: definitions, pickers and uploads (its record calls are deprecated). */
  forms: FormsApi;
  /** `forms/{no}/records…`, `forms/{no}/search`: records now, at a version or a timepoint, their audit trail, writes and search. */
  records: RecordsApi;
  /** `user/system/user-processes/…`: processes, steps, runs, completions and resets. */
  processes: ProcessesApi;
  /** `audit`: the supervisors' search across every record's audit events. */
  audit: AuditApi;
  /** `security-events`: failed signature attempts and signing blocks (supervisors only). */
  securityEvents: SecurityEventsApi;
  /** `dashboards`: tiles and charts computed from the business data, now or at a timepoint. */
  dashboards: DashboardsApi;
  /** `forms/{no}/filters…`: the filter editor's saved filters (own and shared). */
  filters: FiltersApi;
  /** `bookmarks`: the user's bookmarked records, and whether one record is bookmarked. */
  bookmarks: BookmarksApi;
  /** `users…`: user administration (form 901, the `user-admin` role) and the user's own account. */
  users: UsersApi;
  /** `permissions…`: the element permissions editor, its overview and history (permission-design role). */
  permissions: PermissionsApi;
  /** `languages`: the database's languages (translations, the language preference). */
  languages: LanguagesApi;
  /** `designer/forms…`: form definition versions, their diffs and publishing (the `design` role). */
  designer: DesignerApi & {
    /** `designer/commands…`: process command versions and publishing (the `design` role). */
    commands: DesignerCommandsApi;
  };
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: unknown } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error };
  }
}

/** Creates the v1 JSON client (ky + zod): every answer is checked against its schema. */
export function createV1Client(options: V1ClientOptions = {}): V1Client {
  const prefixUrl = `${(options.baseUrl ?? '').replace(/\/+$/, '')}/api/v1/`;
  const getCsrfToken = options.getCsrfToken ?? readCsrfCookie;
  const api: KyInstance = ky.create({
    prefixUrl,
    credentials: 'same-origin',
    fetch: options.fetch ?? globalFetch,
    // Errors are mapped to the family below; retrying is the caller's decision, not a default.
    throwHttpErrors: false,
    retry: 0,
    timeout: options.timeoutMs ?? 30000,
    headers: { Accept: 'application/json' },
    hooks: {
      beforeRequest: [
        (request) => {
          if (!STATE_CHANGING.has(request.method)) return;
          const token = getCsrfToken();
          if (token) request.headers.set(CSRF_HEADER, token);
        },
      ],
    },
  });

  async function exchange<S extends z.core.$ZodType>(
    schema: S,
    path: string,
    requestOptions: V1RequestOptions,
  ): Promise<z.output<S>> {
    const method = requestOptions.method ?? 'GET';
    let url = `${prefixUrl}${path}`;
    let response: Response;
    let text: string;
    try {
      response = await api(path, {
        method,
        ...(requestOptions.json === undefined ? {} : { json: requestOptions.json }),
        ...(requestOptions.json === undefined && requestOptions.body !== undefined
          ? { body: requestOptions.body }
          : {}),
        ...(requestOptions.signal === undefined ? {} : { signal: requestOptions.signal }),
        ...(requestOptions.searchParams === undefined ? {} : { searchParams: requestOptions.searchParams }),
        ...(requestOptions.background || requestOptions.headers
          ? {
              headers: {
                ...requestOptions.headers,
                ...(requestOptions.background ? { [BACKGROUND_HEADER]: '1' } : {}),
              },
            }
          : {}),
      });
      url = response.url || url;
      text = await response.text();
    } catch (cause) {
      throw new NetworkError({ url, method, cause });
    }

    if (isHtmlResponse(response.headers.get('content-type'), text)) {
      throw new HtmlResponseError({ html: text, status: response.status, url, method });
    }
    const json = parseJson(text);
    if (!response.ok) {
      const parsedBody = json.ok ? ApiErrorBodySchema.safeParse(json.value) : undefined;
      const body: ApiErrorBody | undefined = parsedBody?.success ? parsedBody.data : undefined;
      if (response.status === 401 && body?.Code === ApiErrorCode.NotLoggedOn) {
        throw new NotLoggedOnError({ url, method });
      }
      throw new HttpStatusError({
        status: response.status,
        method,
        url,
        bodyText: text,
        ...(body ? { body } : {}),
      });
    }
    if (!json.ok) {
      throw new ResponseShapeError({
        issues: [{ code: 'invalid_json', path: [], message: 'the body is not JSON' }],
        bodyText: text,
        url,
        method,
        cause: json.error,
      });
    }
    const parsed = z.safeParse(schema, json.value, ENGLISH_ISSUES);
    if (!parsed.success) {
      throw new ResponseShapeError({
        issues: parsed.error.issues,
        bodyText: text,
        url,
        method,
        cause: parsed.error,
      });
    }
    return parsed.data;
  }

  const request: V1Request = async (schema, path, requestOptions = {}) => {
    const method = requestOptions.method ?? 'GET';
    const timepoint = options.readOnlyTimepoint?.() ?? null;
    if (timepoint !== null && STATE_CHANGING.has(method) && !path.startsWith('session/')) {
      throw new ReadOnlyTimepointError({ timepoint, method, url: `${prefixUrl}${path}` });
    }
    options.ajaxCounter?.start();
    try {
      const result = await exchange(schema, path, requestOptions);
      options.ajaxCounter?.succeed();
      if (!requestOptions.background) options.serverTimeout?.refresh();
      return result;
    } catch (error) {
      options.ajaxCounter?.fail();
      if (isProcedoApiError(error)) throw error;
      throw new NetworkError({
        url: `${prefixUrl}${path}`,
        method: requestOptions.method ?? 'GET',
        cause: error,
      });
    }
  };

  const records = createRecordsApi(request);
  return {
    request,
    session: createSessionApi(request, options.serverTimeout),
    forms: createFormsApi(request, records),
    records,
    processes: createProcessesApi(request),
    audit: createAuditApi(request),
    securityEvents: createSecurityEventsApi(request),
    dashboards: createDashboardsApi(request),
    filters: createFiltersApi(request),
    bookmarks: createBookmarksApi(request),
    users: createUsersApi(request),
    permissions: createPermissionsApi(request),
    languages: createLanguagesApi(request),
    designer: { ...createDesignerApi(request), commands: createDesignerCommandsApi(request) },
  };
}
