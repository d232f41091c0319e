import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiErrorBodySchema } from '@procedo/client-api';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from '../testing/harness';

let server: TestServer;
let client: TestClient;
let hostDir: string;

beforeAll(async () => {
  hostDir = await mkdtemp(path.join(tmpdir(), 'procedo-host-'));
  await mkdir(path.join(hostDir, 'assets'));
  await writeFile(path.join(hostDir, 'index.html'), '<!doctype html><title>Procedo host</title>');
  await writeFile(path.join(hostDir, 'assets', 'main-abc123.js'), 'console.log(1)');
  await writeFile(path.join(hostDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});
afterAll(async () => {
  await rm(hostDir, { recursive: true, force: true });
});
beforeEach(async () => {
  server = await startTestServer({ staticDir: hostDir });
  client = new TestClient(() => server.url);
});
afterEach(async () => {
  await server.close();
});

const errorBody = async (response: Response) => ApiErrorBodySchema.parse(await response.json());

describe('security headers', () => {
  it('sends a CSP without inline script or eval, and the usual hardening headers', async () => {
    const response = await client.fetch('api/v1/session/databases');
    const csp = response.headers.get('content-security-policy')!;
    const directives = Object.fromEntries(
      csp.split(';').map((part) => {
        const [name = '', ...values] = part.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'self'"]);
    expect(directives['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-powered-by')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('sends the CSP on pages too', async () => {
    const response = await client.fetch('form?WebTemplateNo=101', { headers: { accept: 'text/html' } });
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
  });
});

describe('JSON API limits and errors', () => {
  it('answers 404 NOT_FOUND to an unknown API route', async () => {
    const response = await client.fetch('api/v1/nothing-here');
    expect(response.status).toBe(404);
    expect((await errorBody(response)).Code).toBe('NOT_FOUND');
  });

  it('answers 413 PAYLOAD_TOO_LARGE to a JSON body over 100 kB', async () => {
    const response = await client.json('POST', 'api/v1/session/logon', {
      Database: 'demo',
      UserName: 'supervisor',
      Password: 'x'.repeat(101 * 1024),
    });
    expect(response.status).toBe(413);
    expect((await errorBody(response)).Code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 415 to a form-encoded body', async () => {
    const response = await client.fetch('api/v1/session/logon', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'Database=demo&UserName=supervisor&Password=demo',
    });
    expect(response.status).toBe(415);
    expect((await errorBody(response)).Code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 400 VALIDATION to malformed JSON', async () => {
    const response = await client.fetch('api/v1/session/logon', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"Database": ',
    });
    expect(response.status).toBe(400);
    expect((await errorBody(response)).Code).toBe('VALIDATION');
  });

  it('does not offer the diagnostics routes unless fault injection is on', async () => {
    expect((await client.fetch('api/v1/diagnostics/fail')).status).toBe(404);
  });

  it('answers 500 INTERNAL with an ErrorId and no stack to an unexpected failure', async () => {
    await server.restart({ faultInjection: true });
    const response = await client.fetch('api/v1/diagnostics/fail');
    expect(response.status).toBe(500);
    const text = await response.text();
    const body = ApiErrorBodySchema.parse(JSON.parse(text));
    expect(body.Code).toBe('INTERNAL');
    expect(body.ErrorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.Message).toContain(body.ErrorId);
    expect(text).not.toMatch(/injected failure|\.ts:|at /);
  });

  it('answers an HTML error page from the diagnostics route', async () => {
    await server.restart({ faultInjection: true });
    const response = await client.fetch('api/v1/diagnostics/html');
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  });
});

describe('static host', () => {
  it('serves index.html for client routes a browser asks for', async () => {
    const response = await client.fetch('apps/flow/home/flow?id=3', { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>Procedo host</title>');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('caches hashed assets for a year', async () => {
    const response = await client.fetch('assets/main-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates other files', async () => {
    const response = await client.fetch('favicon.svg');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers 404, not the page, to a missing asset', async () => {
    expect((await client.fetch('assets/missing.js', { headers: { accept: '*/*' } })).status).toBe(404);
  });

  it('says the host is not built when the folder is missing', async () => {
    await server.restart({ staticDir: path.join(hostDir, 'nope') });
    const response = await client.fetch('', { headers: { accept: 'text/html' } });
    expect(response.status).toBe(503);
    expect(await response.text()).toContain("reference host isn't built");
  });
});

describe('state-changing requests from another origin', () => {
  const evil = { origin: 'http://evil.example' };
  const logonBody = JSON.stringify({ Database: 'demo', UserName: 'supervisor', Password: 'demo' });
  const logon = (headers: Record<string, string>) =>
    client.fetch('api/v1/session/logon', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: logonBody,
    });

  it('refuses a logon from another origin (login CSRF) and sets no cookie', async () => {
    for (const headers of [
      evil,
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ]) {
      const response = await logon(headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect((await errorBody(response)).Code).toBe('CROSS_ORIGIN');
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it('refuses an API write carrying a valid CSRF token from another origin, and changes nothing', async () => {
    await client.logon();
    const response = await client.fetch('api/v1/session/preferences', {
      method: 'PATCH',
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': client.cookies.get('procedo_csrf')!,
        ...evil,
      },
      body: JSON.stringify({ ui: 'classic' }),
    });
    expect(response.status).toBe(403);
    expect((await errorBody(response)).Code).toBe('CROSS_ORIGIN');
    const context = (await (await client.fetch('api/v1/session')).json()) as {
      User: { preferences: { ui: string } };
    };
    expect(context.User.preferences.ui).toBe('modern');
  });

  it('refuses a callback from another origin with an XML error', async () => {
    await client.logon();
    const response = await client.callback(
      '<Command><CommandType>Web.Session</CommandType><CommandName>KeepAlive</CommandName></Command>',
      { headers: evil },
    );
    expect(response.status).toBe(403);
    const text = await response.text();
    expect(text).toContain('<Status>ERROR</Status>');
    expect(text).toContain('Cross-origin request refused');
  });

  it("accepts the server's own origin, a configured one, and clients that send no Origin; reads from anywhere", async () => {
    const own = new URL(server.url).origin;
    expect((await logon({ origin: own, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await logon({})).status).toBe(200);
    expect((await client.fetch('api/v1/session', { headers: evil })).status).toBe(200);
    expect((await logon({ origin: 'https://procedo.example' })).status).toBe(403);
    await server.restart({ allowedOrigins: ['https://procedo.example'] });
    expect((await logon({ origin: 'https://procedo.example' })).status).toBe(200);
  });
});
