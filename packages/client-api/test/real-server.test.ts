import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { startServer } from '../../../apps/mock-server/src/server';
import { createAjaxCounter } from '../src/ajax-counter';
import { type CallbackClient, createCallbackClient } from '../src/callback/client';
import { createErrorHandler, type ErrorHandlerUi } from '../src/error-handler';
import {
  CallbackError,
  HtmlResponseError,
  HttpStatusError,
  isCallbackError,
  isHttpStatusError,
  NotLoggedOnError,
} from '../src/errors';
import { Messages } from '../src/messages';
import { createServerTimeoutCookie } from '../src/server-timeout';
import { createV1Client, type V1Client } from '../src/v1/client';
import { type CookieFetch, createCookieFetch } from './cookie-fetch';

let server: { url: string; close(): Promise<void> };
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'procedo-client-api-'));
  server = await startServer({
    port: 0,
    dataDir,
    logLevel: 'silent',
    faultInjection: true,
    verboseErrors: false,
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

interface Browser {
  jar: CookieFetch;
  callback: CallbackClient;
  v1: V1Client;
}

/** One "browser": a cookie jar and both clients, reading the CSRF token from the jar. */
function browser(): Browser {
  const jar = createCookieFetch();
  const options = { baseUrl: server.url, fetch: jar.fetch, getCsrfToken: jar.csrf };
  return { jar, callback: createCallbackClient(options), v1: createV1Client(options) };
}

async function signedIn(userName: 'operator' | 'supervisor' = 'operator'): Promise<Browser> {
  const b = browser();
  await b.v1.session.logon({ Database: 'demo', UserName: userName, Password: 'demo' });
  return b;
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

describe('v1 session against the real server', () => {
  it('lists the demo databases without a session', async () => {
    const databases = await browser().v1.session.databases();
    expect(databases).toEqual(
      expect.arrayContaining([
        { Id: 'demo', Name: 'Demo' },
        { Id: 'training', Name: 'Training' },
      ]),
    );
  });

  it('logs on, sets the readable CSRF cookie, and reads the session back', async () => {
    const b = browser();
    const context = await b.v1.session.logon({ Database: 'demo', UserName: 'operator', Password: 'demo' });
    expect(context).toMatchObject({
      WebDatabaseId: 'demo',
      WebDatabaseName: 'Demo',
      WebUserIsSupervisor: false,
      User: { legalName: 'Olive Operator', isSupervisor: false },
    });
    expect(b.jar.csrf()).toBeTruthy();
    const again = await b.v1.session.get();
    expect(again.SessionId).toBe(context.SessionId);
  });

  it('refuses a wrong password with an HttpStatusError 401', async () => {
    const error = await failure(
      browser().v1.session.logon({ Database: 'demo', UserName: 'operator', Password: 'wrong' }),
    );
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(error).toMatchObject({ status: 401, method: 'POST', body: { Code: 'INVALID_CREDENTIALS' } });
  });

  it('refuses an unknown database', async () => {
    const error = await failure(
      browser().v1.session.logon({ Database: 'nowhere', UserName: 'operator', Password: 'demo' }),
    );
    expect(isHttpStatusError(error) && error.status >= 400 && error.status < 500).toBe(true);
    expect((error as HttpStatusError).body?.Code).toBe('UNKNOWN_DATABASE');
  });

  it('keeps the session alive and moves SessionExpiresAt forward', async () => {
    const b = await signedIn();
    const before = await b.v1.session.get();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const after = await b.v1.session.keepAlive();
    expect(Date.parse(after.SessionExpiresAt)).toBeGreaterThan(Date.parse(before.SessionExpiresAt));
  });

  it('changes preferences and logs out', async () => {
    const b = await signedIn();
    const context = await b.v1.session.setPreferences({ ui: 'classic' });
    expect(context.User.preferences.ui).toBe('classic');
    await expect(b.v1.session.logout()).resolves.toBeUndefined();
    await expect(b.v1.session.get()).rejects.toBeInstanceOf(NotLoggedOnError);
  });

  it('answers NotLoggedOnError without a session', async () => {
    await expect(browser().v1.session.get()).rejects.toBeInstanceOf(NotLoggedOnError);
    await expect(browser().v1.session.keepAlive()).rejects.toBeInstanceOf(NotLoggedOnError);
  });

  it('refuses a state-changing call without the CSRF header with 403', async () => {
    const b = await signedIn();
    const noToken = createV1Client({ baseUrl: server.url, fetch: b.jar.fetch, getCsrfToken: () => null });
    const error = await failure(noToken.session.keepAlive());
    expect(error).toBeInstanceOf(HttpStatusError);
    expect((error as HttpStatusError).status).toBe(403);
  });
});

describe('callback client against the real server', () => {
  it('keeps the session alive and returns the new expiry', async () => {
    const b = await signedIn();
    const { expiresAt } = await b.callback.keepAlive();
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());
  });

  it('answers NOT_LOGGED_ON without a session, KeepAlive included', async () => {
    await expect(browser().callback.keepAlive()).rejects.toBeInstanceOf(NotLoggedOnError);
  });

  it('refuses a command without the CSRF header with 403', async () => {
    const b = await signedIn();
    const noToken = createCallbackClient({
      baseUrl: server.url,
      fetch: b.jar.fetch,
      getCsrfToken: () => null,
    });
    const error = await failure(noToken.keepAlive());
    expect(isCallbackError(error) || isHttpStatusError(error)).toBe(true);
    expect((error as CallbackError).status).toBe(403);
  });

  it("answers malformed XML and a DOCTYPE with 'Invalid xml was found'", async () => {
    const b = await signedIn();
    for (const body of [
      '<Command><CommandType>Web.Session</CommandType>',
      '<!DOCTYPE Command [<!ENTITY x "y">]><Command><CommandType>&x;</CommandType></Command>',
      '<NotACommand/>',
    ]) {
      const error = await failure(b.callback.sendRaw(body));
      expect(error).toBeInstanceOf(CallbackError);
      expect(error).toMatchObject({ status: 400, serverMessage: Messages.invalidXml });
    }
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const b = await signedIn();
    const filler = 'x'.repeat(1024 * 1024);
    const body = `<Command><CommandType>Web.Resources.XmlOfComponentName</CommandType><ComponentName>${filler}</ComponentName></Command>`;
    const error = await failure(b.callback.sendRaw(body));
    expect((error as CallbackError | HttpStatusError).status).toBe(413);
  });

  it('escapes what it sends: a component name full of markup reaches the server intact', async () => {
    const b = await signedIn();
    const error = await failure(b.callback.xmlOfComponentName(`<x a="1">&'</x>`));
    // Unknown component: the server names it back, which proves the text arrived unmangled.
    expect(error).toBeInstanceOf(CallbackError);
    expect((error as CallbackError).serverMessage).toContain(`<x a="1">&'</x>`);
  });

  it('loads a different site map for the operator and the supervisor', async () => {
    const operator = await (await signedIn('operator')).callback.siteMap();
    const supervisor = await (await signedIn('supervisor')).callback.siteMap();
    const titles = (nodes: typeof operator): string[] =>
      nodes.flatMap((node) => [node.title, ...titles(node.children)]);
    expect(operator.length).toBeGreaterThan(0);
    expect(titles(operator).every((title) => title.length > 0)).toBe(true);
    expect(titles(supervisor).length).toBeGreaterThan(titles(operator).length);
    expect(titles(supervisor)).toEqual(expect.arrayContaining(titles(operator)));
  });

  it('drives the ajax counter and refreshes the timeout cookie on real calls', async () => {
    const b = await signedIn();
    const counter = createAjaxCounter();
    const cookies = new Map<string, string>();
    const serverTimeout = createServerTimeoutCookie({
      cookies: { get: (n) => cookies.get(n) ?? null, set: (n, v) => void cookies.set(n, v) },
      timeoutMinutes: () => 20,
      isLocked: () => false,
    });
    const client = createCallbackClient({
      baseUrl: server.url,
      fetch: b.jar.fetch,
      getCsrfToken: b.jar.csrf,
      ajaxCounter: counter,
      serverTimeout,
    });
    const started = Date.now();
    await client.keepAlive();
    expect(counter.getSnapshot()).toBe(0);
    expect(serverTimeout.read()).toBeGreaterThanOrEqual(started + 20 * 60000 + 5000);
    await failure(client.sendRaw('<oops'));
    expect(counter.getSnapshot()).toBe(-1);
  });
});

describe('the timeout cookie while the session timeout is locked', () => {
  it('is not refreshed by calls while locked, but a logon writes the new deadline', async () => {
    const jar = createCookieFetch();
    const cookies = new Map<string, string>();
    let locked = false;
    const serverTimeout = createServerTimeoutCookie({
      cookies: { get: (n) => cookies.get(n) ?? null, set: (n, v) => void cookies.set(n, v) },
      timeoutMinutes: () => 20,
      isLocked: () => locked,
    });
    const options = { baseUrl: server.url, fetch: jar.fetch, getCsrfToken: jar.csrf, serverTimeout };
    const v1 = createV1Client(options);
    await v1.session.logon({ Database: 'demo', UserName: 'operator', Password: 'demo' });
    const first = serverTimeout.read();
    expect(first).not.toBeNull();

    locked = true;
    cookies.set('procedo_timeout', '1');
    await v1.session.databases();
    await createCallbackClient(options).keepAlive();
    expect(serverTimeout.read()).toBe(1);

    const before = Date.now();
    await v1.session.logon({ Database: 'demo', UserName: 'operator', Password: 'demo' });
    expect(serverTimeout.read()).toBeGreaterThanOrEqual(before + 20 * 60000 + 5000);
  });
});

describe('fault injection against the real server', () => {
  it('turns Diagnostics.Fail and GET diagnostics/fail into HttpStatusError 500', async () => {
    const b = await signedIn();
    const callbackError = await failure(b.callback.send({ CommandType: 'Diagnostics.Fail' }));
    expect(callbackError).toBeInstanceOf(HttpStatusError);
    expect((callbackError as HttpStatusError).status).toBe(500);
    const v1Error = await failure(b.v1.request(z.unknown(), 'diagnostics/fail'));
    expect(v1Error).toBeInstanceOf(HttpStatusError);
    expect((v1Error as HttpStatusError).status).toBe(500);
  });

  it('turns Diagnostics.Html and GET diagnostics/html into HtmlResponseError', async () => {
    const b = await signedIn();
    const callbackError = await failure(b.callback.send({ CommandType: 'Diagnostics.Html' }));
    expect(callbackError).toBeInstanceOf(HtmlResponseError);
    expect((callbackError as HtmlResponseError).html).toMatch(/<html/i);
    const v1Error = await failure(b.v1.request(z.unknown(), 'diagnostics/html'));
    expect(v1Error).toBeInstanceOf(HtmlResponseError);
  });
});

describe('the §8 error handler fed by real errors', () => {
  function recordingUi() {
    const calls: Array<[string, ...unknown[]]> = [];
    const ui: ErrorHandlerUi = {
      alert: (text) => void calls.push(['alert', text]),
      notifyError: (text) => void calls.push(['notifyError', text]),
      showHtml: (html, title) => void calls.push(['showHtml', html, title]),
      prompt: (message, value) => void calls.push(['prompt', message, value]),
      openLogon: () => {
        calls.push(['openLogon']);
        return new Promise<boolean>(() => {});
      },
    };
    const logged: unknown[] = [];
    return { ui, calls, logged, console: { error: (...args: unknown[]) => void logged.push(args) } };
  }

  it('shows each real failure the way §8 says and logs it', async () => {
    const { ui, calls, logged, console } = recordingUi();
    const handler = createErrorHandler({ ui, verbose: false, console });
    const b = await signedIn();
    const anonymous = browser();

    handler.handle(await failure(b.callback.send({ CommandType: 'Diagnostics.Fail' })), {
      callerText: 'Refreshing the template cache',
    });
    handler.handle(await failure(anonymous.callback.keepAlive()));
    handler.handle(await failure(anonymous.v1.session.get()));
    handler.handle(await failure(b.callback.send({ CommandType: 'Diagnostics.Html' })));
    handler.handle(await failure(b.callback.sendRaw('<broken')));
    const wrongPassword = await failure(
      anonymous.v1.session.logon({ Database: 'demo', UserName: 'operator', Password: 'nope' }),
    );
    handler.handle(wrongPassword);

    expect(calls[0]).toEqual(['alert', 'Refreshing the template cache: HTTP 500']);
    expect(calls[1]).toEqual(['openLogon']); // once, although both clients said NOT_LOGGED_ON
    expect(calls[2]?.[0]).toBe('showHtml');
    expect(String(calls[2]?.[1])).toMatch(/<html/i);
    expect(calls[3]).toEqual(['alert', Messages.invalidXml]);
    expect(calls[4]).toEqual([
      'notifyError',
      `${(wrongPassword as HttpStatusError).body?.Message}\n${new URL('api/v1/session/logon', server.url).href}`,
    ]);
    expect(calls).toHaveLength(5);
    expect(logged).toHaveLength(6);
  });
});
