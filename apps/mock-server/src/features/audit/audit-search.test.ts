import { AuditSearchPageSchema, RecordSchema } from '@procedo/client-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInServer, type TestClient, type TestServer } from '../../testing/harness';
import { withServerSql } from '../../testing/server-sql';
import { decodeCursor, encodeCursor } from './audit-search';

let server: TestServer;
let supervisor: TestClient;
let operator: TestClient;
/** Every event this file writes is at or after this instant (the seed's are earlier). */
let start: string;
let deviation: number;
let supplier: number;
let changedAt: string;

beforeAll(async () => {
  ({ server, supervisor, operator } = await startSignedInServer());
  server.clock.advance(24 * 3_600_000);
  await supervisor.logon('supervisor');
  await operator.logon('operator');
  start = new Date(server.clock.now()).toISOString();
  deviation = RecordSchema.parse(
    await (
      await operator.json('POST', 'api/v1/forms/103/records', {
        Values: {
          Title: 'Search me',
          OccurredOn: '2026-03-04',
          Severity: 'Major',
          Status: 'Open',
          RootCause: 'Door seal',
        },
        Audit: { AuditDataChangeESig: 'Olive Operator', AuditDataChangeReason: 'Opened' },
      })
    ).json(),
  ).Id;
  server.clock.advance(60_000);
  supplier = RecordSchema.parse(
    await (
      await supervisor.json('POST', 'api/v1/forms/102/records', {
        Values: { Name: 'Audit Search Ltd', Status: 'Approved', InternalNotes: 'secret' },
      })
    ).json(),
  ).Id;
  server.clock.advance(60_000);
  changedAt = new Date(server.clock.now()).toISOString();
  const escalated = await supervisor.json('PUT', `api/v1/forms/103/records/${deviation}`, {
    Version: 1,
    Values: { Severity: 'Critical' },
    Audit: { AuditDataChangeESig: 'Sam Supervisor', AuditDataChangeReason: 'Product affected' },
  });
  expect(escalated.status).toBe(200);
});
afterAll(async () => {
  await server.close();
});

const search = async (client: TestClient, query: string) => {
  const response = await client.fetch(`api/v1/audit?${query}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
const page = async (query: string) => {
  const { status, body } = await search(supervisor, query);
  expect(status, JSON.stringify(body)).toBe(200);
  return AuditSearchPageSchema.parse(body);
};
const from = () => `From=${encodeURIComponent(start)}`;

describe('the supervisors’ audit search across records', () => {
  it('lists every record’s events newest first, with the record and the form that opens it', async () => {
    const { Items, NextCursor } = await page(from());
    expect(NextCursor).toBeNull();
    expect(Items.map((e) => [e.RecordId, e.Seq, e.Kind])).toEqual([
      [deviation, 4, 'sign'],
      [deviation, 3, 'update'],
      [supplier, 1, 'create'],
      [deviation, 2, 'sign'],
      [deviation, 1, 'create'],
    ]);
    expect(Items[0]).toMatchObject({
      Entity: 'deviation',
      WebTemplateNo: 103,
      UserName: 'supervisor',
      LegalName: 'Sam Supervisor',
      Signature: 'Sam Supervisor',
      Reason: 'Product affected',
      AtUtc: changedAt,
    });
    expect(Items[2]).toMatchObject({ Entity: 'supplier', WebTemplateNo: 102 });
  });

  it('filters by user, entity, form and date range', async () => {
    const byOperator = await page(`${from()}&UserName=OPERATOR`);
    expect(byOperator.Items.map((e) => [e.RecordId, e.Seq])).toEqual([
      [deviation, 2],
      [deviation, 1],
    ]);
    const suppliers = await page(`${from()}&Entity=supplier`);
    expect(suppliers.Items.map((e) => e.RecordId)).toEqual([supplier]);
    const viaForm = await page(`${from()}&WebTemplateNo=102`);
    expect(viaForm.Items.map((e) => e.RecordId)).toEqual([supplier]);
    const range = await page(`From=${encodeURIComponent(changedAt)}&To=${encodeURIComponent(changedAt)}`);
    expect(range.Items.map((e) => e.Seq)).toEqual([4, 3]);
    const none = await page(`${from()}&Entity=supplier&UserName=operator`);
    expect(none.Items).toEqual([]);
  });

  it('pages by cursor through every event once, in order', async () => {
    const all = await page(`${from()}&limit=500`);
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const next = await page(`${from()}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...next.Items.map((e) => `${e.RecordId}:${e.Seq}`));
      cursor = next.NextCursor;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(all.Items.map((e) => `${e.RecordId}:${e.Seq}`));
  });

  it('answers as recorded at a timepoint: later events are not shown', async () => {
    const before = new Date(Date.parse(changedAt) - 1).toISOString();
    const then = await page(`${from()}&Timepoint=${encodeURIComponent(before)}`);
    expect(then.Items.map((e) => [e.RecordId, e.Seq])).toEqual([
      [supplier, 1],
      [deviation, 2],
      [deviation, 1],
    ]);
  });

  it('leaves out the elements the asking supervisor may not see on the record’s form', async () => {
    await withServerSql(server, (sql) =>
      sql.run(
        `INSERT INTO element_permissions (web_template_no, element_name, owner_type, owner_id, hidden, locked)
         VALUES (103, 'RootCause', 'profile', 1, 1, 0)`,
      ),
    );
    try {
      const { Items } = await page(`${from()}&Entity=deviation`);
      const created = Items.find((e) => e.Kind === 'create')!;
      expect(created.Changes.map((c) => c.Name)).toContain('Severity');
      expect(created.Changes.map((c) => c.Name)).not.toContain('RootCause');
      expect(JSON.stringify(Items)).not.toContain('Door seal');
    } finally {
      await withServerSql(server, (sql) =>
        sql.run("DELETE FROM element_permissions WHERE element_name = 'RootCause'"),
      );
    }
  });

  it('is refused to a user who is not a supervisor, and to no session', async () => {
    const refused = await search(operator, from());
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ Code: 'FORBIDDEN' });
    const anonymous = await fetch(new URL('api/v1/audit', server.url));
    expect(anonymous.status).toBe(401);
  });

  it('answers bad input with 400 naming the parameter', async () => {
    const cases: [string, string][] = [
      ['From=yesterday', 'From'],
      ['To=2026-13-01T00:00:00Z', 'To'],
      ['From=2026-03-02T00:00:00Z&To=2026-03-01T00:00:00Z', 'From'],
      ['limit=0', 'limit'],
      ['limit=501', 'limit'],
      ['Entity=Not%20an%20entity', 'Entity'],
      ['WebTemplateNo=abc', 'WebTemplateNo'],
      ['cursor=garbage', 'cursor'],
      ['Sort=asc', 'Sort'],
      ['Timepoint=soon', 'Timepoint'],
    ];
    for (const [query, name] of cases) {
      const { status, body } = await search(supervisor, query);
      expect(status, query).toBe(400);
      expect(body.Code, query).toBe('VALIDATION');
      expect(body.Message, query).toContain(name);
    }
    expect((await search(supervisor, 'WebTemplateNo=999')).status).toBe(404);
  });
});

describe('the search cursor', () => {
  it('reads back what it wrote', () => {
    const key = { atUtc: '2026-03-01T09:30:00.000Z', recordId: 12, seq: 3 };
    expect(decodeCursor(encodeCursor(key))).toEqual(key);
  });
});
