import { createV1Client } from '@procedo/client-api';
import { createRoutesFromElements, matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ROUTES } from './App';
import {
  createEarlyFetch,
  dashboardRead,
  dropEarlyReads,
  EARLY_READ_TTL_MS,
  earlyReadsFor,
  readsSessionFirst,
  SESSION_READ,
  startEarlyReads,
} from './early-reads';
import * as lazyPages from './routes/lazy-pages';
import { pageCode } from './routes/page-code';

const BASE = 'http://host.test/';
const at = (path: string) => new URL(path, BASE).href;
const location = (href: string) => {
  const url = new URL(href, BASE);
  return { pathname: url.pathname, search: url.search };
};

/** A network that answers each address with `status` and counts what it was sent. */
function network(status: (url: string) => number | 'fail' = () => 200) {
  const sent: string[] = [];
  const fetch = async (input: Request | string | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    sent.push(`${(init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase()} ${url}`);
    const answer = status(url);
    if (answer === 'fail') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ url }), { status: answer });
  };
  return { sent, fetch };
}

describe('earlyReadsFor', () => {
  it('reads the session first on every signed-in page, and the dashboard on / and /dashboard?id=…', () => {
    expect(earlyReadsFor(location('/form?WebTemplateNo=102'))).toEqual({
      urls: [SESSION_READ],
      showsDashboard: false,
      pages: ['RootRoute'],
    });
    expect(earlyReadsFor(location('/'))).toEqual({
      urls: [SESSION_READ, dashboardRead(1)],
      showsDashboard: true,
      pages: ['RootRoute', 'HomePage', 'DashboardPanel'],
    });
    expect(earlyReadsFor(location('/dashboard?id=2'))).toEqual({
      urls: [SESSION_READ, dashboardRead(2)],
      showsDashboard: true,
      pages: ['RootRoute', 'DashboardPage', 'DashboardPanel'],
    });
    // Not a dashboard number: the page says so, nothing to read for it.
    expect(earlyReadsFor(location('/dashboard?id=x'))).toMatchObject({
      urls: [SESSION_READ],
      showsDashboard: false,
    });
    // At a timepoint the page reads the dashboard itself.
    expect(earlyReadsFor(location('/dashboard?id=1&Timepoint=2026-01-01%2000%3A00'))).toMatchObject({
      urls: [SESSION_READ],
      showsDashboard: true,
    });
  });

  it('reads nothing on the logon, blank and help pages, nor at the sign-out address', () => {
    for (const href of [
      '/logon',
      '/logon?ReturnUrl=%2F',
      '/blank',
      '/help/getting-started',
      '/?cmd=logout_kill',
    ]) {
      expect(earlyReadsFor(location(href)), href).toEqual({ urls: [], showsDashboard: false, pages: [] });
    }
  });

  it('agrees with App.tsx: every page inside the signed-in layout reads the session first, no other', () => {
    const routes = createRoutesFromElements(ROUTES);
    const pathOf = (route: RouteObject, parent = '') =>
      `${parent.replace(/\/$/, '')}/${(route.path ?? '').replace(/^\//, '')}`
        .replace(/:\w+/g, 'x')
        .replace(/\*$/, 'no-such-page');
    const outside = routes.filter((route) => route.path !== '/');
    const shell = routes.find((route) => route.path === '/');
    expect(outside.length).toBeGreaterThan(0);
    for (const route of outside)
      expect(readsSessionFirst(location(pathOf(route))), pathOf(route)).toBe(false);
    expect(shell?.children?.length).toBeGreaterThan(10);
    for (const route of shell?.children ?? []) {
      const path = route.index ? '/' : pathOf(route, '/');
      expect(readsSessionFirst(location(path)), path).toBe(true);
    }
  });

  it('starts the code of the pages App.tsx shows there (their layout, the page), and the dashboard panel', () => {
    const routes = createRoutesFromElements(ROUTES);
    const nameOf = new Map<unknown, string>(Object.entries(lazyPages).map(([name, page]) => [page, name]));
    for (const href of ['/', '/dashboard?id=1', '/form?WebTemplateNo=102', '/designer/form']) {
      const shown = (matchRoutes(routes, location(href).pathname) ?? []).map(({ route }) =>
        nameOf.get((route.element as { type?: unknown } | undefined)?.type),
      );
      const early = earlyReadsFor(location(href));
      // The layout always; the page where it draws a dashboard.
      expect(
        early.pages.filter((page) => page !== 'DashboardPanel'),
        href,
      ).toEqual(early.showsDashboard ? shown : shown.slice(0, 1));
      expect(early.pages.includes('DashboardPanel'), href).toBe(early.showsDashboard);
      for (const page of early.pages) expect(pageCode[page], page).toBeTypeOf('function');
    }
  });

  it('names the addresses the v1 client asks for', async () => {
    const { sent, fetch } = network();
    const v1 = createV1Client({ baseUrl: 'http://host.test', fetch });
    await v1.session.get().catch(() => undefined);
    await v1.dashboards.get(7).catch(() => undefined);
    expect(sent).toEqual([`GET ${at(SESSION_READ)}`, `GET ${at(dashboardRead(7))}`]);
  });
});

