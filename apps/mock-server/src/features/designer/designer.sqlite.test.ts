import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../db/sqlite';
import { startTestServer, type TestServer } from '../../testing/harness';
import { VERSION_AT_SQL } from './definition-versions-store';

// SQLite's query plan for the version-at-a-timepoint lookup (designer.test.ts has the rest, on both engines).

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function withDb<T>(work: (db: ReturnType<typeof openSqlite>) => T): T {
  const db = openSqlite(path.join(server.dataDir, 'demo.sqlite'));
  try {
    return work(db);
  } finally {
    db.close();
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

describe('form designer on SQLite', () => {
  it('finds the version in force at a timepoint with one seek of an index (no scan, no sort)', () => {
    const plan = withDb((db) =>
      (
        db.prepare(`EXPLAIN QUERY PLAN ${VERSION_AT_SQL}`).all(102, iso(server.clock.now())) as {
          detail: string;
        }[]
      )
        .map((row) => row.detail)
        .join('; '),
    );
    expect(plan).toMatch(/SEARCH form_definition_versions USING COVERING INDEX form_definition_versions_at/);
    expect(plan).not.toMatch(/TEMP B-TREE|SCAN/);
  });
});
