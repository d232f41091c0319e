import { ApiErrorBodySchema, DatabaseListSchema, SessionContextSchema } from '@procedo/client-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { command, readResponse, startTestServer, TestClient, type TestServer } from '../../testing/harness';
import { openServerSql, withServerSql } from '../../testing/server-sql';
import { TOUCH_GRANULARITY_MS } from './session-service';

let server: TestServer;
let client: TestClient;

beforeEach(async () => {
  server = await startTestServer({ sessionTimeoutMinutes: 20 });
  client = new TestClient(() => server.url);
});
afterEach(async () => {
  await server.close();
});

async function errorBody(response: Response) {
  return ApiErrorBodySchema.parse(await response.json());
}

describe('GET /api/v1/session/databases', () => {
  it('lists the demo and training databases without a session', async () => {
    const response = await client.fetch('api/v1/session/databases');
    expect(response.status).toBe(200);
    expect(DatabaseListSchema.parse(await response.json())).toEqual([
      { Id: 'demo', Name: 'Demo' },
      { Id: 'training', Name: 'Training' },
    ]);
  });
});

describe('POST /api/v1/session/logon', () => {
  it('signs in and answers the session context with both cookies set as the contract says', async () => {
    const response = await client.json('POST', 'api/v1/session/logon', {
      Database: 'demo',
      UserName: 'supervisor',
      Password: 'demo',
    });
    expect(response.status).toBe(200);
    const context = SessionContextSchema.parse(await response.json());
    expect(context).toMatchObject({
      WebUserIsSupervisor: true,
      WebDatabaseId: 'demo',
      WebDatabaseName: 'Demo',
      SessionTimeoutMinutes: 20,
      User: { name: 'supervisor', legalName: 'Sam Supervisor', isSupervisor: true },
    });
    const cookies = response.headers.getSetCookie();
    const session = cookies.find((line) => line.startsWith('procedo_session='))!;
    const csrf = cookies.find((line) => line.startsWith('procedo_csrf='))!;
    expect(session).toMatch(/^procedo_session=demo\.[A-Za-z0-9_-]{43};/);
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Strict/i);
    expect(session).toMatch(/Path=\//);
    expect(csrf).toMatch(/SameSite=Strict/i);
    expect(csrf).not.toMatch(/HttpOnly/i);
  });

  it('signs in to the training database with its own name', async () => {
    const response = await client.logon('operator', 'demo', 'training');
    const context = SessionContextSchema.parse(await response.json());
    expect(context.WebDatabaseId).toBe('training');
    expect(context.WebDatabaseName).toBe('Training');
    expect(context.User.legalName).toBe('Olive Operator');
  });

  it('refuses a wrong password with 401 INVALID_CREDENTIALS and sets no session', async () => {
    const response = await client.json('POST', 'api/v1/session/logon', {
      Database: 'demo',
      UserName: 'supervisor',
      Password: 'wrong',
    });
    expect(response.status).toBe(401);
    expect(await errorBody(response)).toEqual({
      Message: 'The user name or password is incorrect.',
      Code: 'INVALID_CREDENTIALS',
    });
    expect(client.cookies.has('procedo_session')).toBe(false);
  });

  it('refuses an unknown user with the same answer as a wrong password', async () => {
    const response = await client.json('POST', 'api/v1/session/logon', {
      Database: 'demo',
      UserName: 'nobody',
      Password: 'demo',
    });
    expect(response.status).toBe(401);
    expect((await errorBody(response)).Message).toBe('The user name or password is incorrect.');
  });

  it('refuses an unknown database with 400 UNKNOWN_DATABASE and an issue on Database', async () => {
    const response = await client.json('POST', 'api/v1/session/logon', {
      Database: 'production',
      UserName: 'supervisor',
      Password: 'demo',
    });
    expect(response.status).toBe(400);
    const body = await errorBody(response);
    expect(body.Code).toBe('UNKNOWN_DATABASE');
    expect(body.Message).toContain('production');
    expect(body.Issues?.map((issue) => issue.path)).toEqual([['Database']]);
  });

  it('refuses a body without a user name with 400 VALIDATION naming the field', async () => {
    const response = await client.json('POST', 'api/v1/session/logon', {
      Database: 'demo',
      Password: 'demo',
    });
    expect(response.status).toBe(400);
    const body = await errorBody(response);
    expect(body.Code).toBe('VALIDATION');
    expect(body.Message).toContain('UserName');
    expect(body.Issues?.[0]?.path).toEqual(['UserName']);
  });

  it('refuses an extra field, naming it', async () => {
    const response = await client.json('POST', 'api/v1/session/logon', {
      Database: 'demo',
      UserName: 'supervisor',
      Password: 'demo',
      IsAdmin: true,
    });
    expect(response.status).toBe(400);
    const body = await errorBody(response);
    expect(body.Code).toBe('VALIDATION');
    expect(body.Message).toContain('IsAdmin');
    expect(body.Issues?.[0]?.path).toEqual(['IsAdmin']);
  });

  it('issues a new session id at logon and destroys the session the request carried', async () => {
    await client.logon();
    const first = client.cookies.get('procedo_session')!;
    const firstContext = SessionContextSchema.parse(await (await client.fetch('api/v1/session')).json());

    await client.logon('operator');
    const second = client.cookies.get('procedo_session')!;
    expect(second).not.toBe(first);
    const secondContext = SessionContextSchema.parse(await (await client.fetch('api/v1/session')).json());
    expect(secondContext.SessionId).not.toBe(firstContext.SessionId);

    const old = new TestClient(() => server.url);
    old.cookies.set('procedo_session', first);
    expect((await old.fetch('api/v1/session')).status).toBe(401);
  });

  it('limits failed logons per user name with 429 RATE_LIMITED, not counting successful ones', async () => {
    await server.restart({ logonRateLimit: { max: 3, windowMs: 60_000 } });
    for (let i = 0; i < 5; i++) await client.logon();
    const attempt = (password: string, userName = 'operator') =>
      client.json('POST', 'api/v1/session/logon', {
        Database: 'demo',
        UserName: userName,
        Password: password,
      });
    for (let i = 0; i < 3; i++) expect((await attempt('wrong')).status).toBe(401);
    const limited = await attempt('demo');
    expect(limited.status).toBe(429);
    expect((await errorBody(limited)).Code).toBe('RATE_LIMITED');
    // Another user name from the same address is a different key.
    expect((await attempt('demo', 'supervisor')).status).toBe(200);
  });
});

