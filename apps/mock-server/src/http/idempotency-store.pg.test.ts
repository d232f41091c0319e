import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgDatabase } from '../db/pg';
import { openParityDatabases, type ParityDatabases } from '../testing/parity';
import { overlapWrites } from '../testing/pg-overlap';
import { sameAnswers } from '../testing/same-answers';
import { createSqliteIdempotencyStore } from './idempotency-store';
import { createPgIdempotencyStore } from './idempotency-store.pg';

let both: ParityDatabases;
beforeAll(async () => {
  both = await openParityDatabases();
});
afterAll(() => both?.close());

/** An ISO instant `s` seconds into the test's day. */
const at = (s: number) => new Date(Date.UTC(2026, 0, 1) + s * 1000).toISOString();
const entry = (userId: number, key: string, createdAt: string) => ({
  userId,
  key,
  method: 'POST',
  path: '/api/v1/records',
  fingerprint: key.startsWith('upload') ? null : `fp-${key}`,
  createdAt,
});
const cutoffs = (now: number) => ({ expiredBefore: at(now - 100), abandonedBefore: at(now - 10) });

describe('IdempotencyStore on PostgreSQL', () => {
  it('claims, refuses a taken key with its entry, completes, releases and prunes as SQLite', async () => {
    const same = sameAnswers(createSqliteIdempotencyStore(both.sqlite), createPgIdempotencyStore(both.pg));
    const first = await same((s) => s.claim(entry(1, 'a', at(0)), cutoffs(0)));
    expect(first).toEqual({ value: { kind: 'claimed' } });
    const taken = await same((s) => s.claim(entry(1, 'a', at(1)), cutoffs(1)));
    expect(taken).toMatchObject({ value: { kind: 'taken', entry: { key: 'a', status: null } } });
    await same((s) => s.claim(entry(2, 'a', at(1)), cutoffs(1)));
    await same((s) => s.claim(entry(1, 'upload-b', at(2)), cutoffs(2)));
    await same((s) =>
      s.complete(
        { userId: 1, key: 'a', claimedAt: at(0) },
        { fingerprint: 'fp-a', status: 201, body: '{"Id":1}', completedAt: at(3) },
      ),
    );
    await same((s) => s.claim(entry(1, 'a', at(4)), cutoffs(4)));
    // A completed key is not released; an in-progress one is, and may be claimed again.
    await same((s) => s.release({ userId: 1, key: 'a', claimedAt: at(0) }));
    await same((s) => s.release({ userId: 1, key: 'upload-b', claimedAt: at(2) }));
    await same((s) => s.claim(entry(1, 'upload-b', at(5)), cutoffs(5)));
    // Abandoned after 10 s in progress, expired after 100 s whatever its state.
    await same((s) => s.claim(entry(1, 'upload-b', at(20)), cutoffs(20)));
    await same((s) => s.claim(entry(1, 'a', at(120)), cutoffs(120)));
    await same((s) => s.prune(at(200)));
    await same((s) => s.prune(at(200)));
  });

  it('answers and releases only the claim it names: a late request leaves a newer claim of its key alone', async () => {
    const same = sameAnswers(createSqliteIdempotencyStore(both.sqlite), createPgIdempotencyStore(both.pg));
    await same((s) => s.prune(at(1_000_000)));
    const old = { userId: 3, key: 'late', claimedAt: at(0) };
    await same((s) => s.claim(entry(3, 'late', old.claimedAt), cutoffs(0)));
    // Abandoned (in progress for more than 10 s): a retry claims the key anew.
    expect(await same((s) => s.claim(entry(3, 'late', at(30)), cutoffs(30)))).toEqual({
      value: { kind: 'claimed' },
    });
    const answer = { fingerprint: 'fp-late', status: 201, body: '{"Id":9}', completedAt: at(31) };
    await same((s) => s.complete(old, answer));
    await same((s) => s.release(old));
    const stillNew = await same((s) => s.claim(entry(3, 'late', at(32)), cutoffs(32)));
    expect(stillNew).toMatchObject({ value: { kind: 'taken', entry: { createdAt: at(30), status: null } } });
    await same((s) => s.complete({ ...old, claimedAt: at(30) }, answer));
    const done = await same((s) => s.claim(entry(3, 'late', at(33)), cutoffs(33)));
    expect(done).toMatchObject({ value: { kind: 'taken', entry: { createdAt: at(30), status: 201 } } });
  });

  it('answers as SQLite for any sequence of claims, completions, releases and prunes', async () => {
    // Few instants, so completions and releases often name a claim that exists.
    const times = fc.constantFrom(0, 5, 30, 150);
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('claim' as const),
        user: fc.nat(1),
        key: fc.constantFrom('k', 'upload-u'),
        t: times,
      }),
      fc.record({
        kind: fc.constant('complete' as const),
        user: fc.nat(1),
        key: fc.constantFrom('k', 'upload-u'),
        claimed: times,
        t: fc.nat(200),
      }),
      fc.record({
        kind: fc.constant('release' as const),
        user: fc.nat(1),
        key: fc.constantFrom('k', 'upload-u'),
        claimed: times,
      }),
      fc.record({ kind: fc.constant('prune' as const), t: fc.nat(300) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 12 }), async (ops) => {
        const same = sameAnswers(
          createSqliteIdempotencyStore(both.sqlite),
          createPgIdempotencyStore(both.pg),
        );
        // Each run starts empty (the prune counts compare too).
        await same((s) => s.prune(at(1_000_000)));
        for (const o of ops) {
          if (o.kind === 'claim') await same((s) => s.claim(entry(o.user, o.key, at(o.t)), cutoffs(o.t)));
          else if (o.kind === 'complete') {
            await same((s) =>
              s.complete(
                { userId: o.user, key: o.key, claimedAt: at(o.claimed) },
                { fingerprint: 'f', status: 200, body: '{}', completedAt: at(o.t) },
              ),
            );
          } else if (o.kind === 'release') {
            await same((s) => s.release({ userId: o.user, key: o.key, claimedAt: at(o.claimed) }));
          } else await same((s) => s.prune(at(o.t)));
        }
      }),
      { numRuns: 30 },
    );
  });

  it('lets exactly one of several servers claiming one key at once win; the others see its entry', async () => {
    const others = await Promise.all(
      [1, 2, 3].map(() => openPgDatabase(both.pg.pool.options.connectionString!, 'demo')),
    );
    try {
      for (let round = 0; round < 5; round++) {
        // All four start before any writes: the overlap four servers can have.
        const overlap = overlapWrites(4);
        const stores = [both.pg, ...others].map((db) => createPgIdempotencyStore(overlap(db)));
        const key = `race-${round}`;
        const results = await Promise.all(
          stores.map((s) => s.claim(entry(7, key, at(round)), cutoffs(round))),
        );
        expect(results.filter((r) => r.kind === 'claimed')).toHaveLength(1);
        for (const r of results) {
          if (r.kind === 'taken') expect(r.entry).toMatchObject({ userId: 7, key, status: null });
        }
      }
    } finally {
      await Promise.all(others.map((db) => db.close()));
    }
  });
});
