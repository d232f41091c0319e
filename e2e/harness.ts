import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { startServer } from '../apps/mock-server/src/server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The built reference host the server serves. */
export const hostDist = path.join(root, 'apps/reference-host/dist');

/** The demo password of both demo accounts (CONTRACT "Running"). */
export const DEMO_PASSWORD = 'demo';

/** A running reference server on a fresh temporary data directory. */
export interface TestServer {
  /** Origin without a trailing slash, e.g. `http://127.0.0.1:41234`. */
  url: string;
  close(): Promise<void>;
}

/** Options of {@link startTestServer}. */
export interface TestServerOptions {
  sessionTimeoutMinutes?: number;
  /** Signing asks for the password on a session's first signature (PROCEDO_SIGNATURE_REQUIRES_PASSWORD). */
  signatureRequiresPassword?: boolean;
  /** The server's clock in epoch ms (a test that needs the past moves it). @default Date.now */
  now?: () => number;
}

/** Starts the real reference server (port 0, fresh SQLite data) serving the built host. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  if (!existsSync(path.join(hostDist, 'index.html'))) {
    throw new Error(
      'The reference host is not built: run `corepack pnpm --filter @procedo/reference-host build`.',
    );
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'procedo-e2e-'));
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    staticDir: hostDist,
    logLevel: 'silent',
    logonRateLimit: { max: 1000, windowMs: 60_000 },
    ...options,
  });
  return {
    url: server.url.replace(/\/+$/, ''),
    async close() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The real server and Chromium that {@link startServerAndBrowser} starts for a test file. */
export interface E2eEnvironment {
  readonly server: TestServer;
  readonly browser: Browser;
}

/** Starts the real server and Chromium before a test file's tests and stops both after them. */
export function startServerAndBrowser(options: TestServerOptions = {}): E2eEnvironment {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(options), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('startServerAndBrowser: used before its beforeAll ran');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
  };
}

/** The form of the page (the renderer labels it with the form's title). */
export const formByTitle = (page: Page, title: string) =>
  page.getByRole('form', { name: title, exact: true });

/**
 * A button of the floating page commands (Save, Delete, Search…). While the bar shows, the form's
 * own top-level buttons are hidden and the bar presses them, so this is the one a user sees.
 */
export const pageCommand = (page: Page, name: string) =>
  page.getByRole('toolbar', { name: 'Page commands' }).getByRole('button', { name, exact: true });

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.PROCEDO_CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A page in a fresh browser context (own cookies), collecting uncaught page errors. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  options: { bypassCSP?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; pageErrors: string[] }> {
  const context = await browser.newContext({ baseURL, bypassCSP: options.bypassCSP ?? false });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { context, page, pageErrors };
}

/** Fills the logon page and submits it. */
export async function logOn(
  page: Page,
  {
    userName,
    password = DEMO_PASSWORD,
    database = 'demo',
  }: { userName: string; password?: string; database?: string },
): Promise<void> {
  await page.getByLabel('Database').selectOption(database);
  await page.getByLabel('User name').fill(userName);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log on', exact: true }).click();
}

/** Opens `/` (which sends a visitor to the logon page), logs on, and waits for the navigation. */
export async function logOnAndWaitForHome(page: Page, userName: string): Promise<void> {
  await page.goto('/');
  await page.waitForURL((url) => url.pathname === '/logon');
  await logOn(page, { userName });
  await page.waitForURL((url) => url.pathname === '/');
  await profileNavigation(page).getByRole('link').first().waitFor();
}

/**
 * Tracks the page's API calls (`/api/`, `/callback`); `settled()` resolves once none has been in
 * flight for `quietMs` — for a test that must know the page's own reads are over before it acts.
 */
export function trackApiCalls(page: Page, quietMs = 500): { settled(): Promise<void> } {
  let inFlight = 0;
  let lastChange = Date.now();
  const isApi = (url: string) => {
    const { pathname } = new URL(url);
    return pathname.startsWith('/api/') || pathname === '/callback';
  };
  page.on('request', (request) => {
    if (!isApi(request.url())) return;
    inFlight += 1;
    lastChange = Date.now();
  });
  const done = (request: { url(): string }) => {
    if (!isApi(request.url())) return;
    inFlight -= 1;
    lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    settled: () =>
      expect
        .poll(() => inFlight === 0 && Date.now() - lastChange >= quietMs, { timeout: 15_000, interval: 100 })
        .toBe(true),
  };
}

/** The profile navigation landmark of the shell. */
export function profileNavigation(page: Page) {
  return page.getByRole('navigation', { name: 'Profile navigation' });
}

/** The HTTP status of `GET /api/v1/session` made from the page (with its cookies). */
export function sessionStatus(page: Page): Promise<number> {
  return page.evaluate(() => fetch('/api/v1/session', { credentials: 'same-origin' }).then((r) => r.status));
}

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core on the page and fails on any serious or critical violation. The page must come
 * from a context opened with `bypassCSP: true`: axe is injected as an inline script, which the
 * server's CSP (rightly) forbids.
 */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected at run time
    const axe = (window as any).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map(
      // biome-ignore lint/suspicious/noExplicitAny: axe's result objects
      (v: any): AxeViolation => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        // biome-ignore lint/suspicious/noExplicitAny: axe's node results
        targets: v.nodes.map((n: any) => String(n.target.join(' '))),
      }),
    );
  });
  const serious = (violations as AxeViolation[]).filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious).toEqual([]);
}
