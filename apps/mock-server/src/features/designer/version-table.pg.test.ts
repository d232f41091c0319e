import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgDatabase, type PgDatabase } from '../../db/pg';
import { migratePg } from '../../db/pg-migrate';
import { PG_MIGRATIONS } from '../../db/pg-migrations';
import { createTestPgDatabase, type TestPgDatabase } from '../../testing/pg';
import { pgVersionAtSql } from './version-table.pg';

let database: TestPgDatabase;
let db: PgDatabase;
beforeAll(async () => {
  database = await createTestPgDatabase();
  db = await openPgDatabase(database.url, 'demo');
  await migratePg(db, PG_MIGRATIONS);
});
afterAll(async () => {
  await db?.close();
  await database?.drop();
});

describe('the version table on PostgreSQL', () => {
  it.each([
    ['form_definition_versions', 'web_template_no', 102, 'form_definition_versions_at'],
    ['navigation_versions', 'profile_id', 1, 'navigation_versions_in_force'],
    ['datasource_versions', 'entity', 'supplier', 'datasource_versions_at'],
  ])(
    'finds the version of %s in force at T with one backward seek of its index, no sort',
    async (table, key, value, index) => {
      const plan = await db.transaction(async (tx) => {
        // An empty table: without this the planner reads it whole, which proves nothing.
        await tx.run('SET LOCAL enable_seqscan = off');
        return tx.many<{ 'QUERY PLAN': string }>(`EXPLAIN ${pgVersionAtSql(table, key)}`, [
          value,
          '2026-06-01T00:00:00.000Z',
        ]);
      });
      const text = plan.map((row) => row['QUERY PLAN']).join('\n');
      expect(text).toMatch(new RegExp(`Index Only Scan Backward using ${index} `));
      expect(text).not.toMatch(/Sort/);
    },
  );
});
