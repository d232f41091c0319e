import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness';
import { SERVER_BUSY_MESSAGE } from './admission';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/**
 * A logon whose body is sent only in part: the server admits it and waits for the rest, so it
 * holds one of the server's request slots until `finish()` (or `abort()`).
 */
function slowLogon(url: string) {
  const body = JSON.stringify({ Database: 'demo', UserName: 'supervisor', Password: 'wrong' });
  const target = new URL('api/v1/session/logon', url);
  const req = httpRequest(target, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answered = new Promise<number>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
  });
  // An aborted holder's answer is a reset connection, which is what the test asks for.
  answered.catch(() => {});
  req.flushHeaders();
  req.write(body.slice(0, 10));
  return {
    answered,
    finish: () => req.end(body.slice(10)),
    abort: () => req.destroy(),
  };
}

const contextOf = (url: string) => fetch(new URL('api/v1/session', url));

/** Resolves once the server has the request in hand (the slot or queue place is taken). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('admission control', () => {
  it('refuses requests past the running and waiting limits at once with 503 SERVER_BUSY and Retry-After, running none of them', async () => {
    server = await startTestServer({ requestLimit: { concurrency: 1, queue: 1, waitMs: 60_000 } });
    const holder = slowLogon(server.url);
    await settle();
    const waiting = contextOf(server.url);
    await settle();
    const refused = await Promise.all(Array.from({ length: 20 }, () => contextOf(server!.url)));
    for (const response of refused) {
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('1');
      expect(await response.json()).toEqual({ Message: SERVER_BUSY_MESSAGE, Code: 'SERVER_BUSY' });
    }
    // The callback is refused the same way, in its own XML answer.
    const callback = await fetch(new URL('callback', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<Command><Name>Session.Context</Name></Command>',
    });
    expect(callback.status).toBe(503);
    expect(callback.headers.get('retry-after')).toBe('1');
    expect(await callback.text()).toContain(SERVER_BUSY_MESSAGE);

    holder.finish();
    expect(await holder.answered).toBe(401);
    // The one that waited is served, and so is the next request: the server recovered at once.
    expect((await waiting).status).toBe(401);
    expect((await contextOf(server.url)).status).toBe(401);
  });

  it('answers a request that waited longer than the limit busy, and frees the place of a client that went away', async () => {
    server = await startTestServer({ requestLimit: { concurrency: 1, queue: 1, waitMs: 300 } });
    const holder = slowLogon(server.url);
    await settle();
    const waited = await contextOf(server.url);
    expect(waited.status).toBe(503);
    expect(waited.headers.get('retry-after')).toBe('1');

    // A client that gives up while waiting leaves the line: the next one gets its place.
    const quitter = new AbortController();
    const gaveUp = fetch(new URL('api/v1/session', server.url), { signal: quitter.signal }).catch(
      (error: unknown) => error,
    );
    await settle();
    quitter.abort();
    await gaveUp;
    await settle();
    const next = contextOf(server.url);
    await settle();
    holder.abort();
    expect((await next).status).toBe(401);
  });
});
