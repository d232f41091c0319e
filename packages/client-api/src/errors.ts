import type { ApiErrorBody } from './v1/schemas';

/**
 * The error family of `@procedo/client-api`. Every error a client throws is one of these; the
 * original error (a fetch `TypeError`, a parser error, a zod error) stays in `cause`.
 */

/** Names of the concrete error classes, kept in `kind` so guards work across iframes. */
export type ProcedoApiErrorKind =
  | 'ProcedoApiError'
  | 'HttpStatusError'
  | 'NotLoggedOnError'
  | 'ResponseShapeError'
  | 'CallbackError'
  | 'HtmlResponseError'
  | 'NetworkError'
  | 'ReadOnlyTimepointError';

/** Options every error of the family accepts. */
export interface ProcedoApiErrorOptions {
  /** The original error. */
  cause?: unknown;
  /** The URL that was called, when there was one. */
  url?: string;
  /** The HTTP method that was used, when there was one. */
  method?: string;
}

/** Base class of every error the Procedo clients throw. */
export class ProcedoApiError extends Error {
  /** Brand that survives crossing an iframe boundary, where `instanceof` fails. */
  readonly isProcedoApiError = true as const;
  /** The concrete class, for guards across iframes. */
  readonly kind: ProcedoApiErrorKind = 'ProcedoApiError';
  /** The URL that was called, when there was one. */
  readonly url: string | undefined;
  /** The HTTP method that was used, when there was one. */
  readonly method: string | undefined;

  constructor(message: string, options: ProcedoApiErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ProcedoApiError';
    this.url = options.url;
    this.method = options.method;
  }
}

/** Options of {@link HttpStatusError}. */
export interface HttpStatusErrorOptions extends ProcedoApiErrorOptions {
  status: number;
  method: string;
  url: string;
  /** The raw response text. */
  bodyText: string;
  /** The parsed JSON error body (`{ Message, Code, Issues? }`) when the server sent one. */
  body?: ApiErrorBody;
  /** The callback `Response/Message` when the body was a callback XML answer. */
  serverMessage?: string;
  /** The callback `Response/Exception` (verbose servers only). */
  exception?: string;
}

/** The server answered with an HTTP error status (4xx/5xx) that has no more specific error. */
export class HttpStatusError extends ProcedoApiError {
  override readonly kind = 'HttpStatusError' as const;
  readonly status: number;
  override readonly method: string;
  override readonly url: string;
  readonly bodyText: string;
  readonly body: ApiErrorBody | undefined;
  readonly serverMessage: string | undefined;
  readonly exception: string | undefined;

  constructor(options: HttpStatusErrorOptions) {
    super(`${options.method} ${options.url} failed: HTTP ${options.status}`, options);
    this.name = 'HttpStatusError';
    this.status = options.status;
    this.method = options.method;
    this.url = options.url;
    this.bodyText = options.bodyText;
    this.body = options.body;
    this.serverMessage = options.serverMessage ?? options.body?.Message;
    this.exception = options.exception;
  }
}

/**
 * The options that rebuild `error`: a more precise error of the same answer (a conflict with its
 * body read) keeps the original as its cause.
 */
export function sameAnswer(error: HttpStatusError): HttpStatusErrorOptions {
  return {
    status: error.status,
    method: error.method,
    url: error.url,
    bodyText: error.bodyText,
    ...(error.body ? { body: error.body } : {}),
    cause: error,
  };
}

/** The JSON body of a 409 answer, to read a conflict's details from; null for anything else. */
export function conflictJson(error: unknown): { error: HttpStatusError; json: unknown } | null {
  if (!(error instanceof HttpStatusError) || error.status !== 409) return null;
  try {
    return { error, json: JSON.parse(error.bodyText) };
  } catch {
    return null;
  }
}

/** The server says there is no valid session (callback `NOT_LOGGED_ON`, v1 401 `NOT_LOGGED_ON`). */
export class NotLoggedOnError extends ProcedoApiError {
  override readonly kind = 'NotLoggedOnError' as const;

  constructor(options: ProcedoApiErrorOptions = {}) {
    super(
      options.url ? `Not logged on: ${options.method ?? 'GET'} ${options.url}` : 'Not logged on',
      options,
    );
    this.name = 'NotLoggedOnError';
  }
}

/** One problem found in a response, shaped like a zod issue. */
export interface ResponseShapeIssue {
  code: string;
  path: PropertyKey[];
  message: string;
}

/** Options of {@link ResponseShapeError}. */
export interface ResponseShapeErrorOptions extends ProcedoApiErrorOptions {
  issues: readonly ResponseShapeIssue[];
  /** The raw response text, when there was one. */
  bodyText?: string;
}

/** The server answered, but not as promised: the body failed its schema or could not be parsed. */
export class ResponseShapeError extends ProcedoApiError {
  override readonly kind = 'ResponseShapeError' as const;
  readonly issues: readonly ResponseShapeIssue[];
  readonly bodyText: string | undefined;

  constructor(options: ResponseShapeErrorOptions) {
    const first = options.issues[0];
    const where = options.url ? ` from ${options.method ?? 'GET'} ${options.url}` : '';
    super(
      `Unexpected response${where}${first ? `: ${first.path.map(String).join('.') || '(root)'} ${first.message}` : ''}`,
      options,
    );
    this.name = 'ResponseShapeError';
    this.issues = options.issues;
    this.bodyText = options.bodyText;
  }
}

