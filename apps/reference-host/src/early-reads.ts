import { dashboardIdOf, HOME_DASHBOARD_ID } from './dashboards/dashboard-id';
import type { PageCodeName } from './routes/page-code';

// The first reads of a signed-in page (the session context, and on `/` and `/dashboard?id=…` the
// dashboard) start here, from the entry module, before React, the router and the v1 client's
// schemas have been evaluated: that is ~100 ms of a page's start that the reads used to wait for
// (the entry starts the code of the signed-in layout and of a dashboard page then too).
// This module imports nothing heavy, so the entry stays small. The v1 client is created with
// `earlyFetch` as its `fetch`: when the page makes the same GET, the started request's response is
// handed over once and read by the client as any other (its errors, schemas, ajax counter and
// timeout cookie all apply); every other request goes to the network.

/** How long a started read waits for its page to ask for it before it is dropped. */
export const EARLY_READ_TTL_MS = 10_000;

/** The session context's address (the v1 client's `session.get()`). */
export const SESSION_READ = '/api/v1/session';

/** A dashboard's address at the current data (the v1 client's `dashboards.get(id)`). */
export const dashboardRead = (id: number) => `/api/v1/dashboards/${id}`;

/**
 * Whether `location` is a signed-in page (inside the application shell, not `/logon`, `/blank` or
 * help) that reads the session first — not `/?cmd=logout_kill`, which signs out instead (RootRoute).
 * early-reads.test.ts checks it against the routes of App.tsx.
 */
export function readsSessionFirst({ pathname, search }: { pathname: string; search: string }): boolean {
  if (/^\/(logon|blank|help)(\/|$)/i.test(pathname)) return false;
  return !(pathname === '/' && new URLSearchParams(search).get('cmd') === 'logout_kill');
}

/** What a first visit of a page starts before anything else ({@link earlyReadsFor}). */
export interface EarlyReads {
  /** The GET addresses to start. */
  urls: string[];
  /** Whether the page draws a dashboard, whose chart code can be fetched now too. */
  showsDashboard: boolean;
  /** The page code to fetch now (routes/page-code.ts): the signed-in layout, a dashboard page. */
  pages: PageCodeName[];
}

/**
 * What a first visit of `location` reads before anything else: the session for every signed-in
 * page, and the dashboard the page shows (`/` and `/dashboard?id=…`) at the current data. A
 * dashboard at a timepoint is left to its page, which writes the timepoint its own way.
 */
export function earlyReadsFor(location: { pathname: string; search: string }): EarlyReads {
  if (!readsSessionFirst(location)) return { urls: [], showsDashboard: false, pages: [] };
  const params = new URLSearchParams(location.search);
  const isHome = location.pathname === '/';
  const id = isHome
    ? HOME_DASHBOARD_ID
    : location.pathname === '/dashboard'
      ? dashboardIdOf(params.get('id'))
      : null;
  if (id === null) return { urls: [SESSION_READ], showsDashboard: false, pages: ['RootRoute'] };
  return {
    urls: params.has('Timepoint') ? [SESSION_READ] : [SESSION_READ, dashboardRead(id)],
    showsDashboard: true,
    pages: ['RootRoute', isHome ? 'HomePage' : 'DashboardPage', 'DashboardPanel'],
  };
}

type Fetch = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

const started = new Map<string, Promise<Response>>();

const keyOf = (url: string, base: string) => new URL(url, base).href;

/**
 * Starts the GET requests `urls` now (as the v1 client sends them: same origin, JSON), each kept
 * for the first {@link earlyFetch} of the same address within {@link EARLY_READ_TTL_MS}. When the
 * session read answers anything but success (not signed in, no answer), the others are dropped:
 * they were read before a logon and must not be shown after it.
 */
export function startEarlyReads(
  urls: readonly string[],
  { base = globalThis.location?.href ?? 'http://localhost/', fetch = globalThis.fetch } = {},
): void {
  for (const url of urls) {
    const key = keyOf(url, base);
    const response = fetch(key, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    // The page sees the failure when it asks; until then it is not an unhandled rejection.
    response.catch(() => undefined);
    started.set(key, response);
    // Not asked for in time: let the request go (an unread body would keep it open).
    setTimeout(() => {
      if (started.get(key) === response) discard(key);
    }, EARLY_READ_TTL_MS);
    if (url === SESSION_READ) {
      response.then(
        (answer) => {
          if (!answer.ok) dropEarlyReads(key);
        },
        () => dropEarlyReads(key),
      );
    }
  }
}

/** Forgets the read of `key` and lets its request go. */
function discard(key: string): void {
  const response = started.get(key);
  started.delete(key);
  response?.then((answer) => answer.body?.cancel()).catch(() => undefined);
}

/** Drops every started read but `keep`'s. */
export function dropEarlyReads(keep?: string): void {
  for (const key of [...started.keys()]) if (key !== keep) discard(key);
}

/**
 * The `fetch` of the host's v1 client: a GET of an address {@link startEarlyReads} started gets
 * that response (once, while fresh); anything else is sent as it is. The started request does not
 * follow the caller's abort signal: a page that no longer wants the answer ignores it.
 */
export function createEarlyFetch(fetch: Fetch = (input, init) => globalThis.fetch(input, init)): Fetch {
  return (input, init) => {
    const request = input instanceof Request ? input : null;
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    if (method === 'GET' && started.size > 0) {
      const key = keyOf(request?.url ?? String(input), globalThis.location?.href ?? 'http://localhost/');
      const response = started.get(key);
      if (response) {
        started.delete(key);
        return response;
      }
    }
    return fetch(input, init);
  };
}

/** The host's `fetch` for the v1 client. */
export const earlyFetch: Fetch = createEarlyFetch();
