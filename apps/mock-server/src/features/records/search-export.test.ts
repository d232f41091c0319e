import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInServer, type TestClient, type TestServer } from '../../testing/harness';
import { withServerSql } from '../../testing/server-sql';

// GET forms/{no}/search/export.csv: the search's current view streamed as CSV, read back with csv-parse.

let server: TestServer;
let supervisor: TestClient;
let operator: TestClient;
beforeAll(async () => {
  ({ server, supervisor, operator } = await startSignedInServer());
});
afterAll(async () => {
  await server.close();
});

const iso = (ms: number) => new Date(ms).toISOString();

async function exportCsv(client: TestClient, no: number, params: Record<string, string>) {
  const response = await client.fetch(`api/v1/forms/${no}/search/export.csv?${new URLSearchParams(params)}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  const text = bytes.toString('utf8');
  expect(response.status, text.slice(0, 300)).toBe(200);
  return {
    response,
    bytes,
    text,
    rows: parse(bytes, { bom: true, relax_column_count: false }) as string[][],
  };
}

async function createSupplier(values: Record<string, string>) {
  const response = await supervisor.json('POST', 'api/v1/forms/102/records', { Values: values });
  expect(response.status, await response.clone().text()).toBe(201);
  server.clock.advance(1000);
  return (await response.json()) as { Id: number; Version: number };
}

describe('the CSV export of a search', () => {
  it('streams every row of a large view in its sort, as an attachment with a BOM and the captions', async () => {
    const count = (await (
      await supervisor.fetch('api/v1/forms/111/search/page?count=exact&limit=1')
    ).json()) as {
      Total: number;
    };
    expect(count.Total).toBeGreaterThan(1000);
    const { response, bytes, rows } = await exportCsv(supervisor, 111, { sort: '-Quantity' });
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="BatchSearch.csv"');
    expect(bytes.subarray(0, 9).toString('latin1')).toBe('\xEF\xBB\xBFBatch,');
    expect(rows[0]).toEqual(['Batch', 'Product', 'Supplier', 'Manufactured on', 'Quantity (kg)', 'Status']);
    expect(rows.length - 1).toBe(count.Total);
    const quantities = rows.slice(1).map((row) => Number(row[4]));
    expect(quantities).toEqual([...quantities].sort((a, b) => b - a));
    expect(new Set(rows.slice(1).map((row) => row[0])).size).toBe(count.Total);
  });

  it('escapes every cell a spreadsheet would read as a formula and round-trips any text', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(fc.constantFrom('=', '+', '-', '@', '\t', '\r', '', 'a'), fc.string({ maxLength: 20 })),
        fc.tuple(fc.constantFrom('=', '+', '-', '@', '\t', '\r', '', '"', ','), fc.string({ maxLength: 20 })),
        async ([namePrefix, name], [countryPrefix, country]) => {
          run += 1;
          const tag = `csvrun${run}q`;
          const values = {
            Name: `${namePrefix}${tag}${name}`,
            Country: `${countryPrefix}${country}`,
            Status: 'Approved',
          };
          await createSupplier(values);
          const { rows } = await exportCsv(supervisor, 101, { text: tag });
          const expectCell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
          expect(rows).toEqual([
            ['Name', 'Country', 'Status'],
            [expectCell(values.Name), expectCell(values.Country), 'Approved'],
          ]);
        },
      ),
      { numRuns: 40 },
    );
  }, 60_000);

  it('never writes a column hidden from the user, and shows the rows as they were at a Timepoint', async () => {
    const { Id, Version } = await createSupplier({
      Name: 'Exported Hidden',
      Country: 'Secretland',
      Status: 'Approved',
    });
    const then = iso(server.clock.now() - 1);
    const put = await supervisor.json('PUT', `api/v1/forms/102/records/${Id}`, {
      Version,
      Values: { Country: 'Laterland', Status: 'Blocked' },
    });
    expect(put.status).toBe(200);
    expect((await exportCsv(supervisor, 101, { text: 'exported hidden' })).rows).toEqual([
      ['Name', 'Country', 'Status'],
      ['Exported Hidden', 'Laterland', 'Blocked'],
    ]);
    expect((await exportCsv(supervisor, 101, { text: 'exported hidden', Timepoint: then })).rows).toEqual([
      ['Name', 'Country', 'Status'],
      ['Exported Hidden', 'Secretland', 'Approved'],
    ]);
    const withDb = (statement: string) => withServerSql(server, (sql) => sql.run(statement));
    await withDb(
      `INSERT INTO element_permissions (web_template_no, element_name, owner_type, owner_id, hidden, locked)
       VALUES (102, 'Country', 'profile', 2, 1, 0)`,
    );
    try {
      const { text, rows } = await exportCsv(operator, 101, { text: 'exported hidden' });
      expect(rows).toEqual([
        ['Name', 'Status'],
        ['Exported Hidden', 'Blocked'],
      ]);
      expect(text).not.toContain('land');
    } finally {
      await withDb(
        "DELETE FROM element_permissions WHERE element_name = 'Country' AND web_template_no = 102",
      );
    }
  });

  it('stops when the client goes away mid-file and keeps serving', async () => {
    const controller = new AbortController();
    const response = await supervisor.fetch('api/v1/forms/111/search/export.csv', {
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    controller.abort();
    await expect(reader.read()).rejects.toThrow();
    expect((await supervisor.fetch('api/v1/forms/101/search/page?limit=1')).status).toBe(200);
  });

  it('answers a query it cannot run with a 400 before any CSV', async () => {
    const wrong: Record<string, string>[] = [
      { sort: 'Nope' },
      { limit: '5' },
      { after: 'x' },
      { where: '{' },
    ];
    for (const params of wrong) {
      const response = await supervisor.fetch(
        `api/v1/forms/101/search/export.csv?${new URLSearchParams(params)}`,
      );
      expect(response.status, JSON.stringify(params)).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/json/);
    }
  });
});
