import path from 'node:path';
import { RecordSchema } from '@procedo/client-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../db/sqlite';
import { startSignedInServer, type TestClient, type TestServer } from '../../testing/harness';
import { certificate } from './file-test-support';

// SQLite's query plan for the file_links look-up; file-access.test.ts has the rest, on both engines.

let server: TestServer;
let supervisor: TestClient;

beforeAll(async () => {
  ({ server, supervisor } = await startSignedInServer());
});
afterAll(async () => {
  await server.close();
});

function withDb<T>(run: (db: ReturnType<typeof openSqlite>) => T): T {
  const db = openSqlite(path.join(server.dataDir, 'demo.sqlite'));
  try {
    return run(db);
  } finally {
    db.close();
  }
}

describe('downloading a file', () => {
  it('is decided from the file_links index, written with each version, not from a scan of versions', async () => {
    const ref = await supervisor.uploadFile('indexed.pdf', '%PDF-1.4 x');
    const created = RecordSchema.parse(await (await certificate(supervisor, ref, 'Indexed')).json());
    withDb((db) => {
      expect(
        db.prepare('SELECT record_id, element_name FROM file_links WHERE file_id = ?').all(ref.Id),
      ).toEqual([{ record_id: created.Id, element_name: 'Document' }]);
      const plan = (
        db
          .prepare(
            'EXPLAIN QUERY PLAN SELECT record_id, element_name FROM file_links WHERE file_id = ? ORDER BY record_id, element_name',
          )
          .all('x') as { detail: string }[]
      ).map((row) => row.detail);
      expect(plan.join('; ')).toMatch(/SEARCH file_links USING PRIMARY KEY \(file_id=\?\)/);
    });
  });
});
