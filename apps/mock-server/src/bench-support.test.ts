// SQLite only: bulkWriteHistories writes a demo database's SQLite file directly, for the benchmarks.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkWriteHistories, openSqlite } from './bench-support';
import { startSignedInServer, type TestClient, type TestServer } from './testing/harness';

let server: TestServer;
let supervisor: TestClient;
beforeAll(async () => {
  ({ server, supervisor } = await startSignedInServer());
});
afterAll(async () => {
  await server.close();
});

const MINUTE = 60_000;
const get = async (url: string) => {
  const response = await supervisor.fetch(url);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('bulkWriteHistories (benchmarks)', () => {
  it('writes histories the server reads as it reads its own: versions at T, search at T, an intact audit trail', async () => {
    const start = server.clock.now() - 10 * MINUTE;
    const user = { name: 'supervisor', legalName: 'Sam Supervisor' };
    const db = openSqlite(path.join(server.dataDir, 'demo.sqlite'));
    const ids = bulkWriteHistories(db, {
      entity: 'supplier',
      count: 2,
      batch: 3,
      history: (i) =>
        [0, 1, 2, 3].map((k) => ({
          values: { Name: `Bulk ${i} v${k + 1}`, Status: 'Approved' },
          at: new Date(start + k * MINUTE).toISOString(),
          user,
          ...(i === 1 && k === 3 ? { isDeleted: true } : {}),
        })),
    });
    db.close();

    const at = (minutes: number) => new Date(start + minutes * MINUTE + 1000).toISOString();
    const [first, second] = ids;
    expect((await get(`api/v1/forms/102/records/${first}`)).body).toMatchObject({ Version: 4 });
    expect((await get(`api/v1/forms/102/records/${first}?Timepoint=${at(1)}`)).body).toMatchObject({
      Version: 2,
      Values: { Name: 'Bulk 0 v2' },
    });
    expect((await get(`api/v1/forms/101/search?text=bulk&page=0`)).body).toMatchObject({ Total: 1 });
    expect((await get(`api/v1/forms/101/search?text=bulk&page=0&Timepoint=${at(2)}`)).body).toMatchObject({
      Total: 2,
    });
    const trail = await get(`api/v1/forms/102/records/${second}/audit`);
    expect((trail.body.Items as { Kind: string }[]).map((e) => e.Kind)).toEqual([
      'create',
      'update',
      'update',
      'delete',
    ]);
    expect((await get(`api/v1/forms/102/records/${second}/audit/verify`)).body).toEqual({
      Intact: true,
      FirstBadSeq: null,
      Events: 4,
    });
  });

  it('refuses a history whose times go backwards and rolls back the batch it was writing', () => {
    const db = openSqlite(path.join(server.dataDir, 'training.sqlite'));
    const count = () => (db.prepare('SELECT count(*) AS n FROM records').get() as { n: number }).n;
    const before = count();
    const user = { name: 'supervisor', legalName: 'Sam Supervisor' };
    expect(() =>
      bulkWriteHistories(db, {
        entity: 'supplier',
        count: 1,
        history: () => [
          { values: { Name: 'Late' }, at: '2026-01-02T00:00:00.000Z', user },
          { values: { Name: 'Early' }, at: '2026-01-01T00:00:00.000Z', user },
        ],
      }),
    ).toThrow(/older than the one before/);
    expect(count()).toBe(before);
    db.close();
  });
});