/** Options of {@link CallbackError}. */
export interface CallbackErrorOptions extends ProcedoApiErrorOptions {
  /** `Response/Message`: text fit for the user. */
  serverMessage: string;
  /** `Response/Exception`: the exception's short line (verbose servers only). */
  exception?: string;
  /** The HTTP status of the answer. */
  status: number;
}

/** A callback answered `<Status>ERROR</Status>` (application error text, server exception). */
export class CallbackError extends ProcedoApiError {
  override readonly kind = 'CallbackError' as const;
  readonly serverMessage: string;
  readonly exception: string | undefined;
  readonly status: number;

  constructor(options: CallbackErrorOptions) {
    super(options.serverMessage, options);
    this.name = 'CallbackError';
    this.serverMessage = options.serverMessage;
    this.exception = options.exception;
    this.status = options.status;
  }
}

/** Options of {@link HtmlResponseError}. */
export interface HtmlResponseErrorOptions extends ProcedoApiErrorOptions {
  /** The HTML page as received (not sanitised: the UI that shows it sanitises it). */
  html: string;
  status: number;
}

/** An HTML page came back where XML or JSON was expected (an error page, a proxy page). */
export class HtmlResponseError extends ProcedoApiError {
  override readonly kind = 'HtmlResponseError' as const;
  readonly html: string;
  readonly status: number;

  constructor(options: HtmlResponseErrorOptions) {
    super(
      `An HTML page was returned${options.url ? ` by ${options.method ?? 'GET'} ${options.url}` : ''} (HTTP ${options.status})`,
      options,
    );
    this.name = 'HtmlResponseError';
    this.html = options.html;
    this.status = options.status;
  }
}

/** The request never got an answer: offline, DNS, CORS, aborted or timed out. */
export class NetworkError extends ProcedoApiError {
  override readonly kind = 'NetworkError' as const;

  constructor(options: ProcedoApiErrorOptions = {}) {
    super(
      options.url ? `Network error: ${options.method ?? 'GET'} ${options.url}` : 'Network error',
      options,
    );
    this.name = 'NetworkError';
  }
}

/** Options of {@link ReadOnlyTimepointError}. */
export interface ReadOnlyTimepointErrorOptions extends ProcedoApiErrorOptions {
  /** The timepoint viewed when the write was asked for. */
  timepoint: string;
}

/**
 * A state-changing call refused by the client itself, never sent, because a timepoint is viewed
 * (CONTRACT "Time travel": the server would answer 409 `READ_ONLY_TIMEPOINT`).
 */
export class ReadOnlyTimepointError extends ProcedoApiError {
  override readonly kind = 'ReadOnlyTimepointError' as const;
  readonly timepoint: string;

  constructor(options: ReadOnlyTimepointErrorOptions) {
    super(
      `${options.method ?? 'A write'}${options.url ? ` ${options.url}` : ''} was not sent: the data as it was at ${options.timepoint} (UTC) is viewed, and nothing can be changed.`,
      options,
    );
    this.name = 'ReadOnlyTimepointError';
    this.timepoint = options.timepoint;
  }
}

/** Whether `e` is an error of the family, also when it was made in another window (brand check). */
export function isProcedoApiError(e: unknown): e is ProcedoApiError {
  return (
    e instanceof ProcedoApiError ||
    (typeof e === 'object' && e !== null && (e as { isProcedoApiError?: unknown }).isProcedoApiError === true)
  );
}

function isKind<T extends ProcedoApiError>(e: unknown, kind: ProcedoApiErrorKind): e is T {
  return isProcedoApiError(e) && e.kind === kind;
}

/** Whether `e` is an {@link HttpStatusError} (also across iframes). */
export const isHttpStatusError = (e: unknown): e is HttpStatusError =>
  e instanceof HttpStatusError || isKind(e, 'HttpStatusError');
/** Whether `e` is a {@link NotLoggedOnError} (also across iframes). */
export const isNotLoggedOnError = (e: unknown): e is NotLoggedOnError =>
  e instanceof NotLoggedOnError || isKind(e, 'NotLoggedOnError');
/** Whether `e` is a {@link ResponseShapeError} (also across iframes). */
export const isResponseShapeError = (e: unknown): e is ResponseShapeError =>
  e instanceof ResponseShapeError || isKind(e, 'ResponseShapeError');
/** Whether `e` is a {@link CallbackError} (also across iframes). */
export const isCallbackError = (e: unknown): e is CallbackError =>
  e instanceof CallbackError || isKind(e, 'CallbackError');
/** Whether `e` is an {@link HtmlResponseError} (also across iframes). */
export const isHtmlResponseError = (e: unknown): e is HtmlResponseError =>
  e instanceof HtmlResponseError || isKind(e, 'HtmlResponseError');
/** Whether `e` is a {@link NetworkError} (also across iframes). */
export const isNetworkError = (e: unknown): e is NetworkError =>
  e instanceof NetworkError || isKind(e, 'NetworkError');
/** Whether `e` is a {@link ReadOnlyTimepointError} (also across iframes). */
export const isReadOnlyTimepointError = (e: unknown): e is ReadOnlyTimepointError =>
  e instanceof ReadOnlyTimepointError || isKind(e, 'ReadOnlyTimepointError');
