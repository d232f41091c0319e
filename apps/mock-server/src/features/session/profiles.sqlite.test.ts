import path from 'node:path';
import { SessionContextSchema } from '@procedo/client-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../db/sqlite';
import { startTestServer, TestClient, type TestServer } from '../../testing/harness';

/**
 * The profiles' seed into a SQLite file made before profiles existed. On PostgreSQL a schema gets
 * its whole seed when it is created (db/pg-catalog.ts), so only a SQLite file is ever upgraded so.
 */
let server: TestServer;
const openDemo = () => openSqlite(path.join(server.dataDir, 'demo.sqlite'));

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function signedIn(userName: string) {
  const client = new TestClient(() => server.url);
  await client.logon(userName);
  return client;
}

const contextOf = async (client: TestClient) =>
  SessionContextSchema.parse(await (await client.fetch('api/v1/session')).json());

describe('profile switching', () => {
  it('gives the supervisor the operators’ profile once, also in a database seeded before profiles', async () => {
    const db = openDemo();
    try {
      db.prepare('DELETE FROM user_profiles').run();
      db.prepare("DELETE FROM meta WHERE key = 'user_profiles_seeded_at'").run();
    } finally {
      db.close();
    }
    await server.restart();
    expect((await contextOf(await signedIn('supervisor'))).Profiles).toHaveLength(2);

    // An administrator's later change is kept across restarts.
    const again = openDemo();
    try {
      again.prepare('DELETE FROM user_profiles').run();
    } finally {
      again.close();
    }
    await server.restart();
    expect((await contextOf(await signedIn('supervisor'))).Profiles).toHaveLength(1);
  });
});
