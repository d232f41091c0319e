import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERACTION_TOUR } from '../db/seed-processes';
import { startSignedInServer, type TestClient, type TestServer } from '../testing/harness';
import { withServerSql } from '../testing/server-sql';
import { IDEMPOTENCY_ABANDONED_MS, IDEMPOTENCY_RETENTION_MS } from './idempotency';

let server: TestServer;
let supervisor: TestClient;
let operator: TestClient;

beforeAll(async () => {
  ({ server, supervisor, operator } = await startSignedInServer());
});
afterAll(async () => {
  await server.close();
});

const PROCESSES = 'api/v1/user/system/user-processes';
const BOUNDARY = '----procedo-idempotency-boundary';

async function count(table: string): Promise<number> {
  const row = await withServerSql(server, (sql) =>
    sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`),
  );
  return Number(row?.n);
}

const keyRows = () => count('idempotency_keys');

/** A JSON POST with an `Idempotency-Key` header (the raw header value as given). */
function post(client: TestClient, pathname: string, body: unknown, key?: string) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-csrf-token': client.cookies.get('procedo_csrf')!,
  };
  if (key !== undefined) headers['idempotency-key'] = key;
  return client.fetch(pathname, { method: 'POST', headers, body: JSON.stringify(body) });
}

const createRecord = (client: TestClient, name: string, key?: string) =>
  post(client, 'api/v1/forms/102/records', { Values: { Name: name, Status: 'Approved' } }, key);

async function tourCommandId(): Promise<number> {
  const response = await supervisor.fetch(`${PROCESSES}/lookup/commands/creatable-as-process?$orderby=Name`);
  const commands = (await response.json()) as { Id: number; Name: string }[];
  return commands.find((command) => command.Name === INTERACTION_TOUR)!.Id;
}

const upload = (client: TestClient, name: string, content: string, key: string) =>
  client.upload(name, content, { headers: { 'idempotency-key': key } });

async function answer(response: Response) {
  return { status: response.status, body: await response.json() };
}

describe('Idempotency-Key on record create', () => {
  it('replays the first answer for the same key and body, and stores one record', async () => {
    const before = await count('records');
    const first = await answer(await createRecord(supervisor, 'Idem once', '"record-1"'));
    const again = await createRecord(supervisor, 'Idem once', '"record-1"');
    expect(first.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await answer(again)).toEqual(first);
    expect(await count('records')).toBe(before + 1);
  });

  it('refuses the same key with another body with 422 and stores nothing', async () => {
    await createRecord(supervisor, 'Idem first', '"record-2"');
    const before = await count('records');
    const other = await answer(await createRecord(supervisor, 'Idem other', '"record-2"'));
    expect(other).toEqual({
      status: 422,
      body: {
        Code: 'IDEMPOTENCY_KEY_REUSED',
        Message:
          'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
      },
    });
    expect(await count('records')).toBe(before);
  });

  it('keeps keys per user: another user with the same key creates their own record', async () => {
    const before = await count('records');
    const mine = await answer(await createRecord(supervisor, 'Idem shared', '"shared-key"'));
    const theirs = await answer(await createRecord(operator, 'Idem shared', '"shared-key"'));
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.body.Id).not.toBe(mine.body.Id);
    expect(await count('records')).toBe(before + 2);
  });

  it('runs every request without a key, as before', async () => {
    const before = await count('records');
    expect((await createRecord(supervisor, 'No key')).status).toBe(201);
    expect((await createRecord(supervisor, 'No key')).status).toBe(201);
    expect(await count('records')).toBe(before + 2);
  });

  it.each([
    ['an unquoted token', 'record-3'],
    ['an empty string', '""'],
    ['a key over 255 characters', `"${'k'.repeat(256)}"`],
    ['two keys', '"a", "b"'],
    ['a non-ASCII key', '"schlüssel"'],
  ])('answers 400 IDEMPOTENCY_KEY_INVALID for %s and stores nothing', async (_what, key) => {
    const before = await count('records');
    const keys = await keyRows();
    const response = await answer(await createRecord(supervisor, 'Bad key', key));
    expect(response.status).toBe(400);
    expect(response.body.Code).toBe('IDEMPOTENCY_KEY_INVALID');
    expect(await count('records')).toBe(before);
    expect(await keyRows()).toBe(keys);
  });

  it('accepts a key of 255 characters with escaped quotes', async () => {
    const key = `"${'\\"'.repeat(10)}${'k'.repeat(245)}"`;
    expect((await createRecord(supervisor, 'Long key', key)).status).toBe(201);
  });

  it('frees the key when the create fails, so a corrected retry with it runs', async () => {
    const before = await count('records');
    const bad = await post(supervisor, 'api/v1/forms/102/records', { Values: { Nope: 1 } }, '"fails-first"');
    expect(bad.status).toBeGreaterThanOrEqual(400);
    const retry = await post(
      supervisor,
      'api/v1/forms/102/records',
      { Values: { Nope: 1 } },
      '"fails-first"',
    );
    expect(retry.status).toBe(bad.status);
    expect(await count('records')).toBe(before);
    const corrected = await createRecord(supervisor, 'Idem corrected', '"fails-first"');
    expect(corrected.status).toBe(201);
    expect(corrected.headers.get('idempotent-replayed')).toBeNull();
    expect(await count('records')).toBe(before + 1);
  });

  it('treats the same key on another endpoint as another request (422)', async () => {
    await createRecord(supervisor, 'Idem endpoint', '"endpoint-key"');
    const id = await tourCommandId();
    const response = await post(
      supervisor,
      `${PROCESSES}/command/create-process?originatingCommandId=${id}`,
      {},
      '"endpoint-key"',
    );
    expect(response.status).toBe(422);
  });

  it('answers 409 for a claim a crash left unanswered, and runs the create once it is abandoned', async () => {
    // What a crash between the claim and the stored answer leaves behind.
    await withServerSql(server, (sql) =>
      sql.run(
        `INSERT INTO idempotency_keys (user_id, key, method, path, fingerprint, created_at)
         SELECT id, 'crashed', 'POST', '/api/v1/forms/102/records', 'x', ? FROM users WHERE name = 'supervisor'`,
        [new Date(server.clock.now()).toISOString()],
      ),
    );
    const before = await count('records');
    const during = await answer(await createRecord(supervisor, 'Idem crashed', '"crashed"'));
    expect(during.status).toBe(409);
    expect(during.body.Code).toBe('IDEMPOTENCY_IN_PROGRESS');
    server.clock.advance(IDEMPOTENCY_ABANDONED_MS + 1000);
    expect((await createRecord(supervisor, 'Idem crashed', '"crashed"')).status).toBe(201);
    expect(await count('records')).toBe(before + 1);
  });

  it('prunes keys older than the retention: the key then runs as new', async () => {
    const before = await count('records');
    await createRecord(supervisor, 'Idem expiring', '"expiring"');
    server.clock.advance(IDEMPOTENCY_RETENTION_MS + 1000);
    // A day later the sessions have ended too.
    await supervisor.logon();
    await operator.logon('operator');
    // Any claim prunes what has expired; this one is the expired key's own retry.
    const later = await createRecord(supervisor, 'Idem expiring', '"expiring"');
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(await count('records')).toBe(before + 2);
    const oldest = await withServerSql(server, (sql) =>
      sql.get<{ at: string }>('SELECT MIN(created_at) AS at FROM idempotency_keys'),
    );
    expect(Date.parse(oldest!.at)).toBeGreaterThanOrEqual(server.clock.now() - IDEMPOTENCY_RETENTION_MS);
  });
});

