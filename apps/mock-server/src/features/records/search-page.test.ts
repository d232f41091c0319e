import { ApiErrorBodySchema } from '@procedo/client-api';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInServer, type TestClient, type TestServer } from '../../testing/harness';
import { encodeCursor } from './search-cursor';

// The keyset search (GET forms/{no}/search/page) against the real server, checked against the
// offset search (GET forms/{no}/search), whose rows at T a model test proves (records-store.search-at.test.ts).

let server: TestServer;
let supervisor: TestClient;
const COUNT_CAP = 7;
beforeAll(async () => {
  ({ server, supervisor } = await startSignedInServer({ searchCountCap: COUNT_CAP }));
});
afterAll(async () => {
  await server.close();
});

interface KeysetPage {
  Rows: { Id: number; Values: Record<string, unknown> }[];
  NextCursor: string | null;
  HasMore: boolean;
  Total: number | null;
  TotalIsExact: boolean | null;
}

const iso = (ms: number) => new Date(ms).toISOString();
const names = ['alpha', 'Alpha', 'alphabet', 'beta', ' Beta', 'gamma', 'Delta'];

async function createSupplier(name: string, status = 'Approved') {
  const response = await supervisor.json('POST', 'api/v1/forms/102/records', {
    Values: { Name: name, Status: status },
  });
  expect(response.status).toBe(201);
  server.clock.advance(1000);
  return ((await response.json()) as { Id: number }).Id;
}

function query(params: Record<string, string | number | undefined>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  return search.toString();
}

async function page(params: Record<string, string | number | undefined>): Promise<KeysetPage> {
  const response = await supervisor.fetch(`api/v1/forms/101/search/page?${query(params)}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as KeysetPage;
}

/** Every row of the offset search, in its order. */
async function allRows(params: Record<string, string | number | undefined>) {
  const response = await supervisor.fetch(`api/v1/forms/101/search?${query({ ...params, pageSize: 500 })}`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { Rows: { Id: number }[]; Total: number };
  expect(body.Rows.length).toBe(body.Total);
  return body.Rows.map((row) => row.Id);
}

/** Follows NextCursor to the end; `between` runs after each page. */
async function walk(params: Record<string, string | number | undefined>, between?: () => Promise<void>) {
  const ids: number[] = [];
  let after: string | undefined;
  for (let pages = 0; pages < 5000; pages += 1) {
    const body = await page({ ...params, after });
    ids.push(...body.Rows.map((row) => row.Id));
    expect(body.Total).toBeNull();
    expect(body.HasMore).toBe(body.NextCursor !== null);
    if (!body.NextCursor) return ids;
    after = body.NextCursor;
    await between?.();
  }
  throw new Error('no last page');
}

describe('the keyset search', () => {
  it('pages through every matching row exactly once, in title order, now and at a Timepoint', async () => {
    const made: number[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom(...names), fc.constantFrom('Approved', 'Blocked')), {
          maxLength: 6,
        }),
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom('', 'alpha', 'ET'),
        fc.boolean(),
        async (creates, limit, text, blocked) => {
          const before = server.clock.now() - 1;
          for (const [name, status] of creates) made.push(await createSupplier(name, status));
          const filters = { text: text || undefined, Status: blocked ? 'Blocked' : undefined };
          for (const Timepoint of [undefined, iso(before)]) {
            const expected = await allRows({ ...filters, Timepoint });
            expect(await walk({ ...filters, limit, Timepoint })).toEqual(expected);
          }
        },
      ),
      { numRuns: 25 },
    );
    expect(made.length).toBeGreaterThan(0);
  }, 120_000);

  it('sees no row twice when records are created between its pages', async () => {
    for (const name of names) await createSupplier(`${name} Between`);
    const before = await allRows({ text: 'between' });
    let round = 0;
    const seen = await walk({ text: 'between', limit: 2 }, async () => {
      round += 1;
      // Titles before, inside and after the pages read so far.
      await createSupplier(['Aaa Between', 'Beta Between', 'Zzz Between'][round % 3]!);
    });
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => before.includes(id))).toEqual(before);
  });

  it('counts only when asked, exactly up to the cap and "more than" the cap past it', async () => {
    for (let i = 0; i < COUNT_CAP + 2; i += 1) await createSupplier(`Countable ${i}`);
    const uncounted = await page({ text: 'countable', limit: 2 });
    expect([uncounted.Total, uncounted.TotalIsExact]).toEqual([null, null]);
    expect(uncounted.HasMore).toBe(true);
    const capped = await page({ text: 'countable', limit: 2, count: 'exact' });
    expect([capped.Total, capped.TotalIsExact]).toEqual([COUNT_CAP, false]);
    const exact = await page({ text: 'countable 1', count: 'exact' });
    expect([exact.Total, exact.TotalIsExact]).toEqual([1, true]);
    expect(exact.HasMore).toBe(false);
    expect(exact.NextCursor).toBeNull();
  });

  it('answers 400 VALIDATION naming after for a cursor it did not make', async () => {
    const bad = [
      'not a cursor!',
      Buffer.from('not json').toString('base64url'),
      Buffer.from(JSON.stringify({ k: 'a' })).toString('base64url'),
      Buffer.from(JSON.stringify({ k: 'a', i: -1 })).toString('base64url'),
      Buffer.from(JSON.stringify({ k: 'a', i: 1.5 })).toString('base64url'),
      Buffer.from(JSON.stringify({ k: 'a', i: 1, x: 1 })).toString('base64url'),
      Buffer.from(JSON.stringify(['a', 1])).toString('base64url'),
    ];
    for (const after of bad) {
      const response = await supervisor.fetch(`api/v1/forms/101/search/page?${query({ after })}`);
      expect(response.status, after).toBe(400);
      const body = ApiErrorBodySchema.parse(await response.json());
      expect(body.Code).toBe('VALIDATION');
      expect(body.Issues?.[0]?.path).toEqual(['after']);
    }
    expect((await page({ after: encodeCursor({ key: 'a', id: 1 }) })).Rows).toBeDefined();
  });

  it('answers 400 VALIDATION for an unknown filter column, a bad count or limit', async () => {
    for (const [params, field] of [
      [{ NoSuchField: 'x' }, 'NoSuchField'],
      [{ page: '2' }, 'page'],
      [{ count: 'maybe' }, 'count'],
      [{ limit: '0' }, 'limit'],
      [{ limit: '501' }, 'limit'],
    ] as const) {
      const response = await supervisor.fetch(`api/v1/forms/101/search/page?${query(params)}`);
      expect(response.status, field).toBe(400);
      const body = ApiErrorBodySchema.parse(await response.json());
      expect(body.Code).toBe('VALIDATION');
      expect(body.Issues?.[0]?.path).toEqual([field]);
    }
  });

  it('answers an empty last page for a cursor past the end', async () => {
    const body = await page({ after: encodeCursor({ key: '\u{10FFFF}', id: 1 }), count: 'exact' });
    expect(body.Rows).toEqual([]);
    expect(body.HasMore).toBe(false);
    expect(body.NextCursor).toBeNull();
    expect(body.TotalIsExact).not.toBeNull();
  });
});
