import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../db/sqlite';
import { startTestServer, type TestServer } from '../../testing/harness';
import { changesSql, DEFINITION_KINDS } from './definition-changes-store';

// SQLite's query plans for the audit trail of definition changes (definition-changes.test.ts has
// the rest, on both engines).

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('the audit trail of definition changes on SQLite', () => {
  it('reads each kind by its time-ordered index, never by sorting the whole history', () => {
    const db = openSqlite(path.join(server.dataDir, 'demo.sqlite'));
    try {
      for (const kind of DEFINITION_KINDS) {
        for (const place of ['first', 'atOrBefore', 'before', 'after'] as const) {
          const plan = db
            .prepare(`EXPLAIN QUERY PLAN ${changesSql(kind, place)}`)
            .all({ at: '2030-01-01T00:00:00.000Z', key: 1, version: 1, limit: 10 }) as { detail: string }[];
          const details = plan.map((row) => row.detail).join('\n');
          expect(details, `${kind} ${place}`).toMatch(/_versions_published/);
          expect(details, `${kind} ${place}`).not.toContain('TEMP B-TREE');
        }
      }
    } finally {
      db.close();
    }
  });
});
