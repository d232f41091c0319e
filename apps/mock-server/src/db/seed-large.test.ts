import { writeSearchParams } from '@procedo/client-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInServer, type TestClient, type TestServer } from '../testing/harness';
import { BUSINESS_COUNTS } from './business-data';
import { openSqlite } from './sqlite';

// The large demo with a small target: the same seeding path as the million, checked through the
// keyset search route of form 111 (Batches) like any other records.

const TARGET = 3000;
const ADDED = TARGET - BUSINESS_COUNTS.full.batches;
let server: TestServer;
let supervisor: TestClient;
beforeAll(async () => {
  ({ server, supervisor } = await startSignedInServer({ demoLarge: true, demoLargeBatches: TARGET }));
});
afterAll(async () => {
  await server.close();
});

interface Page {
  Rows: { Id: number; Values: Record<string, unknown> }[];
  NextCursor: string | null;
  Total: number | null;
  TotalIsExact: boolean | null;
}

async function page(query: Parameters<typeof writeSearchParams>[1], extra: Record<string, string> = {}) {
  const params = writeSearchParams(new URLSearchParams(extra), query);
  const response = await supervisor.fetch(`api/v1/forms/111/search/page?${params}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Page;
}

const LARGE = {
  Combine: 'and' as const,
  Conditions: [{ Field: 'BatchNo', Op: 'contains' as const, Value: 'L' }],
};
const isLarge = (row: Page['Rows'][number]) => String(row.Values.BatchNo).startsWith('L');

describe('the large demo (PROCEDO_DEMO_LARGE)', () => {
  it('tops the batches of a new demo database up to the target, found and counted by the search page', async () => {
    const body = await page({}, { count: 'exact', limit: '10' });
    expect(body.Total).toBe(TARGET);
    expect(body.TotalIsExact).toBe(true);
    const last = await page({ sort: { Field: 'BatchNo', Direction: 'desc' } }, { limit: '1' });
    expect(last.Rows[0]?.Values.BatchNo).toBe(`L${String(ADDED - 1).padStart(7, '0')}`);
    const large = await page(
      { where: { Combine: 'and', Conditions: [{ Field: 'BatchNo', Op: 'contains', Value: 'L00' }] } },
      { count: 'exact', limit: '1' },
    );
    expect(large.Total).toBe(ADDED);
  });

  it('gives every seeded batch realistic values of each result column: a product, its supplier, a date, a quantity, a status', async () => {
    const body = await page(
      { where: { Combine: 'and', Conditions: [{ Field: 'BatchNo', Op: 'contains', Value: 'L' }] } },
      { limit: '200' },
    );
    expect(body.Rows).toHaveLength(200);
    for (const row of body.Rows) {
      const { Product, Supplier, ManufacturedOn, Quantity, Status } = row.Values as Record<string, never>;
      expect(Product).toMatchObject({ Id: expect.stringMatching(/^\d+$/), Text: expect.any(String) });
      expect(Supplier).toMatchObject({ Id: expect.stringMatching(/^\d+$/), Text: expect.any(String) });
      expect(ManufacturedOn).toMatch(/^20(1[6-9]|2[0-6])-\d\d-\d\d$/);
      expect(Quantity).toBeGreaterThanOrEqual(0);
      expect(Quantity).toBeLessThanOrEqual(5000);
      expect(['Released', 'Quarantine', 'Rejected']).toContain(Status);
    }
    // Products are those of the seed: the first large batch's product opens a real record.
    const product = (body.Rows[0]!.Values.Product as { Id: string }).Id;
    expect((await supervisor.fetch(`api/v1/forms/106/records/${product}`)).status).toBe(200);
  });

  it('sorts and filters the seeded batches like any others: by -ManufacturedOn with a status and a date range', async () => {
    const where = {
      Combine: 'and' as const,
      Conditions: [
        { Field: 'Status', Op: 'equals' as const, Value: 'Quarantine' },
        { Field: 'ManufacturedOn', Op: 'between' as const, Value: '2018-01-01', Value2: '2021-12-31' },
      ],
    };
    const rows: Page['Rows'] = [];
    let after: string | undefined;
    let total: number | null = null;
    do {
      const body = await page(
        { sort: { Field: 'ManufacturedOn', Direction: 'desc' }, where },
        { limit: '100', ...(after ? { after } : { count: 'exact' }) },
      );
      total ??= body.Total;
      rows.push(...body.Rows);
      after = body.NextCursor ?? undefined;
    } while (after);
    expect(rows.length).toBe(total);
    // Only large batches have dates before 2024 (the base seed's start there), so these are all large.
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.every(isLarge)).toBe(true);
    const dates = rows.map((row) => String(row.Values.ManufacturedOn));
    expect(dates).toEqual([...dates].sort().reverse());
    expect(rows.every((row) => row.Values.Status === 'Quarantine')).toBe(true);
    expect(dates.every((date) => date >= '2018-01-01' && date <= '2021-12-31')).toBe(true);
  });

  it('seeds the same batches on every machine and never again on a restart', async () => {
    const first = await page({ sort: { Field: 'BatchNo', Direction: 'asc' }, where: LARGE }, { limit: '3' });
    expect(first.Rows.map((row) => row.Values.BatchNo)).toEqual(['L0000000', 'L0000001', 'L0000002']);
    await server.restart({ demoLarge: true, demoLargeBatches: TARGET + 500 });
    await supervisor.logon('supervisor');
    const again = await page({}, { count: 'exact', limit: '1' });
    expect(again.Total).toBe(TARGET);
    const other = await startSignedInServer({ demoLarge: true, demoLargeBatches: TARGET });
    try {
      const params = writeSearchParams(new URLSearchParams({ limit: '3' }), {
        sort: { Field: 'BatchNo', Direction: 'asc' },
        where: LARGE,
      });
      const response = await other.supervisor.fetch(`api/v1/forms/111/search/page?${params}`);
      const body = (await response.json()) as Page;
      expect(body.Rows.map((row) => row.Values)).toEqual(first.Rows.map((row) => row.Values));
    } finally {
      await other.server.close();
    }
  });

  it('leaves the training database and a database seeded without the option as they were', async () => {
    const db = openSqlite(`${server.dataDir}/training.sqlite`);
    try {
      const { n } = db.prepare("SELECT count(*) AS n FROM records WHERE entity = 'batch'").get() as {
        n: number;
      };
      expect(n).toBe(BUSINESS_COUNTS.small.batches);
    } finally {
      db.close();
    }
    const plain = await startSignedInServer();
    try {
      await plain.server.restart({ demoLarge: true, demoLargeBatches: TARGET });
      await plain.supervisor.logon('supervisor');
      const response = await plain.supervisor.fetch('api/v1/forms/111/search/page?count=exact&limit=1');
      expect(((await response.json()) as Page).Total).toBe(BUSINESS_COUNTS.full.batches);
    } finally {
      await plain.server.close();
    }
  });
});