describe('Idempotency-Key on process create', () => {
  it('replays the same create and stores one process; another body is 422', async () => {
    const id = await tourCommandId();
    const url = `${PROCESSES}/command/create-process?originatingCommandId=${id}`;
    const before = await count('processes');
    const first = await answer(await post(supervisor, url, {}, '"process-1"'));
    expect(first.status).toBe(201);
    expect(await answer(await post(supervisor, url, {}, '"process-1"'))).toEqual(first);
    expect(await count('processes')).toBe(before + 1);
    const other = await post(supervisor, `${url}&mode=0`, {}, '"process-1"');
    expect(other.status).toBe(422);
    expect(await count('processes')).toBe(before + 1);
  });
});

describe('Idempotency-Key on upload', () => {
  it('replays the same file and stores one; another file with the key is 422', async () => {
    const before = await count('files');
    const first = await answer(await upload(supervisor, 'idem.txt', 'same bytes', '"upload-1"'));
    expect(first.status).toBe(201);
    expect(await answer(await upload(supervisor, 'idem.txt', 'same bytes', '"upload-1"'))).toEqual(first);
    expect(await count('files')).toBe(before + 1);
    const other = await upload(supervisor, 'idem.txt', 'other bytes', '"upload-1"');
    expect(other.status).toBe(422);
    expect(await count('files')).toBe(before + 1);
  });

  it('answers 400 IDEMPOTENCY_KEY_INVALID for a malformed key and stores no file', async () => {
    const before = await count('files');
    const response = await answer(await upload(supervisor, 'bad-key.txt', 'bytes', 'unquoted'));
    expect(response.status).toBe(400);
    expect(response.body.Code).toBe('IDEMPOTENCY_KEY_INVALID');
    expect(await count('files')).toBe(before);
  });

  it('answers 409 while the first upload with the key is still arriving, then replays it', async () => {
    const before = await count('files');
    const head = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="held.txt"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\nheld bytes',
    );
    const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
    const request = http.request(new URL('api/v1/files', server.url), {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': head.length + tail.length,
        cookie: [...supervisor.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        'x-csrf-token': supervisor.cookies.get('procedo_csrf')!,
        'idempotency-key': '"held"',
      },
    });
    const firstAnswer = new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      request.on('error', reject);
      request.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      });
    });
    request.write(head);
    // The claim is written before the body is read: wait for it, then try the key again.
    const deadline = Date.now() + 8_000;
    while ((await keyRowsFor('held')) === 0) {
      if (Date.now() > deadline) throw new Error('gave up waiting for the claim');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const concurrent = await answer(await upload(supervisor, 'held.txt', 'held bytes', '"held"'));
    expect(concurrent.status).toBe(409);
    expect(concurrent.body.Code).toBe('IDEMPOTENCY_IN_PROGRESS');
    request.end(tail);
    const first = await firstAnswer;
    expect(first.status).toBe(201);
    expect(await answer(await upload(supervisor, 'held.txt', 'held bytes', '"held"'))).toEqual(first);
    expect(await count('files')).toBe(before + 1);
  });
});

async function keyRowsFor(key: string): Promise<number> {
  const row = await withServerSql(server, (sql) =>
    sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM idempotency_keys WHERE key = ?', [key]),
  );
  return Number(row?.n);
}
