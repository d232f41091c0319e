import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createAjaxCounter } from '../ajax-counter';
import {
  HtmlResponseError,
  HttpStatusError,
  NetworkError,
  NotLoggedOnError,
  ResponseShapeError,
} from '../errors';
import type { FetchLike } from '../http';
import { createV1Client } from './client';

interface Seen {
  method: string;
  url: string;
  headers: Headers;
  body: string;
}

function fakeFetch(answer: () => Response) {
  const seen: Seen[] = [];
  const fetch: FetchLike = async (input, init) => {
    const request = new Request(input, init);
    seen.push({
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: await request.text(),
    });
    return answer();
  };
  return { fetch, seen };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('v1 client', () => {
  it('calls /api/v1/ paths and parses the answer with its schema', async () => {
    const { fetch, seen } = fakeFetch(() => json(200, [{ Id: 'demo', Name: 'Demo' }]));
    const client = createV1Client({ baseUrl: 'http://h:1', fetch, getCsrfToken: () => 'tok' });
    await expect(client.session.databases()).resolves.toEqual([{ Id: 'demo', Name: 'Demo' }]);
    expect(seen[0]).toMatchObject({ method: 'GET', url: 'http://h:1/api/v1/session/databases' });
    expect(seen[0]?.headers.has('x-csrf-token')).toBe(false);
  });

  it('sends the CSRF header and JSON body on state-changing requests', async () => {
    const { fetch, seen } = fakeFetch(() => json(200, { ok: true }));
    const client = createV1Client({ baseUrl: 'http://h:1', fetch, getCsrfToken: () => 'tok' });
    await client.request(z.object({ ok: z.boolean() }), 'things/1', {
      method: 'PATCH',
      json: { A: 1 },
      searchParams: { $orderby: 'Name' },
    });
    expect(seen[0]).toMatchObject({
      method: 'PATCH',
      url: 'http://h:1/api/v1/things/1?%24orderby=Name',
      body: '{"A":1}',
    });
    expect(seen[0]?.headers.get('x-csrf-token')).toBe('tok');
    expect(seen[0]?.headers.get('content-type')).toContain('application/json');
  });

  it('marks a background call for the server and leaves the timeout cookie alone; other calls refresh it', async () => {
    const { fetch, seen } = fakeFetch(() => json(200, { ok: true }));
    const refreshed: number[] = [];
    const serverTimeout = {
      refresh: () => {
        refreshed.push(seen.length);
        return 0;
      },
      read: () => null,
    };
    const client = createV1Client({ baseUrl: 'http://h:1', fetch, serverTimeout });
    const schema = z.object({ ok: z.boolean() });
    await client.request(schema, 'things', { background: true });
    await client.request(schema, 'things');
    expect(seen[0]?.headers.get('x-procedo-background')).toBe('1');
    expect(seen[1]?.headers.has('x-procedo-background')).toBe(false);
    expect(refreshed).toEqual([2]);
  });

  it('throws a ResponseShapeError with the zod issues when the answer breaks its schema', async () => {
    const { fetch } = fakeFetch(() => json(200, [{ Id: 7 }]));
    const error = (await createV1Client({ baseUrl: 'http://h', fetch, getCsrfToken: () => null })
      .session.databases()
      .catch((e: unknown) => e)) as ResponseShapeError;
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect(error.issues.map((i) => i.path)).toEqual([
      [0, 'Id'],
      [0, 'Name'],
    ]);
    // zod/mini alone says only "Invalid input"; the client keeps classic zod's English messages.
    expect(error.issues.map((i) => i.message)).toEqual([
      'Invalid input: expected string, received number',
      'Invalid input: expected string, received undefined',
    ]);
    expect(error.url).toBe('http://h/api/v1/session/databases');
  });

  it('maps 401 NOT_LOGGED_ON, other error statuses, HTML pages and bad JSON', async () => {
    const cases: Array<[() => Response, unknown]> = [
      [() => json(401, { Message: 'Not logged on', Code: 'NOT_LOGGED_ON' }), NotLoggedOnError],
      [
        () => json(401, { Message: 'Wrong user name or password', Code: 'INVALID_CREDENTIALS' }),
        HttpStatusError,
      ],
      [() => new Response('<html><body>Proxy error</body></html>', { status: 502 }), HtmlResponseError],
      [() => new Response('{not json', { status: 200 }), ResponseShapeError],
    ];
    for (const [answer, expected] of cases) {
      const { fetch } = fakeFetch(answer);
      const error = await createV1Client({ baseUrl: 'http://h', fetch, getCsrfToken: () => null })
        .session.get()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(expected as never);
    }
    const { fetch } = fakeFetch(() => json(403, { Message: 'Missing CSRF token', Code: 'CSRF' }));
    const error = (await createV1Client({ baseUrl: 'http://h', fetch, getCsrfToken: () => null })
      .session.keepAlive()
      .catch((e: unknown) => e)) as HttpStatusError;
    expect(error).toMatchObject({
      status: 403,
      method: 'POST',
      body: { Code: 'CSRF' },
      serverMessage: 'Missing CSRF token',
    });
  });

  it('turns a transport failure into a NetworkError and the counter to -1', async () => {
    const counter = createAjaxCounter();
    const fetch: FetchLike = async () => {
      throw new TypeError('fetch failed');
    };
    const error = await createV1Client({
      baseUrl: 'http://h',
      fetch,
      getCsrfToken: () => null,
      ajaxCounter: counter,
    })
      .session.logout()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(counter.getSnapshot()).toBe(-1);
  });

  it('resolves a body-less answer as undefined and counts it done', async () => {
    const counter = createAjaxCounter();
    const { fetch } = fakeFetch(() => new Response(null, { status: 204 }));
    await expect(
      createV1Client({
        baseUrl: 'http://h',
        fetch,
        getCsrfToken: () => null,
        ajaxCounter: counter,
      }).session.logout(),
    ).resolves.toBeUndefined();
    expect(counter.getSnapshot()).toBe(0);
  });
});