describe('earlyFetch', () => {
  it('hands a started read to the first GET of its address, once; later ones go to the network', async () => {
    dropEarlyReads();
    const early = network();
    startEarlyReads([SESSION_READ], { base: BASE, fetch: early.fetch });
    const later = network();
    const earlyFetch = createEarlyFetch(later.fetch);
    const first = await earlyFetch(new Request(at(SESSION_READ)));
    expect(first.status).toBe(200);
    expect(early.sent).toEqual([`GET ${at(SESSION_READ)}`]);
    expect(later.sent).toEqual([]);
    await earlyFetch(new Request(at(SESSION_READ)));
    expect(later.sent).toEqual([`GET ${at(SESSION_READ)}`]);
  });

  it('does not hand a read to another address, to a POST, nor after 10 s (then its body is cancelled)', async () => {
    vi.useFakeTimers();
    try {
      dropEarlyReads();
      let cancelled = false;
      const body = new ReadableStream({
        cancel() {
          cancelled = true;
        },
      });
      const early = async () => new Response(body);
      startEarlyReads([SESSION_READ, dashboardRead(1)], { base: BASE, fetch: early });
      const later = network();
      const earlyFetch = createEarlyFetch(later.fetch);
      await earlyFetch(new Request(at(dashboardRead(2))));
      await earlyFetch(new Request(at(SESSION_READ), { method: 'POST' }));
      await vi.advanceTimersByTimeAsync(EARLY_READ_TTL_MS - 1);
      expect(cancelled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(cancelled).toBe(true);
      await earlyFetch(new Request(at(dashboardRead(1))));
      expect(later.sent).toEqual([
        `GET ${at(dashboardRead(2))}`,
        `POST ${at(SESSION_READ)}`,
        `GET ${at(dashboardRead(1))}`,
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the failed session read for its page but drops the rest: read before a logon, not shown after it', async () => {
    for (const failure of [401, 'fail'] as const) {
      dropEarlyReads();
      const early = network((url) => (url.endsWith(SESSION_READ) ? failure : 200));
      startEarlyReads([SESSION_READ, dashboardRead(1)], { base: BASE, fetch: early.fetch });
      const later = network();
      const earlyFetch = createEarlyFetch(later.fetch);
      // Let the session's answer arrive.
      await new Promise((resolve) => setTimeout(resolve, 0));
      const session = earlyFetch(new Request(at(SESSION_READ)));
      if (failure === 'fail') await expect(session).rejects.toThrow('Failed to fetch');
      else expect((await session).status).toBe(401);
      await earlyFetch(new Request(at(dashboardRead(1))));
      expect(later.sent, String(failure)).toEqual([`GET ${at(dashboardRead(1))}`]);
    }
  });

  it('lets a dropped read go: its unread body is cancelled, so the request does not stay open', async () => {
    dropEarlyReads();
    let cancelled = false;
    const body = new ReadableStream({
      cancel() {
        cancelled = true;
      },
    });
    const fetch = async (input: Request | string | URL) =>
      String(input).endsWith(SESSION_READ) ? new Response(null, { status: 401 }) : new Response(body);
    startEarlyReads([SESSION_READ, dashboardRead(1)], { base: BASE, fetch });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cancelled).toBe(true);
  });

  it('hands a read to the v1 client, which parses and checks it as its own', async () => {
    dropEarlyReads();
    const early = network();
    startEarlyReads([dashboardRead(1)], { base: BASE, fetch: early.fetch });
    const later = network();
    const v1 = createV1Client({ baseUrl: 'http://host.test', fetch: createEarlyFetch(later.fetch) });
    // The stand-in answer is not a dashboard: the client's schema refuses it as it would the server's.
    await expect(v1.dashboards.get(1)).rejects.toThrow();
    expect(early.sent).toHaveLength(1);
    expect(later.sent).toEqual([]);
  });
});