describe('GET /api/v1/session', () => {
  it('answers 401 NOT_LOGGED_ON without a session cookie', async () => {
    const response = await client.fetch('api/v1/session');
    expect(response.status).toBe(401);
    expect((await errorBody(response)).Code).toBe('NOT_LOGGED_ON');
  });

  it('answers 401 NOT_LOGGED_ON for a forged cookie', async () => {
    client.cookies.set('procedo_session', `demo.${'A'.repeat(43)}`);
    expect((await client.fetch('api/v1/session')).status).toBe(401);
  });

  it('answers the context with every §3 user field of the signed-in user', async () => {
    await client.logon('operator');
    const response = await client.fetch('api/v1/session');
    expect(response.status).toBe(200);
    const context = SessionContextSchema.parse(await response.json());
    expect(context.WebUserIsSupervisor).toBe(false);
    expect(context.WebProfileId).toBe(context.User.profileId);
    expect(context.WebUserId).toBe(context.User.id);
    expect(context.DesignMode).toEqual({ CanDesign: false, CanDesignNavigation: false });
    const { User } = context;
    for (const field of [
      'department',
      'region',
      'mobileTel',
      'emailBusiness',
      'emailPrivate',
      'jobTitle',
    ] as const) {
      expect(User[field].length, field).toBeGreaterThan(0);
    }
    expect(User.preferences).toEqual({ ui: 'modern', language: 'en' });
    expect(JSON.stringify(context)).not.toMatch(/password|hash/i);
  });
});

