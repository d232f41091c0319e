import { ApiErrorBodySchema, SearchConditionMessages, type SearchFilter } from '@procedo/client-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInServer, type TestClient, type TestServer } from '../../testing/harness';

// GET forms/{no}/search/page?where=<SearchFilter JSON>: conditions checked with the shared
// filterProblems (issues at ['where', 'Conditions', i]) and applied with the old Field=value filters.

let server: TestServer;
let supervisor: TestClient;
beforeAll(async () => {
  ({ server, supervisor } = await startSignedInServer());
});
afterAll(async () => {
  await server.close();
});

const url = (params: Record<string, string>) =>
  `api/v1/forms/101/search/page?${new URLSearchParams(params).toString()}`;

async function create(Name: string, Country: string, Status: string) {
  const response = await supervisor.json('POST', 'api/v1/forms/102/records', {
    Values: { Name, Country, Status },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { Id: number }).Id;
}

describe('search conditions (where=)', () => {
  it('keeps the rows the conditions keep, and-ed with the text and the old Field=value filters', async () => {
    const a = await create('Wherefrom One', 'Norway', 'Approved');
    const b = await create('Wherefrom Two', 'norway', 'Blocked');
    const c = await create('Wherefrom Three', 'Peru', 'Blocked');
    const where = (filter: SearchFilter) => JSON.stringify(filter);
    const ids = async (params: Record<string, string>) => {
      const response = await supervisor.fetch(url({ text: 'wherefrom', ...params }));
      expect(response.status, await response.clone().text()).toBe(200);
      return ((await response.json()) as { Rows: { Id: number }[] }).Rows.map((row) => row.Id).sort();
    };
    const norway = where({
      Combine: 'and',
      Conditions: [{ Field: 'Country', Op: 'equals', Value: 'NORWAY' }],
    });
    expect(await ids({ where: norway })).toEqual([a, b].sort());
    expect(await ids({ where: norway, Status: 'Blocked' })).toEqual([b]);
    const either = where({
      Combine: 'or',
      Conditions: [
        { Field: 'Status', Op: 'in', Values: ['Approved'] },
        { Field: 'Country', Op: 'contains', Value: 'er' },
      ],
    });
    expect(await ids({ where: either })).toEqual([a, c].sort());
    expect(await ids({ where: either, sort: '-Country' })).toEqual([a, c].sort());
  });

  it('answers 400 VALIDATION with an issue per wrong condition at [where, Conditions, i]', async () => {
    const filter: SearchFilter = {
      Combine: 'and',
      Conditions: [
        { Field: 'Country', Op: 'contains', Value: 'x' },
        { Field: 'Nope', Op: 'equals', Value: 'x' },
        { Field: 'Status', Op: 'lt', Value: 'Approved' },
        { Field: 'Status', Op: 'equals', Value: 'Maybe' },
        { Field: 'Country', Op: 'equals' },
      ],
    };
    const response = await supervisor.fetch(url({ where: JSON.stringify(filter) }));
    expect(response.status).toBe(400);
    const body = ApiErrorBodySchema.parse(await response.json());
    expect(body.Code).toBe('VALIDATION');
    expect(body.Issues?.map((issue) => [issue.path, issue.message])).toEqual([
      [['where', 'Conditions', 1], SearchConditionMessages.unknownField],
      [['where', 'Conditions', 2], SearchConditionMessages.operator],
      [['where', 'Conditions', 3], SearchConditionMessages.option],
      [['where', 'Conditions', 4], SearchConditionMessages.valueMissing],
    ]);
  });

  it('ands the saved filters picked (filterIds) with the conditions, in pages and in the export', async () => {
    const a = await create('Savedfilter One', 'Chile', 'Approved');
    await create('Savedfilter Two', 'Chile', 'Blocked');
    await create('Savedfilter Three', 'Peru', 'Approved');
    const saved = await supervisor.json('POST', 'api/v1/forms/101/filters', {
      Name: 'Approved only',
      Filter: { Combine: 'and', Conditions: [{ Field: 'Status', Op: 'equals', Value: 'Approved' }] },
    });
    expect(saved.status).toBe(201);
    const { Id } = (await saved.json()) as { Id: number };
    const chile = JSON.stringify({
      Combine: 'and',
      Conditions: [{ Field: 'Country', Op: 'equals', Value: 'Chile' }],
    });
    const page = await supervisor.fetch(url({ text: 'savedfilter', where: chile, filterIds: String(Id) }));
    expect(page.status).toBe(200);
    expect(((await page.json()) as { Rows: { Id: number }[] }).Rows.map((row) => row.Id)).toEqual([a]);
    const csv = await supervisor.fetch(
      `api/v1/forms/101/search/export.csv?${new URLSearchParams({ text: 'savedfilter', where: chile, filterIds: String(Id) })}`,
    );
    expect((await csv.text()).trim().split(/\r\n/)).toHaveLength(2);
    // A saved filter that does not exist is not quietly dropped.
    const unknown = await supervisor.fetch(url({ filterIds: '999999' }));
    expect(unknown.status).toBe(404);
  });

  it('answers 400 VALIDATION naming where or filterIds for a part it cannot read', async () => {
    for (const [params, name] of [
      [{ where: '{not json' }, 'where'],
      [{ where: JSON.stringify({ Combine: 'xor', Conditions: [] }) }, 'where'],
      [{ filterIds: '1,,2' }, 'filterIds'],
      [{ filterIds: 'a' }, 'filterIds'],
    ] as const) {
      const response = await supervisor.fetch(url(params));
      expect(response.status, name).toBe(400);
      const body = ApiErrorBodySchema.parse(await response.json());
      expect(body.Issues?.[0]?.path).toEqual([name]);
    }
  });
});
