import { AuditTrailSchema, RecordSchema, SecurityEventPageSchema } from '@procedo/client-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInServer, type TestClient, type TestServer } from '../../testing/harness';
import { type ServerSql, withServerSql } from '../../testing/server-sql';
import { createDeviation, errorOf, newSupervisor, SECRET, sign } from './signing-test-support';

// signing.sqlite.test.ts also looks for SECRET in the bytes of the SQLite database file.

const changeSeverity = (client: TestClient, id: number, version: number, audit?: Record<string, string>) =>
  client.json('PUT', `api/v1/forms/103/records/${id}`, {
    Version: version,
    Values: { Severity: version % 2 === 0 ? 'Major' : 'Critical' },
    ...(audit ? { Audit: audit } : {}),
  });

const readVersion = async (client: TestClient, id: number) =>
  RecordSchema.parse(await (await client.fetch(`api/v1/forms/103/records/${id}`)).json()).Version;

/** Every table of the database, on either engine. */
async function tableNames(sql: ServerSql): Promise<string[]> {
  const rows =
    sql.engine === 'sqlite'
      ? await sql.all<{ name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite!_%' ESCAPE '!'",
        )
      : await sql.all<{ name: string }>(
          "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
        );
  return rows.map((row) => row.name);
}

/** The tables (and columns) of the database where `text` is stored, in any row, text or bytes. */
async function whereStored(server: TestServer, text: string): Promise<string[]> {
  return withServerSql(server, async (sql) => {
    const found: string[] = [];
    const tables = await tableNames(sql);
    expect(tables).toEqual(expect.arrayContaining(['records', 'record_versions', 'audit_events']));
    for (const table of tables) {
      for (const row of await sql.all(`SELECT * FROM "${table}"`)) {
        for (const [column, value] of Object.entries(row)) {
          const stored = Buffer.isBuffer(value)
            ? value.toString('latin1')
            : typeof value === 'string'
              ? value
              : JSON.stringify(value);
          if (stored?.includes(text)) found.push(`${table}.${column}`);
        }
      }
    }
    return found;
  });
}

describe('SignatureRequiresPassword off (the default)', () => {
  let server: TestServer;
  let supervisor: TestClient;
  beforeAll(async () => {
    ({ server, supervisor } = await startSignedInServer());
  });
  afterAll(async () => {
    await server.close();
  });

  it('signs with the legal name and a reason alone: no password is asked', async () => {
    const created = await createDeviation(supervisor, sign());
    expect(created.status).toBe(201);
    const { Id } = RecordSchema.parse(await created.json());
    expect((await changeSeverity(supervisor, Id, 1, sign())).status).toBe(200);
  });

  it('counts a wrong legal name as a failed attempt and says how many are left; nothing is saved', async () => {
    const client = await newSupervisor(server);
    const { Id } = RecordSchema.parse(await (await createDeviation(client, sign())).json());
    const wrong = await errorOf(
      await changeSeverity(client, Id, 1, sign({ AuditDataChangeESig: 'Olive Operator' })),
    );
    expect(wrong).toMatchObject({ status: 403, Code: 'AUDIT_SIGNATURE_MISMATCH' });
    expect(wrong.Message).toContain('2 attempts left');
    expect(await readVersion(client, Id)).toBe(1);
  });
});

