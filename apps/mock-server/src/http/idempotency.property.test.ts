import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../db/sqlite';
import { startSignedInServer, type TestClient, type TestServer } from '../testing/harness';

let server: TestServer;
let supervisor: TestClient;

beforeAll(async () => {
  ({ server, supervisor } = await startSignedInServer());
});
afterAll(async () => {
  await server.close();
});

function recordCount(): number {
  const db = openSqlite(path.join(server.dataDir, 'demo.sqlite'));
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM records').get() as { n: number }).n;
  } finally {
    db.close();
  }
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
        const before = recordCount();
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
        expect(recordCount()).toBe(before + first.size);
      }),
      { numRuns: 25 },
    );
  });
});
