import { SessionContextSchema } from '@procedo/client-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from '../../testing/harness';
import { withServerSql } from '../../testing/server-sql';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function contextOf(userName: string) {
  const client = new TestClient(() => server.url);
  await client.logon(userName);
  return { client, context: SessionContextSchema.parse(await (await client.fetch('api/v1/session')).json()) };
}

describe('roles', () => {
  it('gives each demo account its roles, and derives the design-mode flags from them', async () => {
    const supervisor = (await contextOf('supervisor')).context;
    expect(supervisor.Roles).toEqual([
      'design',
      'navigation-design',
      'permission-design',
      'translation-admin',
      'user-admin',
    ]);
    expect(supervisor.DesignMode).toEqual({ CanDesign: true, CanDesignNavigation: true });

    const operator = (await contextOf('operator')).context;
    expect(operator.Roles).toEqual([]);
    expect(operator.DesignMode).toEqual({ CanDesign: false, CanDesignNavigation: false });

    const translator = (await contextOf('translator')).context;
    expect(translator.Roles).toEqual(['translation-admin']);
    expect(translator.DesignMode).toEqual({ CanDesign: false, CanDesignNavigation: false });
    expect(translator.WebUserIsSupervisor).toBe(false);
  });

  it('ends a disabled user’s session at its next request and refuses their logon', async () => {
    const { client } = await contextOf('translator');
    await withServerSql(server, async (sql) => {
      expect(await sql.run("UPDATE users SET is_disabled = 1 WHERE name = 'translator'")).toBe(1);
      try {
        const next = await client.fetch('api/v1/session');
        expect(next.status).toBe(401);
        expect(((await next.json()) as { Code: string }).Code).toBe('NOT_LOGGED_ON');
        await expect(new TestClient(() => server.url).logon('translator')).rejects.toThrow(/401/);
      } finally {
        await sql.run("UPDATE users SET is_disabled = 0 WHERE name = 'translator'");
      }
    });
    await new TestClient(() => server.url).logon('translator');
  });
});
