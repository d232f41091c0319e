import { ApiErrorBodySchema, RecordSchema } from '@procedo/client-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInServer, type TestClient, type TestServer } from '../../testing/harness';
import { type ServerSql, withServerSql } from '../../testing/server-sql';
import { certificate } from './file-test-support';

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

const download = async (client: TestClient, id: string) => {
  const response = await client.fetch(`api/v1/files/${id}`);
  return { status: response.status, text: await response.text() };
};

/** Lets the operators open the certificates form (and undoes it). */
const openCertificatesToOperators = (open: boolean) =>
  withDb((sql) =>
    sql.run(
      open
        ? 'INSERT INTO form_access (profile_id, web_template_no) VALUES (2, 105) ON CONFLICT DO NOTHING'
        : 'DELETE FROM form_access WHERE profile_id = 2 AND web_template_no = 105',
    ),
  );

describe('downloading a file', () => {
  it('is refused as unknown (404) to a user who neither uploaded it nor can read a record holding it', async () => {
    const ref = await supervisor.uploadFile('gmp.pdf', '%PDF-1.4 gmp');
    expect(await download(supervisor, ref.Id)).toEqual({ status: 200, text: '%PDF-1.4 gmp' });
    // Not attached anywhere: only the uploader reads it.
    const loose = await download(operator, ref.Id);
    expect(loose.status).toBe(404);
    // Attached to a certificate, a form the operators may not open: still not theirs.
    expect((await certificate(supervisor, ref)).status).toBe(201);
    const attached = await operator.fetch(`api/v1/files/${ref.Id}`);
    expect(attached.status).toBe(404);
    // The same answer as an id that does not exist: the file's existence is not confirmed.
    expect(ApiErrorBodySchema.parse(await attached.json())).toEqual({
      Message: `Unknown file ${ref.Id}`,
      Code: 'NOT_FOUND',
    });
  });

  it('is allowed through a record the user may read on a form they may open, also after the file left the record', async () => {
    const ref = await supervisor.uploadFile('iso.pdf', '%PDF-1.4 iso');
    const created = RecordSchema.parse(await (await certificate(supervisor, ref, 'ISO 9001')).json());
    await openCertificatesToOperators(true);
    try {
      expect(await download(operator, ref.Id)).toEqual({ status: 200, text: '%PDF-1.4 iso' });
      // The record moves on to another file: the old version still holds this one.
      const other = await supervisor.uploadFile('iso-2026.pdf', '%PDF-1.4 new');
      const updated = await supervisor.json('PUT', `api/v1/forms/105/records/${created.Id}`, {
        Version: 1,
        Values: { Document: other },
      });
      expect(updated.status).toBe(200);
      expect((await download(operator, ref.Id)).status).toBe(200);
      expect((await download(operator, other.Id)).status).toBe(200);
      // Hidden on the only form that shows it: not readable any more.
      await withDb((sql) =>
        sql.run(
          `INSERT INTO element_permissions (web_template_no, element_name, owner_type, owner_id, hidden, locked)
           VALUES (105, 'Document', 'profile', 2, 1, 0)`,
        ),
      );
      try {
        expect((await download(operator, ref.Id)).status).toBe(404);
      } finally {
        await withDb((sql) => sql.run("DELETE FROM element_permissions WHERE element_name = 'Document'"));
      }
    } finally {
      await openCertificatesToOperators(false);
    }
    expect((await download(operator, ref.Id)).status).toBe(404);
  });

  it('writes the file_links index, which decides it, with each version', async () => {
    const ref = await supervisor.uploadFile('indexed.pdf', '%PDF-1.4 x');
    const created = RecordSchema.parse(await (await certificate(supervisor, ref, 'Indexed')).json());
    expect(
      await withDb((sql) =>
        sql.all('SELECT record_id, element_name FROM file_links WHERE file_id = ?', [ref.Id]),
      ),
    ).toEqual([{ record_id: created.Id, element_name: 'Document' }]);
  });
});

describe('attaching a file to a record', () => {
  it('is refused (403) for a file someone else uploaded', async () => {
    const theirs = await operator.uploadFile('operator.pdf', '%PDF-1.4 op');
    const response = await certificate(supervisor, theirs, 'Borrowed');
    expect(response.status).toBe(403);
    const body = ApiErrorBodySchema.parse(await response.json());
    expect(body.Code).toBe('FORBIDDEN');
    expect(body.Issues).toEqual([
      expect.objectContaining({ code: 'file_forbidden', path: ['Values', 'Document'] }),
    ]);
    // And so the supervisor still cannot read it.
    expect((await download(supervisor, theirs.Id)).status).toBe(404);
  });

  it('allows the file the record already holds, sent back unchanged by another user', async () => {
    const mine = await supervisor.uploadFile('held.pdf', '%PDF-1.4 held');
    const created = RecordSchema.parse(await (await certificate(supervisor, mine, 'Held')).json());
    await openCertificatesToOperators(true);
    try {
      const kept = await operator.json('PUT', `api/v1/forms/105/records/${created.Id}`, {
        Version: 1,
        Values: { Title: 'Held, renamed', Document: mine },
      });
      expect(kept.status).toBe(200);
      const another = await supervisor.uploadFile('another.pdf', '%PDF-1.4 another');
      const swapped = await operator.json('PUT', `api/v1/forms/105/records/${created.Id}`, {
        Version: 2,
        Values: { Document: another },
      });
      expect(swapped.status).toBe(403);
      expect(ApiErrorBodySchema.parse(await swapped.json()).Code).toBe('FORBIDDEN');
    } finally {
      await openCertificatesToOperators(false);
    }
  });
});
