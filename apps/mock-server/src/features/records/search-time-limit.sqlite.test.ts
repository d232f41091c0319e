import { ApiErrorBodySchema, ApiErrorCode } from '@procedo/client-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInServer, type TestClient, type TestServer } from '../../testing/harness';
import { pickerTimeLimitMessage, searchTimeLimitMessage } from './record-search';

// The search time limit through the API: a page stopped there is a clear 422 and nothing else
// changes; a count stopped there answers "more than" the rows of the page.
// SQLite only: its statements read their clock at the rows whose record id is a multiple of 256,
// so a limit of 0 stops exactly the statements that read such a row — PostgreSQL's
// statement_timeout cannot be made that exact (both engines at the store:
// records-store.time-limit.pg.test.ts).

let server: TestServer;
let supervisor: TestClient;
beforeAll(async () => {
  ({ server, supervisor } = await startSignedInServer({
    searchTimeLimitMs: 0,
    demoLarge: true,
    demoLargeBatches: 2000,
  }));
});
afterAll(async () => {
  await server.close();
});

const page = (params: Record<string, string>) =>
  supervisor.fetch(`api/v1/forms/111/search/page?${new URLSearchParams(params)}`);

describe('GET forms/{no}/search/page at the search time limit', () => {
  it('answers 422 SEARCH_TIME_LIMIT, saying what to do, for a page that reads past it', async () => {
    const where = JSON.stringify({
      Combine: 'and',
      Conditions: [{ Field: 'BatchNo', Op: 'contains', Value: 'no batch has this' }],
    });
    const response = await page({ where, limit: '10' });
    expect(response.status).toBe(422);
    const body = ApiErrorBodySchema.parse(await response.json());
    expect(body).toMatchObject({ Code: ApiErrorCode.SearchTimeLimit, Message: searchTimeLimitMessage(0) });
    expect(body.Message).toMatch(
      /^The search was stopped after 0 s before it found a page of rows\. Narrow it/,
    );
  });

  it('answers a page that reads less, and its count as "more than" the page', async () => {
    // The first two batches in title order: neither id is a multiple of 256 (checked below).
    const response = await page({ limit: '1', count: 'exact' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      Rows: { Id: number }[];
      HasMore: boolean;
      Total: number;
      TotalIsExact: boolean;
    };
    expect(body.Rows).toHaveLength(1);
    expect(body.Rows[0]!.Id % 256).not.toBe(0);
    expect(body).toMatchObject({ HasMore: true, Total: 1, TotalIsExact: false });
  });
});

describe('GET forms/{no}/search (offset pages) at the search time limit', () => {
  it('answers 422 SEARCH_TIME_LIMIT: its total counts every matching row, past the limit', async () => {
    const response = await supervisor.fetch('api/v1/forms/111/search?pageSize=10');
    expect(response.status).toBe(422);
    expect(ApiErrorBodySchema.parse(await response.json())).toMatchObject({
      Code: ApiErrorCode.SearchTimeLimit,
      Message: searchTimeLimitMessage(0),
    });
  });
});

describe('GET pickers/{source} at the search time limit', () => {
  it('answers 422 SEARCH_TIME_LIMIT for a text no title contains (every title read), now and at a Timepoint', async () => {
    const at = `&Timepoint=${encodeURIComponent(new Date().toISOString())}`;
    for (const timepoint of ['', at]) {
      const response = await supervisor.fetch(
        `api/v1/pickers/batches?text=no%20batch%20has%20this${timepoint}`,
      );
      expect(response.status, timepoint || 'now').toBe(422);
      expect(ApiErrorBodySchema.parse(await response.json())).toEqual({
        Code: ApiErrorCode.SearchTimeLimit,
        Message: pickerTimeLimitMessage(0),
      });
    }
  });
});
