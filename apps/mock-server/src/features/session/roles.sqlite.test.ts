import path from 'node:path';
import { SessionContextSchema } from '@procedo/client-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../db/sqlite';
import { startTestServer, TestClient, type TestServer } from '../../testing/harness';

/**
 * The roles' seed into a SQLite file made before roles existed. On PostgreSQL a schema gets its
 * whole seed when it is created (db/pg-catalog.ts), so only a SQLite file is ever upgraded so.
 */
let server: TestServer;
const openDemo = () => openSqlite(path.join(server.dataDir, 'demo.sqlite'));

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
  it('adds the translator and the roles to a database seeded before roles existed, once', async () => {
    const db = openDemo();
    try {
      db.prepare("DELETE FROM users WHERE name = 'translator'").run();
      db.prepare('DELETE FROM user_roles').run();
      db.prepare("DELETE FROM meta WHERE key = 'roles_seeded_at'").run();
    } finally {
      db.close();
    }
    await server.restart();
    expect((await contextOf('translator')).context.Roles).toEqual(['translation-admin']);
    expect((await contextOf('supervisor')).context.Roles).toHaveLength(5);

    // An administrator's later change is kept across restarts.
    const again = openDemo();
    try {
      again.prepare("DELETE FROM user_roles WHERE role = 'design'").run();
    } finally {
      again.close();
    }
    await server.restart();
    expect((await contextOf('supervisor')).context.Roles).not.toContain('design');
  });
});
