import {
  createServerTimeoutCookie,
  createSessionApi,
  createV1Request,
  getWindowAjaxCounter,
  type V1ClientOptions,
} from '@procedo/client-api';
import { earlyFetch } from './early-reads';

// The host's session plumbing, apart from the full v1 client so that the logon page loads only
// the session resource's code (docs/ARCHITECTURE.md, Host bundle); `api.ts` re-exports it all.

// Until the session context tells us the server's idle timeout, assume the product default.
let sessionTimeoutMinutes = 20;

/** The ajax-in-progress counter of this window (spec §4), linked to the parent window's. */
export const ajaxCounter = getWindowAjaxCounter(window);

// Whether this tab's session timeout is locked; the signed-in layout binds it to its manager.
let isSessionLocked: () => boolean = () => false;

/** Binds the lock state the timeout cookie consults; returns the function that unbinds it. */
export function bindSessionLock(probe: () => boolean): () => void {
  isSessionLocked = probe;
  return () => {
    if (isSessionLocked === probe) isSessionLocked = () => false;
  };
}

/**
 * The server-communication timeout cookie (spec §4), shared by every tab of the origin. The
 * session manager of each tab reads it: a newer value written by any tab unlocks them all. While
 * this tab is locked, its calls do not refresh it (spec §4); a logon writes it regardless.
 */
export const serverTimeout = createServerTimeoutCookie({
  timeoutMinutes: () => sessionTimeoutMinutes,
  isLocked: () => isSessionLocked(),
});

/**
 * The timepoint this page views: its address's `Timepoint` (even a malformed one), else `null`.
 * While there is one, the v1 client sends no write at all (CONTRACT "Time travel"), whichever
 * control asks — a process step, a host's own button.
 */
export function viewedTimepoint(): string | null {
  return new URLSearchParams(window.location.search).get('Timepoint')?.trim() || null;
}

/**
 * Records the server's idle timeout from a session context and rewrites the timeout cookie with
 * it (the call that brought the context refreshed the cookie with the previous value).
 */
export function applySessionTimeout(minutes: number): void {
  if (minutes === sessionTimeoutMinutes) return;
  sessionTimeoutMinutes = minutes;
  serverTimeout.refresh({ force: true });
}

/** The options of every v1 client of the host (same origin). */
export const v1Options: V1ClientOptions = {
  baseUrl: '',
  // A page's first reads may already be under way (main.tsx, early-reads.ts).
  fetch: earlyFetch,
  ajaxCounter,
  serverTimeout,
  readOnlyTimepoint: viewedTimepoint,
};

/** The `session/…` resource alone, for the logon page; signed-in pages use `v1.session`. */
export const sessionApi = createSessionApi(createV1Request(v1Options), serverTimeout);
