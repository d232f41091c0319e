import { SessionContextSchema } from '@procedo/client-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_PROFILE_ID, SUPERVISOR_PROFILE_ID } from '../../db/seed-data';
import { command, readResponse, startTestServer, TestClient, type TestServer } from '../../testing/harness';
import { withServerSql } from '../../testing/server-sql';

let server: TestServer;

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

/** The navigation as the session sees it (the XML site map, read as text). */
const navigationOf = async (client: TestClient) =>
  (await readResponse(await client.callback(command({ CommandType: 'Profile.Navigation.SiteMap.Xml' }))))
    .body;

/** Form 105 (Certificates) is closed to the operators' profile. */
const opensCertificates = async (client: TestClient) => (await client.fetch('api/v1/forms/105')).status;

describe('profile switching', () => {
  it('lists the profiles a user may act as, their own first, and the one the session acts as', async () => {
    const supervisor = await contextOf(await signedIn('supervisor'));
    expect(supervisor.Profiles).toEqual([
      { Id: SUPERVISOR_PROFILE_ID, Name: 'Quality supervisors' },
      { Id: OPERATOR_PROFILE_ID, Name: 'Operators' },
    ]);
    expect(supervisor.WebProfileId).toBe(SUPERVISOR_PROFILE_ID);
    const operator = await contextOf(await signedIn('operator'));
    expect(operator.Profiles).toEqual([{ Id: OPERATOR_PROFILE_ID, Name: 'Operators' }]);
  });

  it('switches the session’s profile: the navigation and the form access follow on the next request', async () => {
    const client = await signedIn('supervisor');
    expect(await navigationOf(client)).toContain('Certificates');
    expect(await opensCertificates(client)).toBe(200);

    const answer = await client.json('POST', 'api/v1/session/profile', { ProfileId: OPERATOR_PROFILE_ID });
    expect(answer.status).toBe(200);
    const switched = SessionContextSchema.parse(await answer.json());
    expect(switched.WebProfileId).toBe(OPERATOR_PROFILE_ID);
    // The user's own profile (a §3 user field) does not change.
    expect(switched.User.profileId).toBe(SUPERVISOR_PROFILE_ID);
    expect((await contextOf(client)).WebProfileId).toBe(OPERATOR_PROFILE_ID);
    expect(await navigationOf(client)).not.toContain('Certificates');
    expect(await opensCertificates(client)).toBe(403);

    const back = await client.json('POST', 'api/v1/session/profile', { ProfileId: SUPERVISOR_PROFILE_ID });
    expect(SessionContextSchema.parse(await back.json()).WebProfileId).toBe(SUPERVISOR_PROFILE_ID);
    expect(await opensCertificates(client)).toBe(200);
  });

  it('holds for that session only: another session of the same user and a new logon act as the own profile', async () => {
    const first = await signedIn('supervisor');
    const second = await signedIn('supervisor');
    await first.json('POST', 'api/v1/session/profile', { ProfileId: OPERATOR_PROFILE_ID });
    expect((await contextOf(first)).WebProfileId).toBe(OPERATOR_PROFILE_ID);
    expect((await contextOf(second)).WebProfileId).toBe(SUPERVISOR_PROFILE_ID);
    expect(await opensCertificates(second)).toBe(200);

    await first.logon('supervisor');
    expect((await contextOf(first)).WebProfileId).toBe(SUPERVISOR_PROFILE_ID);
  });

  it('refuses a profile the user does not have (403) or a malformed request (400), changing nothing', async () => {
    const operator = await signedIn('operator');
    const refused = await operator.json('POST', 'api/v1/session/profile', {
      ProfileId: SUPERVISOR_PROFILE_ID,
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ Code: 'FORBIDDEN', Message: 'You may not use profile 1.' });
    // A profile that does not exist answers the same: nothing is told about other profiles.
    const unknown = await operator.json('POST', 'api/v1/session/profile', { ProfileId: 999 });
    expect(unknown.status).toBe(403);
    for (const body of [{}, { ProfileId: 'two' }, { ProfileId: 0 }, { ProfileId: 1.5 }]) {
      const bad = await operator.json('POST', 'api/v1/session/profile', body);
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { Code: string }).Code).toBe('VALIDATION');
    }
    const withoutCsrf = await operator.json(
      'POST',
      'api/v1/session/profile',
      { ProfileId: OPERATOR_PROFILE_ID },
      { csrf: false },
    );
    expect(withoutCsrf.status).toBe(403);
    expect((await contextOf(operator)).WebProfileId).toBe(OPERATOR_PROFILE_ID);

    const supervisor = await signedIn('supervisor');
    const csrfRefused = await supervisor.json(
      'POST',
      'api/v1/session/profile',
      { ProfileId: OPERATOR_PROFILE_ID },
      { csrf: false },
    );
    expect(csrfRefused.status).toBe(403);
    expect((await contextOf(supervisor)).WebProfileId).toBe(SUPERVISOR_PROFILE_ID);
    const signedOut = new TestClient(() => server.url);
    expect((await signedOut.json('POST', 'api/v1/session/profile', { ProfileId: 1 })).status).toBe(401);
  });

  it('falls back to the own profile when the profile is taken away from the user', async () => {
    const client = await signedIn('supervisor');
    await client.json('POST', 'api/v1/session/profile', { ProfileId: OPERATOR_PROFILE_ID });
    await withServerSql(server, async (sql) => {
      expect(await sql.run('DELETE FROM user_profiles WHERE user_id = 1')).toBe(1);
      try {
        expect((await contextOf(client)).WebProfileId).toBe(SUPERVISOR_PROFILE_ID);
        expect(await opensCertificates(client)).toBe(200);
      } finally {
        await sql.run('INSERT INTO user_profiles (user_id, profile_id) VALUES (1, ?)', [OPERATOR_PROFILE_ID]);
      }
    });
  });
});