describe('idle timeout and keep-alive', () => {
  it('moves SessionExpiresAt to now + timeout on keep-alive', async () => {
    const logon = SessionContextSchema.parse(await (await client.logon()).json());
    expect(Date.parse(logon.SessionExpiresAt)).toBe(server.clock.now() + 20 * 60_000);
    server.clock.advance(5 * 60_000);
    const response = await client.json('POST', 'api/v1/session/keep-alive');
    expect(response.status).toBe(200);
    const context = SessionContextSchema.parse(await response.json());
    expect(Date.parse(context.SessionExpiresAt)).toBe(server.clock.now() + 20 * 60_000);
  });

  it('shares one durable write of the deadline among calls less than a second apart', async () => {
    await client.logon();
    const sql = await openServerSql(server);
    try {
      const stored = async () =>
        (await sql.get<{ e: number }>('SELECT max(expires_at) AS e FROM sessions'))?.e;
      const answered = async () =>
        Date.parse(
          SessionContextSchema.parse(await (await client.json('POST', 'api/v1/session/keep-alive')).json())
            .SessionExpiresAt,
        );
      const first = await stored();
      expect(first).toEqual(expect.any(Number));
      server.clock.advance(TOUCH_GRANULARITY_MS - 1);
      expect(await answered()).toBe(server.clock.now() + 20 * 60_000);
      expect(await stored()).toBe(first);
      server.clock.advance(1);
      expect(await answered()).toBe(server.clock.now() + 20 * 60_000);
      // Stored after the answer, off the request's path.
      await vi.waitFor(async () => expect(await stored()).toBe(server.clock.now() + 20 * 60_000));
    } finally {
      await sql.close();
    }
  });

  it('keeps a session alive as long as requests come within the timeout', async () => {
    await client.logon();
    for (let i = 0; i < 3; i++) {
      server.clock.advance(19 * 60_000);
      expect((await client.fetch('api/v1/session')).status).toBe(200);
    }
  });

  it('ends an idle session: 401 NOT_LOGGED_ON on the API and NOT_LOGGED_ON on the callback', async () => {
    await client.logon();
    const jar = new Map(client.cookies);
    server.clock.advance(20 * 60_000);
    const response = await client.fetch('api/v1/session');
    expect(response.status).toBe(401);
    expect((await errorBody(response)).Code).toBe('NOT_LOGGED_ON');

    const callbackClient = new TestClient(() => server.url);
    for (const [name, value] of jar) callbackClient.cookies.set(name, value);
    const answer = await readResponse(
      await callbackClient.callback(command({ CommandType: 'Web.Session', CommandName: 'KeepAlive' })),
    );
    expect(answer.http).toBe(200);
    expect(answer.status).toBe('NOT_LOGGED_ON');
  });

  it('ends a session at its absolute lifetime however active it is, and never answers a deadline past it', async () => {
    await server.restart({ sessionMaxHours: 1 });
    const logon = SessionContextSchema.parse(await (await client.logon()).json());
    const end = server.clock.now() + 60 * 60_000;
    expect(Date.parse(logon.SessionExpiresAt)).toBe(server.clock.now() + 20 * 60_000);
    for (let minute = 15; minute < 60; minute += 15) {
      server.clock.advance(15 * 60_000);
      const context = SessionContextSchema.parse(
        await (await client.json('POST', 'api/v1/session/keep-alive')).json(),
      );
      expect(Date.parse(context.SessionExpiresAt)).toBe(Math.min(server.clock.now() + 20 * 60_000, end));
    }
    server.clock.advance(end - server.clock.now());
    expect((await client.fetch('api/v1/session')).status).toBe(401);
    // Gone from the store, not only refused.
    expect(
      (await withServerSql(server, (sql) => sql.get<{ n: number }>('SELECT count(*) AS n FROM sessions')))?.n,
    ).toBe(0);
  });

  it('lets only user activity extend the idle deadline: background calls are served but do not', async () => {
    const logon = SessionContextSchema.parse(await (await client.logon()).json());
    const background = { headers: { 'x-procedo-background': '1' } };
    server.clock.advance(10 * 60_000);
    const polled = await client.fetch('api/v1/session', background);
    expect(polled.status).toBe(200);
    expect(SessionContextSchema.parse(await polled.json()).SessionExpiresAt).toBe(logon.SessionExpiresAt);
    const keepAlive = await readResponse(
      await client.callback(command({ CommandType: 'Web.Session', CommandName: 'KeepAlive' }), {
        headers: background.headers,
      }),
    );
    expect(keepAlive.status).toBe('OK');
    server.clock.advance(10 * 60_000);
    // Twenty minutes after the logon with only background calls in between: idle.
    expect((await client.fetch('api/v1/session', background)).status).toBe(401);
  });

  it('honours a fractional timeout in minutes', async () => {
    await server.restart({ sessionTimeoutMinutes: 0.5 });
    const context = SessionContextSchema.parse(await (await client.logon()).json());
    expect(context.SessionTimeoutMinutes).toBe(0.5);
    server.clock.advance(29_000);
    expect((await client.fetch('api/v1/session')).status).toBe(200);
    server.clock.advance(30_000);
    expect((await client.fetch('api/v1/session')).status).toBe(401);
  });
});

