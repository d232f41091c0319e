import { createDocumentCookieJar } from './server-timeout';

/** Name of the script-readable cookie that carries the CSRF token (CONTRACT). */
export const CSRF_COOKIE = 'procedo_csrf';

/** Header that state-changing requests carry the CSRF token in (CONTRACT). */
export const CSRF_HEADER = 'X-CSRF-Token';

/**
 * Header that marks a call the user did not ask for (polling, a timer's refresh): the server
 * answers it but does not count it as activity, so it never keeps an idle session alive.
 */
export const BACKGROUND_HEADER = 'X-Procedo-Background';

/** The `fetch` the clients call: the global one, or an injected one (Node, tests, a proxy). */
export type FetchLike = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

/** Reads the CSRF token from the `procedo_csrf` cookie of `document.cookie`, when there is one. */
export function readCsrfCookie(): string | null {
  return createDocumentCookieJar().get(CSRF_COOKIE);
}

/** Whether an answer is an HTML page (an error page, a proxy's page) rather than XML or JSON. */
export function isHtmlResponse(contentType: string | null, text: string): boolean {
  if (contentType && /\btext\/html\b/i.test(contentType)) return true;
  return /^\s*(?:<!doctype\s+html|<html[\s>])/i.test(text);
}

/** The global fetch, bound, looked up at call time so it can be replaced after creation. */
export const globalFetch: FetchLike = (input, init) => globalThis.fetch(input, init);

/**
 * Header the SDK sends on every call it makes while a view is in time travel (CONTRACT "Time
 * travel"): the server refuses a state-changing request that carries it.
 */
export const TIMEPOINT_HEADER = 'X-Procedo-Timepoint';
