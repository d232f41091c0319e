import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openParityDatabases, type ParityDatabases } from '../../testing/parity';
import { overlapWrites } from '../../testing/pg-overlap';
import { sameAnswers } from '../../testing/same-answers';
import { createSqliteSigningStore, type SecurityEventSource } from './signing-store';
import { createPgSigningStore } from './signing-store.pg';

let both: ParityDatabases;
beforeAll(async () => {
  both = await openParityDatabases();
});
afterAll(() => both?.close());

const source = (sessionId: string, recordId: number | null = null): SecurityEventSource => ({
  userId: 2,
  userName: 'operator',
  sessionId,
  address: '127.0.0.1',
  atUtc: '2026-01-01T00:00:00.000Z',
  webTemplateNo: 1,
  recordId,
});

describe('SigningStore on PostgreSQL', () => {
  it('counts failures, blocks at the limit, keeps a block through a success and pages events as SQLite', async () => {
    const same = sameAnswers(createSqliteSigningStore(both.sqlite), createPgSigningStore(both.pg));
    await same((s) => s.state('a'));
    await same((s) => s.recordFailure(source('a', 5), 'password', 3));
    await same((s) => s.recordFailure(source('a'), 'legal_name', 3));
    await same((s) => s.recordSuccess('a', true));
    await same((s) => s.state('a'));
    for (let i = 0; i < 3; i++) await same((s) => s.recordFailure(source('a'), 'password', 3));
    expect(await createPgSigningStore(both.pg).state('a')).toMatchObject({
      blocked: true,
      passwordGiven: true,
    });
    await same((s) => s.recordBlockedAttempt(source('a')));
    await same((s) => s.recordSuccess('a', false));
    await same((s) => s.state('a'));
    await same((s) => s.recordFailure(source('b'), 'password', 1));
    await same((s) => s.recordSuccess('c', false));
    await same((s) => s.state('c'));
    const all = await same((s) => s.list({ limit: 100 }));
    expect('value' in all && all.value.length).toBe(9);
    await same((s) => s.list({ limit: 3 }));
    await same((s) => s.list({ beforeId: 'value' in all ? all.value[2]!.id : 0, limit: 4 }));
  });

  it('answers as SQLite for any sequence of failures, successes and blocked attempts', async () => {
    let run = 0;
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('fail' as const),
        cause: fc.constantFrom('password' as const, 'legal_name' as const),
      }),
      fc.record({ kind: fc.constant('success' as const), password: fc.boolean() }),
      fc.constant({ kind: 'blocked' as const }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { maxLength: 10 }),
        fc.integer({ min: 1, max: 4 }),
        async (ops, blockAt) => {
          run += 1;
          const id = `model-${run}`;
          const same = sameAnswers(createSqliteSigningStore(both.sqlite), createPgSigningStore(both.pg));
          for (const o of ops) {
            if (o.kind === 'fail') await same((s) => s.recordFailure(source(id), o.cause, blockAt));
            else if (o.kind === 'success') await same((s) => s.recordSuccess(id, o.password));
            else await same((s) => s.recordBlockedAttempt(source(id)));
            await same((s) => s.state(id));
          }
          await same((s) => s.list({ limit: 12 }));
        },
      ),
      { numRuns: 30 },
    );
  });

  it('counts every one of concurrent failures once and blocks exactly once', async () => {
    // All four read the state before any writes: the overlap four servers can have.
    const store = createPgSigningStore(overlapWrites(4)(both.pg));
    const results = await Promise.all(
      Array.from({ length: 4 }, () => store.recordFailure(source('race'), 'password', 3)),
    );
    expect(results.map((r) => r.failures).sort()).toEqual([1, 2, 3, 4]);
    expect(await store.state('race')).toEqual({ passwordGiven: false, failures: 4, blocked: true });
    const blocks = await both.pg.one<{ n: number }>(
      "SELECT count(*) AS n FROM security_events WHERE session_id = 'race' AND kind = 'signing_blocked'",
    );
    expect(blocks?.n).toBe(1);
  });
});