describe('POST /api/v1/session/logout', () => {
  it('ends the session and clears the cookies', async () => {
    await client.logon();
    const response = await client.json('POST', 'api/v1/session/logout');
    expect(response.status).toBe(204);
    expect(client.cookies.has('procedo_session')).toBe(false);
    expect((await client.fetch('api/v1/session')).status).toBe(401);
  });
});

describe('CSRF', () => {
  it('answers 403 CSRF to a logout without the header, and the session stays', async () => {
    await client.logon();
    const response = await client.json('POST', 'api/v1/session/logout', undefined, { csrf: false });
    expect(response.status).toBe(403);
    expect((await errorBody(response)).Code).toBe('CSRF');
    expect((await client.fetch('api/v1/session')).status).toBe(200);
  });

  it('answers 403 to a wrong token and changes nothing', async () => {
    await client.logon();
    const response = await client.json(
      'PATCH',
      'api/v1/session/preferences',
      { ui: 'classic' },
      { csrf: 'forged' },
    );
    expect(response.status).toBe(403);
    const context = SessionContextSchema.parse(await (await client.fetch('api/v1/session')).json());
    expect(context.User.preferences.ui).toBe('modern');
  });

  it('does not extend the session on a refused request', async () => {
    const logon = SessionContextSchema.parse(await (await client.logon()).json());
    server.clock.advance(60_000);
    await client.json('POST', 'api/v1/session/keep-alive', undefined, { csrf: false });
    server.clock.advance(19 * 60_000);
    expect(Date.parse(logon.SessionExpiresAt)).toBeLessThanOrEqual(server.clock.now());
    expect((await client.fetch('api/v1/session')).status).toBe(401);
  });

  it('answers 401 NOT_LOGGED_ON without a session, whatever the header', async () => {
    const response = await client.json('POST', 'api/v1/session/logout', undefined, { csrf: false });
    expect(response.status).toBe(401);
    expect((await errorBody(response)).Code).toBe('NOT_LOGGED_ON');
  });
});

describe('PATCH /api/v1/session/preferences', () => {
  it('persists the preferences and answers the updated context', async () => {
    await client.logon();
    const response = await client.json('PATCH', 'api/v1/session/preferences', { ui: 'classic' });
    expect(response.status).toBe(200);
    const context = SessionContextSchema.parse(await response.json());
    expect(context.User.preferences).toEqual({ ui: 'classic', language: 'en' });
  });

  it('refuses an unknown ui mode naming the field', async () => {
    await client.logon();
    const response = await client.json('PATCH', 'api/v1/session/preferences', { ui: 'retro' });
    expect(response.status).toBe(400);
    const body = await errorBody(response);
    expect(body.Message).toContain('ui');
    expect(body.Issues?.[0]?.path).toEqual(['ui']);
  });

  it('keeps a preference change across a restart on the same data folder', async () => {
    await client.logon('operator');
    await client.json('PATCH', 'api/v1/session/preferences', { ui: 'classic', language: 'de' });
    await server.restart();
    const fresh = new TestClient(() => server.url);
    const context = SessionContextSchema.parse(await (await fresh.logon('operator')).json());
    expect(context.User.preferences).toEqual({ ui: 'classic', language: 'de' });
  });

  it('keeps a signed-in session across a restart', async () => {
    await client.logon();
    await server.restart();
    expect((await client.fetch('api/v1/session')).status).toBe(200);
  });
});
