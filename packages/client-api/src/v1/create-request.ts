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
import type { V1Request, V1RequestOptions } from './request';
import { type ApiErrorBody, ApiErrorBodySchema, ApiErrorCode } from './schemas';

// The request function apart from `client.ts`, which imports every resource: a page that needs one
// resource (the logon page: `session`) builds it on this without loading the others' schemas.

/** Options of {@link createV1Request} and `createV1Client`. */
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

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: unknown } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * Creates the v1 request function alone (ky + zod, with the client's errors, CSRF, ajax counter,
 * timeout cookie and read-only timepoint): for a page that needs one resource, e.g. the logon
 * page's `createSessionApi(createV1Request(options))`, without loading every resource's schemas.
 */
export function createV1Request(options: V1ClientOptions = {}): V1Request {
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

  return request;
}
