import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPgDatabase, type TestPgDatabase } from '../testing/pg';
import { type ChangeFeed, createPgChangeFeed } from './change-feed';

let database: TestPgDatabase;
const pools: pg.Pool[] = [];
const feeds: ChangeFeed[] = [];

beforeAll(async () => {
  database = await createTestPgDatabase();
});
afterAll(async () => {
  for (const feed of feeds) await feed.close();
  for (const pool of pools) await pool.end();
  await database?.drop();
});

/** A feed as one server opens it: its own pool on the shared database. */
async function server() {
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  // As openPgDatabase does: an idle connection cut by the tests below must not crash the run.
  pool.on('error', () => {});
  pools.push(pool);
  const feed = await createPgChangeFeed(pool, { databases: ['demo', 'training'] });
  feeds.push(feed);
  const heard: string[] = [];
  feed.subscribe((id) => heard.push(id));
  return { pool, feed, heard };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('the change feed on PostgreSQL', () => {
  it("runs the publisher's listeners before publish returns, and every other server's once the notification arrives", async () => {
    const a = await server();
    const b = await server();
    await a.feed.publish('demo');
    expect(a.heard).toEqual(['demo']);
    await until(() => b.heard.length > 0);
    expect(b.heard).toEqual(['demo']);
    await b.feed.publish('training');
    await until(() => a.heard.length > 1);
    expect(a.heard).toEqual(['demo', 'training']);
    expect(b.heard).toEqual(['demo', 'training']);
  });

  it('listens again after its connection is cut, dropping every database then (what it missed)', async () => {
    const a = await server();
    const b = await server();
    await a.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
    );
    await until(() => a.heard.length >= 2 && b.heard.length >= 2);
    expect(a.heard.sort()).toEqual(['demo', 'training']);
    await a.feed.publish('demo');
    await until(() => b.heard.length >= 3);
    expect(b.heard.slice(2)).toEqual(['demo']);
  });

  it('lets the connection of a closed feed be cut later without an error escaping (the test run would catch it)', async () => {
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    pool.on('error', () => {});
    pools.push(pool);
    const feed = await createPgChangeFeed(pool, { databases: ['demo'] });
    await feed.close();
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    await admin.end();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pool.totalCount).toBeLessThanOrEqual(2);
  });
});
