import {
  OwnAccountSchema,
  UserAccountSchema,
  UserChoicesSchema,
  UserConflictBodySchema,
  UserDetailSchema,
  UsersPageSchema,
} from '@procedo/client-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  command,
  readResponse,
  startSignedInServer,
  TestClient,
  type TestServer,
} from '../../testing/harness';
import { type ServerSql, withServerSql } from '../../testing/server-sql';
import { LAST_USER_ADMIN_MESSAGE, NAME_TAKEN_MESSAGE, SELF_DISABLE_MESSAGE } from './users-service';

let server: TestServer;
let supervisor: TestClient;
let operator: TestClient;

beforeAll(async () => {
  ({ server, supervisor, operator } = await startSignedInServer());
});
afterAll(() => server.close());

const SUPERVISOR_ID = 1;
const OPERATOR_ID = 2;
const TRANSLATOR_ID = 3;

const withDb = <T>(work: (sql: ServerSql) => Promise<T>) => withServerSql(server, work);

async function detail(id: number) {
  const response = await supervisor.fetch(`api/v1/users/${id}`);
  expect(response.status).toBe(200);
  return UserDetailSchema.parse(await response.json());
}

const storedRow = (id: number) => withDb((sql) => sql.get('SELECT * FROM users WHERE id = ?', [id]));
const auditCount = async () =>
  (await withDb((sql) => sql.get<{ n: number }>('SELECT count(*) AS n FROM user_audit_events')))?.n;

