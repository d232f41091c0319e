import { ApiErrorBodySchema, RecordSchema } from '@procedo/client-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInServer, type TestClient, type TestServer } from '../../testing/harness';
import { type ServerSql, withServerSql } from '../../testing/server-sql';

let server: TestServer;
let supervisor: TestClient;
let operator: TestClient;

beforeAll(async () => {
  ({ server, supervisor, operator } = await startSignedInServer());
});
afterAll(async () => {
  await server.close();
});

const withDb = <T>(work: (sql: ServerSql) => Promise<T>) => withServerSql(server, work);

const iso = (ms: number) => new Date(ms).toISOString();

/** The download at `ms`: status, and the body or the error code. */
async function downloadAt(client: TestClient, id: string, ms: number) {
  const response = await client.fetch(`api/v1/files/${id}?Timepoint=${encodeURIComponent(iso(ms))}`);
  const text = await response.text();
  return response.status === 200
    ? { status: 200, text }
    : { status: response.status, code: ApiErrorBodySchema.parse(JSON.parse(text)).Code };
}

describe('a file at a timepoint', () => {
  it('is the file a record held at T: 404 NOT_FOUND_AT_TIMEPOINT before it was attached, still served at T after it left', async () => {
    const ref = await supervisor.uploadFile('gmp.pdf', '%PDF-1.4 first');
    server.clock.advance(60_000);
    const uploaded = server.clock.now();
    server.clock.advance(60_000);
    const created = RecordSchema.parse(
      await (
        await supervisor.json('POST', 'api/v1/forms/105/records', {
          Values: { Title: 'GMP at T', Supplier: { Id: '1', Text: 'x' }, Document: ref },
        })
      ).json(),
    );
    const attached = server.clock.now();
    server.clock.advance(60_000);
    const other = await supervisor.uploadFile('gmp-2026.pdf', '%PDF-1.4 second');
    const replaced = await supervisor.json('PUT', `api/v1/forms/105/records/${created.Id}`, {
      Version: 1,
      Values: { Document: other },
    });
    expect(replaced.status).toBe(200);
    const moved = server.clock.now();
    server.clock.advance(60_000);

    // Uploaded but not yet attached at T: not business data then, even for its uploader.
    expect(await downloadAt(supervisor, ref.Id, uploaded)).toEqual({
      status: 404,
      code: 'NOT_FOUND_AT_TIMEPOINT',
    });
    expect(await downloadAt(supervisor, ref.Id, attached)).toEqual({ status: 200, text: '%PDF-1.4 first' });
    // Replaced later: still served at T; not at the replacement's time.
    expect(await downloadAt(supervisor, ref.Id, moved - 1)).toEqual({ status: 200, text: '%PDF-1.4 first' });
    expect(await downloadAt(supervisor, ref.Id, moved)).toEqual({
      status: 404,
      code: 'NOT_FOUND_AT_TIMEPOINT',
    });
    // The replacement did not exist at the first one's time.
    expect(await downloadAt(supervisor, other.Id, attached)).toEqual({
      status: 404,
      code: 'NOT_FOUND_AT_TIMEPOINT',
    });
    expect(await downloadAt(supervisor, other.Id, moved)).toEqual({ status: 200, text: '%PDF-1.4 second' });
    // Now, both are readable (the record's versions hold them).
    expect((await supervisor.fetch(`api/v1/files/${ref.Id}`)).status).toBe(200);

    // A user who may not open the certificates gets the unknown-file answer at any T.
    expect(await downloadAt(operator, ref.Id, attached)).toEqual({ status: 404, code: 'NOT_FOUND' });
    await withDb((sql) =>
      sql.run('INSERT INTO form_access (profile_id, web_template_no) VALUES (2, 105) ON CONFLICT DO NOTHING'),
    );
    try {
      expect(await downloadAt(operator, ref.Id, attached)).toEqual({ status: 200, text: '%PDF-1.4 first' });
      expect(await downloadAt(operator, ref.Id, uploaded)).toEqual({
        status: 404,
        code: 'NOT_FOUND_AT_TIMEPOINT',
      });
    } finally {
      await withDb((sql) =>
        sql.run('DELETE FROM form_access WHERE profile_id = 2 AND web_template_no = 105'),
      );
    }
  });

  it('answers a malformed Timepoint with 400 VALIDATION', async () => {
    const ref = await supervisor.uploadFile('bad.pdf', '%PDF-1.4');
    const response = await supervisor.fetch(`api/v1/files/${ref.Id}?Timepoint=2026-13-01`);
    expect(response.status).toBe(400);
    expect(ApiErrorBodySchema.parse(await response.json()).Code).toBe('VALIDATION');
  });

  it('refuses an upload at a timepoint with 409 READ_ONLY_TIMEPOINT and keeps nothing', async () => {
    const count = async () =>
      Number((await withDb((sql) => sql.get<{ n: number | string }>('SELECT count(*) AS n FROM files')))!.n);
    const before = await count();
    expect(Number.isInteger(before)).toBe(true);
    const byQuery = await supervisor.upload('late.pdf', '%PDF-1.4 late', {
      searchParams: { Timepoint: iso(server.clock.now()) },
    });
    expect(byQuery.status).toBe(409);
    expect(ApiErrorBodySchema.parse(await byQuery.json()).Code).toBe('READ_ONLY_TIMEPOINT');
    const byHeader = await supervisor.upload('late.pdf', '%PDF-1.4 late', {
      headers: { 'x-procedo-timepoint': iso(server.clock.now()) },
    });
    expect(byHeader.status).toBe(409);
    expect(await count()).toBe(before);
  });
});
