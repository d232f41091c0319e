import { RecordSchema } from '@procedo/client-api';
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

interface Trail {
  Items: {
    Seq: number;
    Kind: string;
    Version: number;
    UserName: string;
    LegalName: string;
    AtUtc: string;
    Changes: { Name: string; Old: unknown; New: unknown }[];
    Reason: string | null;
    Signature: string | null;
    Hash: string;
  }[];
  NextAfterSeq: number | null;
}
const trail = async (client: TestClient, path: string) => (await (await client.fetch(path)).json()) as Trail;
const verify = async (path: string) =>
  (await (await supervisor.fetch(`${path}/verify`)).json()) as {
    Intact: boolean;
    FirstBadSeq: number | null;
  };

const signOff = { AuditDataChangeESig: 'Sam Supervisor', AuditDataChangeReason: 'Initial assessment' };

/** A deviation created (signed) and then changed twice: once signed, once not. */
async function deviationWithHistory() {
  const created = RecordSchema.parse(
    await (
      await supervisor.json('POST', 'api/v1/forms/103/records', {
        Values: { Title: 'Cold room excursion', OccurredOn: '2026-03-04', Severity: 'Major', Status: 'Open' },
        Audit: signOff,
      })
    ).json(),
  );
  server.clock.advance(60_000);
  const escalated = await supervisor.json('PUT', `api/v1/forms/103/records/${created.Id}`, {
    Version: 1,
    Values: { Severity: 'Critical' },
    Audit: { AuditDataChangeESig: 'sam supervisor', AuditDataChangeReason: 'Product affected' },
  });
  expect(escalated.status).toBe(200);
  server.clock.advance(60_000);
  const described = await supervisor.json('PUT', `api/v1/forms/103/records/${created.Id}`, {
    Version: 2,
    Values: { Description: 'Door left open overnight.' },
  });
  expect(described.status).toBe(200);
  return created.Id;
}

const withDb = <T>(work: (sql: ServerSql) => Promise<T>) => withServerSql(server, work);

/**
 * What an attacker with the database does first, the table being append-only: drops its guard
 * against `kinds`. SQLite has a trigger per kind; PostgreSQL one for UPDATE OR DELETE.
 */
async function dropAppendOnlyGuard(sql: ServerSql, table: string, kinds: readonly ('update' | 'delete')[]) {
  if (sql.engine === 'sqlite') {
    for (const kind of kinds) await sql.run(`DROP TRIGGER ${table}_append_only_${kind}`);
  } else {
    await sql.run(`DROP TRIGGER ${table}_append_only ON ${table}`);
  }
}

describe('the audit trail of a record', () => {
  it('records every create, update and signature with who, when, the changes, the reason and the signer', async () => {
    const id = await deviationWithHistory();
    const { Items, NextAfterSeq } = await trail(supervisor, `api/v1/forms/103/records/${id}/audit`);
    expect(NextAfterSeq).toBeNull();
    expect(Items.map((e) => [e.Seq, e.Kind, e.Version])).toEqual([
      [1, 'create', 1],
      [2, 'sign', 1],
      [3, 'update', 2],
      [4, 'sign', 2],
      [5, 'update', 3],
    ]);
    expect(Items[2]).toMatchObject({
      UserName: 'supervisor',
      LegalName: 'Sam Supervisor',
      Changes: [{ Name: 'Severity', Old: 'Major', New: 'Critical' }],
      Reason: 'Product affected',
      Signature: null,
    });
    // The signature's manifestation: printed name, when, and its meaning.
    expect(Items[3]).toMatchObject({ Kind: 'sign', Signature: 'sam supervisor', Reason: 'Product affected' });
    expect(Items[3]!.AtUtc).toBe(Items[2]!.AtUtc);
    expect(Items[4]).toMatchObject({ Reason: null, Signature: null });
    expect(Items[4]!.Changes).toEqual([{ Name: 'Description', Old: null, New: 'Door left open overnight.' }]);
    expect(new Set(Items.map((e) => e.Hash)).size).toBe(5);
  });

  it('pages by key, and answers as it was at a timepoint', async () => {
    const id = await deviationWithHistory();
    const first = await trail(supervisor, `api/v1/forms/103/records/${id}/audit?limit=2`);
    expect(first.Items.map((e) => e.Seq)).toEqual([1, 2]);
    expect(first.NextAfterSeq).toBe(2);
    const next = await trail(supervisor, `api/v1/forms/103/records/${id}/audit?limit=2&afterSeq=2`);
    expect(next.Items.map((e) => e.Seq)).toEqual([3, 4]);
    const all = await trail(supervisor, `api/v1/forms/103/records/${id}/audit`);
    const then = await trail(
      supervisor,
      `api/v1/forms/103/records/${id}/audit?Timepoint=${all.Items[2]!.AtUtc}`,
    );
    expect(then.Items.map((e) => e.Seq)).toEqual([1, 2, 3, 4]);
  });

  it('leaves hidden elements out of every change', async () => {
    const created = RecordSchema.parse(
      await (
        await supervisor.json('POST', 'api/v1/forms/102/records', {
          Values: { Name: 'Audit Hidden Ltd', Status: 'Approved', InternalNotes: 'for supervisors' },
        })
      ).json(),
    );
    const asOperator = await trail(operator, `api/v1/forms/102/records/${created.Id}/audit`);
    expect(asOperator.Items[0]!.Changes.map((c) => c.Name)).not.toContain('InternalNotes');
    const asSupervisor = await trail(supervisor, `api/v1/forms/102/records/${created.Id}/audit`);
    expect(asSupervisor.Items[0]!.Changes.map((c) => c.Name)).toContain('InternalNotes');
    // Through the search form, only what that form shows.
    const throughSearch = await trail(supervisor, `api/v1/forms/101/records/${created.Id}/audit`);
    expect(throughSearch.Items[0]!.Changes.map((c) => c.Name).sort()).toEqual(['Name', 'Status']);
  });

  it('gives the newest signed event in one read, as recorded at a timepoint, and none for an unsigned record', async () => {
    const id = await deviationWithHistory();
    const path = `api/v1/forms/103/records/${id}/audit/last-signature`;
    const last = async (query = '') =>
      (await (await supervisor.fetch(`${path}${query}`)).json()) as { Event: Trail['Items'][number] | null };
    const now = await last();
    // The newest signature, not the newest event (event 5 is an unsigned change).
    expect(now.Event).toMatchObject({
      Seq: 4,
      Kind: 'sign',
      Signature: 'sam supervisor',
      Reason: 'Product affected',
    });
    const { Items } = await trail(supervisor, `api/v1/forms/103/records/${id}/audit`);
    expect((await last(`?Timepoint=${Items[1]!.AtUtc}`)).Event).toMatchObject({
      Seq: 2,
      Signature: 'Sam Supervisor',
      Reason: 'Initial assessment',
    });
    const before = await supervisor.fetch(`${path}?Timepoint=2000-01-01T00:00:00.000Z`);
    expect(before.status).toBe(404);
    expect(((await before.json()) as { Code: string }).Code).toBe('NOT_FOUND_AT_TIMEPOINT');
    const bad = await supervisor.fetch(`${path}?limit=1`);
    expect(bad.status).toBe(400);

    const unsigned = RecordSchema.parse(
      await (
        await supervisor.json('POST', 'api/v1/forms/102/records', {
          Values: { Name: 'Never Signed Ltd', Status: 'Approved' },
        })
      ).json(),
    );
    const none = await supervisor.fetch(`api/v1/forms/102/records/${unsigned.Id}/audit/last-signature`);
    expect(await none.json()).toEqual({ Event: null });
  });

  it('gives the seeded records their create event', async () => {
    const { Items } = await trail(supervisor, 'api/v1/forms/102/records/1/audit');
    expect(Items[0]).toMatchObject({ Seq: 1, Kind: 'create', Version: 1, UserName: 'system' });
  });
});

