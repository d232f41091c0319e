import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInServer, type TestClient, type TestServer } from '../testing/harness';
import { withServerSql } from '../testing/server-sql';

let server: TestServer;
let supervisor: TestClient;

beforeAll(async () => {
  ({ server, supervisor } = await startSignedInServer());
});
afterAll(async () => {
  await server.close();
});

async function recordCount(): Promise<number> {
  const row = await withServerSql(server, (sql) =>
    sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM records'),
  );
  return Number(row?.n);
}

const request = fc.record({ key: fc.integer({ min: 0, max: 3 }), body: fc.integer({ min: 0, max: 2 }) });

describe('Idempotency-Key, for any sequence of requests', () => {
  it('stores exactly one create per distinct key and replays its first answer', {
    timeout: 120_000,
  }, async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 8 }), async (requests) => {
        run += 1;
        const before = await recordCount();
        const first = new Map<number, { body: number; status: number; json: unknown }>();
        for (const { key, body } of requests) {
          const response = await supervisor.fetch('api/v1/forms/102/records', {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-csrf-token': supervisor.cookies.get('procedo_csrf')!,
              'idempotency-key': `"run-${run}-key-${key}"`,
            },
            body: JSON.stringify({ Values: { Name: `Property ${run} body ${body}`, Status: 'Approved' } }),
          });
          const json: unknown = await response.json();
          const earlier = first.get(key);
          if (!earlier) {
            expect(response.status).toBe(201);
            first.set(key, { body, status: response.status, json });
          } else if (earlier.body === body) {
            expect({ status: response.status, json }).toEqual({ status: earlier.status, json: earlier.json });
          } else {
            expect(response.status).toBe(422);
          }
        }
        expect(await recordCount()).toBe(before + first.size);
      }),
      { numRuns: 25 },
    );
  });
});