describe('user administration', () => {
  it('refuses every administration call of a user without the user-admin role (403), before reading a body', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', 'api/v1/users'],
      ['GET', 'api/v1/users/choices'],
      ['GET', `api/v1/users/${SUPERVISOR_ID}`],
      ['PATCH', `api/v1/users/${OPERATOR_ID}`, { Version: 1, jobTitle: 'Boss' }],
      ['PATCH', `api/v1/users/${OPERATOR_ID}`, { nonsense: true }],
      ['POST', 'api/v1/users', { name: 'mallory' }],
      ['POST', `api/v1/users/${SUPERVISOR_ID}/disable`],
      ['POST', `api/v1/users/${OPERATOR_ID}/enable`],
    ];
    for (const [method, url, body] of calls) {
      const response = await operator.json(method, url, body);
      expect(response.status, `${method} ${url}`).toBe(403);
      expect(((await response.json()) as { Code: string }).Code).toBe('FORBIDDEN');
    }
    expect(((await storedRow(OPERATOR_ID)) as { job_title: string }).job_title).toBe('Production Operator');
  });

  it('offers Administration › Users in the navigation to user administrators only', async () => {
    const siteMapXml = async (client: TestClient) =>
      (await readResponse(await client.callback(command({ CommandType: 'Profile.Navigation.SiteMap.Xml' }))))
        .resultXml ?? '';
    expect(await siteMapXml(supervisor)).toContain('Url="/form?WebTemplateNo=901"');
    // The translator has the operators' profile but not the role; the supervisor's role is what counts.
    const translator = new TestClient(() => server.url);
    await translator.logon('translator');
    expect(await siteMapXml(translator)).not.toContain('WebTemplateNo=901');
  });

  it('lists users in name order, a page at a time, filtered by text', async () => {
    const first = UsersPageSchema.parse(await (await supervisor.fetch('api/v1/users?limit=2')).json());
    expect(first.Users.map((u) => u.name)).toEqual(['operator', 'supervisor']);
    expect(first.NextCursor).not.toBeNull();
    const next = UsersPageSchema.parse(
      await (await supervisor.fetch(`api/v1/users?limit=2&cursor=${first.NextCursor}`)).json(),
    );
    expect(next.Users.map((u) => u.name)).toEqual(['translator']);
    expect(next.NextCursor).toBeNull();
    const found = UsersPageSchema.parse(await (await supervisor.fetch('api/v1/users?text=DACH')).json());
    expect(found.Users.map((u) => u.name)).toEqual(['translator']);
    expect(found.Users[0]).toMatchObject({ profileName: 'Operators', roles: ['translation-admin'] });
    expect((await supervisor.fetch('api/v1/users?cursor=nonsense')).status).toBe(400);
  });

  it('offers the profiles, the database languages and the roles', async () => {
    const choices = UserChoicesSchema.parse(await (await supervisor.fetch('api/v1/users/choices')).json());
    expect(choices.Profiles.map((p) => p.Name)).toEqual(['Operators', 'Quality supervisors']);
    expect(choices.Languages).toContain('en');
    expect(choices.Roles).toContain('user-admin');
  });

  it('stores an edit with the next row version and one audit row per changed field, in the same answer', async () => {
    const before = (await detail(OPERATOR_ID)).User;
    const response = await supervisor.json('PATCH', `api/v1/users/${OPERATOR_ID}`, {
      Version: before.version,
      jobTitle: '  Senior Production Operator ',
      department: before.department, // unchanged: no audit row
      isSupervisor: true,
      roles: ['design'],
    });
    expect(response.status).toBe(200);
    const after = UserAccountSchema.parse(await response.json());
    expect(after).toMatchObject({
      jobTitle: 'Senior Production Operator',
      isSupervisor: true,
      roles: ['design'],
      version: before.version + 1,
    });
    const { History } = await detail(OPERATOR_ID);
    expect(History.map((e) => [e.Field, e.OldValue, e.NewValue, e.ChangedBy])).toEqual(
      expect.arrayContaining([
        ['jobTitle', 'Production Operator', 'Senior Production Operator', 'supervisor'],
        ['isSupervisor', 'false', 'true', 'supervisor'],
        ['roles', '', 'design', 'supervisor'],
      ]),
    );
    expect(History).toHaveLength(3);
    expect(History[0]!.ChangedAt).toBe(new Date(server.clock.now()).toISOString());
    // The operator's next request sees the new rights (the session reads the user each time).
    const context = (await (await operator.fetch('api/v1/session')).json()) as { Roles: string[] };
    expect(context.Roles).toEqual(['design']);
  });

  it('answers a rule broken per field (400 with Issues) and stores nothing', async () => {
    const before = await storedRow(TRANSLATOR_ID);
    const events = await auditCount();
    const { version } = (await detail(TRANSLATOR_ID)).User;
    const response = await supervisor.json('PATCH', `api/v1/users/${TRANSLATOR_ID}`, {
      Version: version,
      jobTitle: 'Lead translator', // valid, but the edit is refused as a whole
      legalName: '   ',
      emailBusiness: 'not-an-address',
      mobileTel: '+49 151 CALL-ME',
      language: 'Klingon!',
      department: 'x'.repeat(101),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { Code: string; Issues: { path: string[]; message: string }[] };
    expect(body.Code).toBe('VALIDATION');
    expect(Object.fromEntries(body.Issues.map((i) => [i.path.join('.'), i.message]))).toEqual({
      legalName: 'Enter a value',
      emailBusiness: 'Enter an e-mail address such as name@example.com',
      mobileTel: 'Use digits, spaces and + ( ) - . / only',
      language: 'Choose a language',
      department: 'Use at most 100 characters',
    });
    expect(await storedRow(TRANSLATOR_ID)).toEqual(before);
    expect(await auditCount()).toBe(events);
  });

  it('refuses a taken name (case-insensitive), an unknown profile and a language the database lacks, per field', async () => {
    const before = await storedRow(TRANSLATOR_ID);
    const events = await auditCount();
    const { version } = (await detail(TRANSLATOR_ID)).User;
    const response = await supervisor.json('PATCH', `api/v1/users/${TRANSLATOR_ID}`, {
      Version: version,
      name: 'SUPERVISOR',
      profileId: 999,
      language: 'xx',
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { Issues: { path: string[]; message: string }[] };
    expect(Object.fromEntries(body.Issues.map((i) => [i.path.join('.'), i.message]))).toEqual({
      name: NAME_TAKEN_MESSAGE,
      profileId: 'Choose one of the profiles',
      // The list is the database's: `en` today, more once it has a languages table.
      language: expect.stringMatching(/^Choose one of the database's languages \(.*\ben\b.*\)$/),
    });
    expect(await storedRow(TRANSLATOR_ID)).toEqual(before);
    expect(await auditCount()).toBe(events);
  });

  it('answers a stale edit with 409 and the user as stored, and stores nothing', async () => {
    const { version } = (await detail(TRANSLATOR_ID)).User;
    const first = await supervisor.json('PATCH', `api/v1/users/${TRANSLATOR_ID}`, {
      Version: version,
      region: 'Nordics',
    });
    expect(first.status).toBe(200);
    const stale = await supervisor.json('PATCH', `api/v1/users/${TRANSLATOR_ID}`, {
      Version: version,
      region: 'APAC',
    });
    expect(stale.status).toBe(409);
    const body = UserConflictBodySchema.parse(await stale.json());
    expect(body.Current).toMatchObject({ region: 'Nordics', version: version + 1 });
    expect(((await storedRow(TRANSLATOR_ID)) as { region: string }).region).toBe('Nordics');
  });

  it('makes an edit opened before the user changed their own preferences stale (409)', async () => {
    const { version } = (await detail(OPERATOR_ID)).User;
    expect((await operator.json('PATCH', 'api/v1/session/preferences', { ui: 'classic' })).status).toBe(200);
    const stale = await supervisor.json('PATCH', `api/v1/users/${OPERATOR_ID}`, {
      Version: version,
      region: 'APAC',
    });
    expect(stale.status).toBe(409);
    expect(UserConflictBodySchema.parse(await stale.json()).Current.preferences.ui).toBe('classic');
  });

  it('disables a user: their open session’s next request is 401, their logon is refused; enabling lets them back', async () => {
    const translator = new TestClient(() => server.url);
    await translator.logon('translator');
    const second = new TestClient(() => server.url);
    await second.logon('translator');
    const response = await supervisor.json('POST', `api/v1/users/${TRANSLATOR_ID}/disable`);
    expect(response.status).toBe(200);
    expect(UserAccountSchema.parse(await response.json()).isDisabled).toBe(true);
    // Deleted in the disabling request itself, not at some later check.
    expect(
      await withDb((sql) => sql.get('SELECT count(*) AS n FROM sessions WHERE user_id = ?', [TRANSLATOR_ID])),
    ).toEqual({ n: 0 });
    for (const client of [translator, second]) {
      const next = await client.fetch('api/v1/session');
      expect(next.status).toBe(401);
      expect(((await next.json()) as { Code: string }).Code).toBe('NOT_LOGGED_ON');
    }
    await expect(new TestClient(() => server.url).logon('translator')).rejects.toThrow(/401/);
    expect((await detail(TRANSLATOR_ID)).History[0]).toMatchObject({
      Field: 'isDisabled',
      OldValue: 'false',
      NewValue: 'true',
    });

    expect((await supervisor.json('POST', `api/v1/users/${TRANSLATOR_ID}/enable`)).status).toBe(200);
    await new TestClient(() => server.url).logon('translator');
  });

  it('refuses to let administrators disable themselves or remove the last user-admin right (400)', async () => {
    const selfDisable = await supervisor.json('POST', `api/v1/users/${SUPERVISOR_ID}/disable`);
    expect(selfDisable.status).toBe(400);
    expect(((await selfDisable.json()) as { Message: string }).Message).toBe(SELF_DISABLE_MESSAGE);

    const { version } = (await detail(SUPERVISOR_ID)).User;
    const lastAdmin = await supervisor.json('PATCH', `api/v1/users/${SUPERVISOR_ID}`, {
      Version: version,
      roles: ['design'],
    });
    expect(lastAdmin.status).toBe(400);
    const body = (await lastAdmin.json()) as { Issues: { path: string[]; message: string }[] };
    expect(body.Issues).toEqual([
      { code: 'last_user_admin', path: ['roles'], message: LAST_USER_ADMIN_MESSAGE },
    ]);
    expect((await detail(SUPERVISOR_ID)).User).toMatchObject({ isDisabled: false, version });
    expect((await (await supervisor.fetch('api/v1/session')).json()).Roles).toContain('user-admin');
  });

  it('creates a user who signs on with the initial password, audited as created', async () => {
    const response = await supervisor.json('POST', 'api/v1/users', {
      name: 'new.analyst',
      legalName: 'Nina Analyst',
      profileId: 2,
      password: 'first-password',
      emailBusiness: 'nina@procedo.example',
    });
    expect(response.status).toBe(201);
    const created = UserAccountSchema.parse(await response.json());
    expect(created).toMatchObject({ name: 'new.analyst', profileName: 'Operators', isDisabled: false });
    expect((await detail(created.id)).History.map((e) => [e.Field, e.NewValue])).toEqual([
      ['created', 'new.analyst'],
    ]);
    await new TestClient(() => server.url).logon('new.analyst', 'first-password');

    const duplicate = await supervisor.json('POST', 'api/v1/users', {
      name: 'NEW.ANALYST',
      legalName: 'Someone Else',
      profileId: 2,
      password: 'short',
    });
    expect(duplicate.status).toBe(400);
    const issues = ((await duplicate.json()) as { Issues: { path: string[] }[] }).Issues;
    expect(issues.map((i) => i.path.join('.'))).toEqual(['password']);
  });

  it('shows every signed-in user their own account, without a role', async () => {
    const response = await operator.fetch('api/v1/users/me');
    expect(response.status).toBe(200);
    const own = OwnAccountSchema.parse(await response.json());
    expect(own.User).toMatchObject({ id: OPERATOR_ID, name: 'operator', profileName: 'Operators' });
    expect(own.Languages).toContain('en');
  });

  it("accepts the languages of the database's languages table once it has one", async () => {
    await withDb((sql) =>
      sql.run(
        "INSERT INTO languages (code, name, is_default) VALUES ('en', 'English', 1), ('de', 'Deutsch', 0) ON CONFLICT DO NOTHING",
      ),
    );
    const choices = UserChoicesSchema.parse(await (await supervisor.fetch('api/v1/users/choices')).json());
    expect(choices.Languages).toEqual(expect.arrayContaining(['de', 'en']));
    const { version } = (await detail(OPERATOR_ID)).User;
    const response = await supervisor.json('PATCH', `api/v1/users/${OPERATOR_ID}`, {
      Version: version,
      language: 'de',
    });
    expect(response.status).toBe(200);
    expect(UserAccountSchema.parse(await response.json()).preferences.language).toBe('de');
  });

  it('keeps the user audit trail append-only', async () => {
    await detail(OPERATOR_ID);
    await withDb(async (sql) => {
      const event = await sql.get<{ id: number }>('SELECT * FROM user_audit_events ORDER BY id LIMIT 1');
      await expect(sql.run("UPDATE user_audit_events SET new_value = 'forged'")).rejects.toThrow(
        /append-only/,
      );
      await expect(sql.run('DELETE FROM user_audit_events')).rejects.toThrow(/append-only/);
      const row = `(id, user_id, field, old_value, new_value, changed_by_id, changed_by_name, at_utc)
               VALUES (?, 2, 'jobTitle', '', 'forged', 1, 'mallory', '2020-01-01T00:00:00.000Z')`;
      // Each engine's way to overwrite a row by its key: a replace on SQLite, an upsert on PostgreSQL.
      const overwrites =
        sql.engine === 'sqlite'
          ? [`INSERT OR REPLACE INTO user_audit_events ${row}`, `REPLACE INTO user_audit_events ${row}`]
          : [
              `INSERT INTO user_audit_events ${row} ON CONFLICT (id) DO UPDATE SET new_value = excluded.new_value`,
            ];
      for (const statement of overwrites) {
        await expect(sql.run(statement, [event!.id])).rejects.toThrow(/append-only/);
      }
      expect(await sql.get('SELECT * FROM user_audit_events WHERE id = ?', [event!.id])).toEqual(event);
    });
  });
});