describe('verifying the audit trail', () => {
  it('reports an untouched trail intact', async () => {
    const id = await deviationWithHistory();
    expect(await verify(`api/v1/forms/103/records/${id}/audit`)).toEqual({
      Intact: true,
      FirstBadSeq: null,
      Events: 5,
    });
  });

  it('finds a value changed in the stored versions behind the application’s back', async () => {
    const id = await deviationWithHistory();
    // An attacker with the file: the versions are append-only, so drop the guard first.
    await withDb(async (sql) => {
      await dropAppendOnlyGuard(sql, 'record_versions', ['update']);
      const stored = await sql.get<{ values_json: string }>(
        'SELECT values_json FROM record_versions WHERE record_id = ? AND version = 2',
        [id],
      );
      const values = JSON.parse(stored!.values_json) as Record<string, unknown>;
      expect(values.Severity).toBe('Critical');
      const changed = await sql.run(
        'UPDATE record_versions SET values_json = ? WHERE record_id = ? AND version = 2',
        [JSON.stringify({ ...values, Severity: 'Minor' }), id],
      );
      expect(changed).toBe(1);
    });
    expect(await verify(`api/v1/forms/103/records/${id}/audit`)).toMatchObject({
      Intact: false,
      FirstBadSeq: 3,
    });
  });

  it('finds an altered, a removed and a re-hashed event', async () => {
    await withDb((sql) => dropAppendOnlyGuard(sql, 'audit_events', ['update', 'delete']));
    const altered = await deviationWithHistory();
    expect(
      await withDb((sql) =>
        sql.run("UPDATE audit_events SET reason = 'Routine' WHERE record_id = ? AND seq = 4", [altered]),
      ),
    ).toBe(1);
    expect(await verify(`api/v1/forms/103/records/${altered}/audit`)).toMatchObject({
      Intact: false,
      FirstBadSeq: 4,
    });

    const removed = await deviationWithHistory();
    expect(
      await withDb((sql) => sql.run('DELETE FROM audit_events WHERE record_id = ? AND seq = 2', [removed])),
    ).toBe(1);
    expect(await verify(`api/v1/forms/103/records/${removed}/audit`)).toMatchObject({
      Intact: false,
      FirstBadSeq: 2,
    });

    const truncated = await deviationWithHistory();
    expect(
      await withDb((sql) => sql.run('DELETE FROM audit_events WHERE record_id = ? AND seq = 5', [truncated])),
    ).toBe(1);
    expect(await verify(`api/v1/forms/103/records/${truncated}/audit`)).toMatchObject({
      Intact: false,
      FirstBadSeq: 5,
    });
  });
});
