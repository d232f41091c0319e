import * as z from 'zod/mini';
import type { AjaxCounter } from '../ajax-counter';
import {
  HtmlResponseError,
  HttpStatusError,
  isProcedoApiError,
  NetworkError,
  NotLoggedOnError,
  ResponseShapeError,
} from '../errors';
import { CSRF_HEADER, type FetchLike, globalFetch, isHtmlResponse, readCsrfCookie } from '../http';
import type { ServerTimeoutCookie } from '../server-timeout';
import { ENGLISH_ISSUES } from '../zod-english';
import { createFormsApi, type FormsApi } from './forms';
import { createProcessesApi, type ProcessesApi } from './processes';
import { type ApiErrorBody, ApiErrorBodySchema, ApiErrorCode } from './schemas';
import { createSessionApi, type SessionApi } from './session';

/** HTTP methods of the v1 API. */
export type V1Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One request of the v1 API, as {@link V1Request} takes it. */
export interface V1RequestOptions {
  /** @default 'GET' */
  method?: V1Method;
  /** The JSON body. `undefined` sends none; `null` sends `null`. */
  json?: unknown;
  /** Query parameters. */
  searchParams?: Record<string, string | number | boolean> | URLSearchParams;
  /** A raw body (e.g. `FormData` for an upload), sent as is; ignored when `json` is given. */
  body?: BodyInit;
  /** Aborts the request (a `NetworkError` whose `cause` is the abort). */
  signal?: AbortSignal;
}

/**
 * The core of the v1 client: calls `path` (relative to `/api/v1/`, no leading slash) and returns
 * the body parsed with `schema`. Resources (session, processes, forms…) are built on it.
 *
 * @example const steps = await request(StepSchema, `user/system/user-processes/steps/${id}`);
 */
export type V1Request = <S extends z.core.$ZodType>(
  schema: S,
  path: string,
  options?: V1RequestOptions,
) => Promise<z.output<S>>;

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
}

/** The v1 JSON client. */
export interface V1Client {
  /** The core request function, for resources not wrapped yet. */
  request: V1Request;
  /** `session/…`: databases, logon, session context, keep-alive, logout, preferences. */
  session: SessionApi;
  /** `forms/…`, `pickers/…`, `files`: definitions, records, search, pickers and uploads. */
  forms: FormsApi;
  /** `user/system/user-processes/…`: processes, steps, runs, completions and resets. */
  processes: ProcessesApi;
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

/** `searchParams` as a query string, every value written as its string (`?` included, or ''). */
function queryOf(searchParams: V1RequestOptions['searchParams']): string {
  if (searchParams === undefined) return '';
  const query = (
    searchParams instanceof URLSearchParams
      ? searchParams
      : new URLSearchParams(Object.entries(searchParams).map(([name, value]) => [name, String(value)]))
  ).toString();
  return query ? `?${query}` : '';
}

/**
 * Creates the v1 JSON client (fetch + zod): every answer is checked against its schema. Plain
 * `fetch`: no retries (retrying is the caller's decision) and HTTP errors are mapped to the error
 * family below, so a fetch wrapper library would add only bytes.
 */
export function createV1Client(options: V1ClientOptions = {}): V1Client {
  const prefixUrl = `${(options.baseUrl ?? '').replace(/\/+$/, '')}/api/v1/`;
  const getCsrfToken = options.getCsrfToken ?? readCsrfCookie;
  const fetch = options.fetch ?? globalFetch;
  const timeoutMs = options.timeoutMs ?? 30000;

  async function exchange<S extends z.core.$ZodType>(
    schema: S,
    path: string,
    requestOptions: V1RequestOptions,
  ): Promise<z.output<S>> {
    const method = requestOptions.method ?? 'GET';
    let url = `${prefixUrl}${path}`;
    let response: Response;
    let text: string;
    // The caller's signal and the timeout both abort the request.
    const controller = new AbortController();
    const callerSignal = requestOptions.signal;
    const abortWithCaller = () => controller.abort(callerSignal?.reason);
    if (callerSignal?.aborted) abortWithCaller();
    else callerSignal?.addEventListener('abort', abortWithCaller, { once: true });
    const timer =
      timeoutMs === false
        ? undefined
        : setTimeout(
            () => controller.abort(new DOMException(`No answer within ${timeoutMs} ms`, 'TimeoutError')),
            timeoutMs,
          );
    try {
      const headers = new Headers({ Accept: 'application/json' });
      let body: BodyInit | undefined;
      if (requestOptions.json !== undefined) {
        headers.set('Content-Type', 'application/json');
        body = JSON.stringify(requestOptions.json);
      } else {
        body = requestOptions.body;
      }
      if (STATE_CHANGING.has(method)) {
        const token = getCsrfToken();
        if (token) headers.set(CSRF_HEADER, token);
      }
      response = await fetch(
        new Request(`${url}${queryOf(requestOptions.searchParams)}`, {
          method,
          headers,
          body,
          credentials: 'same-origin',
          signal: controller.signal,
        }),
      );
      url = response.url || url;
      text = await response.text();
    } catch (cause) {
      throw new NetworkError({
        url,
        method,
        cause: controller.signal.aborted ? controller.signal.reason : cause,
      });
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', abortWithCaller);
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
    options.ajaxCounter?.start();
    try {
      const result = await exchange(schema, path, requestOptions);
      options.ajaxCounter?.succeed();
      options.serverTimeout?.refresh();
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

  return {
    request,
    session: createSessionApi(request, options.serverTimeout),
    forms: createFormsApi(request),
    processes: createProcessesApi(request),
  };
}