describe('SignatureRequiresPassword on', () => {
  let server: TestServer;
  let supervisor: TestClient;
  let operator: TestClient;
  const log: Record<string, unknown>[] = [];
  const rawLog: string[] = [];
  beforeAll(async () => {
    ({ server, supervisor, operator } = await startSignedInServer({
      signatureRequiresPassword: true,
      logLevel: 'debug',
      logDestination: {
        write: (line: string) => {
          rawLog.push(line);
          log.push(JSON.parse(line));
        },
      },
    }));
  });
  afterAll(async () => {
    await server.close();
  });

  it('asks for the password on the first signing of a session, not on the next; after a lock, again', async () => {
    const client = await newSupervisor(server);
    const missing = await errorOf(await createDeviation(client, sign()));
    expect(missing).toMatchObject({ status: 400, Code: 'SIGNATURE_PASSWORD_REQUIRED' });
    expect(missing.Issues).toEqual([expect.objectContaining({ path: ['Audit', 'AuditDataChangePassword'] })]);

    const created = await createDeviation(client, sign({ AuditDataChangePassword: 'demo' }));
    expect(created.status).toBe(201);
    const { Id } = RecordSchema.parse(await created.json());
    // The same session: the legal name and a reason are enough (21 CFR 11.200(a)(1)(i)).
    expect((await changeSeverity(client, Id, 1, sign())).status).toBe(200);

    // The lock screen signs in again with the old cookie: a new session, so the password again.
    await client.logon('supervisor');
    expect(await errorOf(await changeSeverity(client, Id, 2, sign()))).toMatchObject({
      status: 400,
      Code: 'SIGNATURE_PASSWORD_REQUIRED',
    });
    expect(await readVersion(client, Id)).toBe(2);
    expect((await changeSeverity(client, Id, 2, sign({ AuditDataChangePassword: 'demo' }))).status).toBe(200);
  });

  it('blocks signing after three failed attempts in a row; the block holds for a right one; unsigned work goes on', async () => {
    const client = await newSupervisor(server);
    const { Id } = RecordSchema.parse(
      await (await createDeviation(client, sign({ AuditDataChangePassword: 'demo' }))).json(),
    );
    const attempts = [
      sign({ AuditDataChangeESig: 'Olive Operator' }),
      sign({ AuditDataChangeESig: 'Sam' }),
      // A password given although not needed any more is not checked; a wrong name is.
      sign({ AuditDataChangeESig: 'Nobody', AuditDataChangePassword: SECRET }),
    ];
    const answers = [];
    for (const audit of attempts) answers.push(await errorOf(await changeSeverity(client, Id, 1, audit)));
    expect(answers.map((answer) => answer.Code)).toEqual([
      'AUDIT_SIGNATURE_MISMATCH',
      'AUDIT_SIGNATURE_MISMATCH',
      'SIGNING_BLOCKED',
    ]);
    const right = await errorOf(
      await changeSeverity(client, Id, 1, sign({ AuditDataChangePassword: 'demo' })),
    );
    expect(right).toMatchObject({ status: 403, Code: 'SIGNING_BLOCKED' });
    expect(right.Message).toContain('blocked for this session');
    expect(await readVersion(client, Id)).toBe(1);

    // Reads and writes without a signature keep working in the blocked session.
    const unsigned = await client.json('PUT', `api/v1/forms/103/records/${Id}`, {
      Version: 1,
      Values: { Description: 'Still editable.' },
    });
    expect(unsigned.status).toBe(200);

    const page = SecurityEventPageSchema.parse(
      await (await supervisor.fetch('api/v1/security-events?limit=500')).json(),
    );
    const mine = page.Items.filter((event) => event.RecordId === Id);
    expect(mine.map((event) => [event.Kind, event.Cause])).toEqual([
      ['blocked_attempt', null],
      ['signing_blocked', null],
      ['signature_failed', 'legal_name'],
      ['signature_failed', 'legal_name'],
      ['signature_failed', 'legal_name'],
    ]);
    const context = (await (await client.fetch('api/v1/session')).json()) as { SessionId: string };
    for (const event of mine) {
      expect(event).toMatchObject({
        UserName: 'supervisor',
        SessionId: context.SessionId,
        Address: expect.stringMatching(/127\.0\.0\.1/),
        WebTemplateNo: 103,
      });
      expect(Date.parse(event.AtUtc)).toBe(server.clock.now());
    }
    // The session's token is not in it (the cookie's second part).
    const token = client.cookies.get('procedo_session')?.split('.')[1] ?? 'no-cookie';
    expect(JSON.stringify(page)).not.toContain(token);
  });

  it('counts a wrong password as a failed attempt and a success starts the count again', async () => {
    const client = await newSupervisor(server);
    const { Id } = RecordSchema.parse(
      await (await createDeviation(client, sign({ AuditDataChangePassword: 'demo' }))).json(),
    );
    // Sign out and in: the next signature needs the password again.
    await client.logon('supervisor');
    const wrong = await errorOf(
      await changeSeverity(client, Id, 1, sign({ AuditDataChangePassword: SECRET })),
    );
    expect(wrong).toMatchObject({ status: 403, Code: 'SIGNATURE_REJECTED' });
    expect(wrong.Message).toContain('2 attempts left');
    expect(
      (await errorOf(await changeSeverity(client, Id, 1, sign({ AuditDataChangeESig: 'x' })))).Message,
    ).toContain('1 attempt left');
    expect((await changeSeverity(client, Id, 1, sign({ AuditDataChangePassword: 'demo' }))).status).toBe(200);
    // Two more failures after the success do not block: the count started again.
    for (const name of ['a', 'b']) {
      expect(
        (await errorOf(await changeSeverity(client, Id, 2, sign({ AuditDataChangeESig: name })))).Code,
      ).toBe('AUDIT_SIGNATURE_MISMATCH');
    }
    expect((await changeSeverity(client, Id, 2, sign())).status).toBe(200);

    const page = SecurityEventPageSchema.parse(
      await (await supervisor.fetch('api/v1/security-events?limit=500')).json(),
    );
    expect(
      page.Items.filter((event) => event.RecordId === Id)
        .map((event) => event.Cause)
        .reverse(),
    ).toEqual(['password', 'legal_name', 'legal_name', 'legal_name']);
  });

  it('keeps the password out of the versions, the audit trail, the database and the log', async () => {
    const client = await newSupervisor(server);
    const created = await createDeviation(client, sign({ AuditDataChangePassword: SECRET }));
    expect((await errorOf(created)).Code).toBe('SIGNATURE_REJECTED');
    const saved = await createDeviation(client, sign({ AuditDataChangePassword: 'demo' }));
    const { Id } = RecordSchema.parse(await saved.json());
    const trail = AuditTrailSchema.parse(
      await (await client.fetch(`api/v1/forms/103/records/${Id}/audit`)).json(),
    );
    expect(trail.Items.find((event) => event.Signature !== null)).toMatchObject({
      Signature: 'Sam Supervisor',
      Reason: 'Reviewed',
    });
    expect(JSON.stringify(trail)).not.toMatch(/demo|Password/);
    const versions = await (await client.fetch(`api/v1/forms/103/records/${Id}/versions`)).text();
    expect(versions).not.toMatch(/demo|Password/);
    // The scan itself is checked: it finds what a request did store.
    expect(await whereStored(server, 'Reviewed')).toContain('audit_events.reason');
    expect(await whereStored(server, SECRET)).toEqual([]);
    expect(rawLog.length).toBeGreaterThan(0);
    expect(rawLog.join('\n')).not.toContain(SECRET);
    expect(log.some((line) => line.msg === 'request')).toBe(true);
  });

  it('lists the security events to supervisors only, newest first, by pages', async () => {
    expect(await errorOf(await operator.fetch('api/v1/security-events'))).toMatchObject({
      status: 403,
      Code: 'FORBIDDEN',
    });
    const all = SecurityEventPageSchema.parse(
      await (await supervisor.fetch('api/v1/security-events?limit=500')).json(),
    );
    expect(all.Items.length).toBeGreaterThan(3);
    const ids = all.Items.map((event) => event.Id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const seen: number[] = [];
    let beforeId: number | null = null;
    do {
      const query: string = beforeId === null ? 'limit=2' : `limit=2&beforeId=${beforeId}`;
      const page = SecurityEventPageSchema.parse(
        await (await supervisor.fetch(`api/v1/security-events?${query}`)).json(),
      );
      expect(page.Items.length).toBeLessThanOrEqual(2);
      seen.push(...page.Items.map((event) => event.Id));
      beforeId = page.NextBeforeId;
    } while (beforeId !== null);
    expect(seen).toEqual(ids);
    expect((await supervisor.fetch('api/v1/security-events?limit=0')).status).toBe(400);
  });

  it('keeps the security events append-only in the database', async () => {
    await withServerSql(server, async (sql) => {
      const before = await sql.all('SELECT * FROM security_events ORDER BY id');
      expect(before.length).toBeGreaterThan(0);
      await expect(sql.run('DELETE FROM security_events')).rejects.toThrow(/append-only/);
      await expect(sql.run("UPDATE security_events SET user_name = 'x'")).rejects.toThrow(/append-only/);
      expect(await sql.all('SELECT * FROM security_events ORDER BY id')).toEqual(before);
    });
  });
});
