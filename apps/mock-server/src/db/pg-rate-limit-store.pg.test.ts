import type { Options } from 'express-rate-limit';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from '../testing/harness';
import { createTestPgDatabase, type TestPgDatabase } from '../testing/pg';
import { createPgRateLimitStore, ensureRateLimitTable } from './pg-rate-limit-store';

let database: TestPgDatabase;
const pools: pg.Pool[] = [];
beforeAll(async () => {
  database = await createTestPgDatabase();
});
afterAll(async () => {
  for (const pool of pools) await pool.end();
  await database?.drop();
});

/** One server's store: its own pool on the shared database, a window of a minute. */
async function serverStore(clock: { now(): number }, prefix = 'logon-user:') {
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  pools.push(pool);
  await ensureRateLimitTable(pool);
  const store = createPgRateLimitStore(pool, prefix, clock.now);
  store.init?.({ windowMs: 60_000 } as Options);
  return store;
}

describe('the failed-logon counters on PostgreSQL', () => {
  it('counts the hits of every server together, atomically, in one window', async () => {
    const clock = fakeClock();
    const [a, b] = await Promise.all([serverStore(clock), serverStore(clock)]);
    const hits = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b).increment('10.0.0.1|demo|bob')),
    );
    expect(hits.map((hit) => hit.totalHits).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(hits[0]!.resetTime?.getTime()).toBe(clock.now() + 60_000);
    expect((await b.get!('10.0.0.1|demo|bob'))?.totalHits).toBe(20);
    await a.decrement('10.0.0.1|demo|bob');
    expect((await b.get!('10.0.0.1|demo|bob'))?.totalHits).toBe(19);
  });

  it('starts a new window once the last one ended, and forgets a key that is reset', async () => {
    const clock = fakeClock();
    const [a, b] = await Promise.all([serverStore(clock), serverStore(clock)]);
    await a.increment('10.0.0.2|demo|eve');
    await b.increment('10.0.0.2|demo|eve');
    clock.advance(60_000);
    expect(await a.get!('10.0.0.2|demo|eve')).toBeUndefined();
    expect((await b.increment('10.0.0.2|demo|eve')).totalHits).toBe(1);
    await a.resetKey('10.0.0.2|demo|eve');
    expect(await b.get!('10.0.0.2|demo|eve')).toBeUndefined();
  });

  it('keeps the two limits apart by prefix', async () => {
    const clock = fakeClock();
    const perUser = await serverStore(clock, 'logon-user:');
    const perAddress = await serverStore(clock, 'logon-address:');
    await perUser.increment('10.0.0.3');
    expect((await perAddress.increment('10.0.0.3')).totalHits).toBe(1);
  });
});
