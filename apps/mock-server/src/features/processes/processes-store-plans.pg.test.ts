import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgDatabase, type PgDatabase } from '../../db/pg';
import { migratePg } from '../../db/pg-migrate';
import { PG_MIGRATIONS } from '../../db/pg-migrations';
import { createTestPgDatabase, type TestPgDatabase } from '../../testing/pg';

// The process store's seeks on PostgreSQL use the indexes they use on SQLite (a plan is asked
// with sequential scans and sorts priced out, so an index that gives the rows in order is chosen
// whatever the table's size).

let database: TestPgDatabase;
let db: PgDatabase;

beforeAll(async () => {
  database = await createTestPgDatabase();
  db = await openPgDatabase(database.url, 'demo');
  await migratePg(db, PG_MIGRATIONS);
}, 60_000);
afterAll(async () => {
  await db?.close();
  await database?.drop();
});

async function plan(sql: string, params: unknown[], sorted: boolean): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.run('SET LOCAL enable_seqscan = off');
    if (!sorted) await tx.run('SET LOCAL enable_sort = off');
    const rows = await tx.many<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

describe('the process store on PostgreSQL reads through its indexes', () => {
  it.each([
    [
      'the kept state at T (process_states_at, backward)',
      `SELECT * FROM process_states WHERE process_id = $1 AND at_utc <= $2 ORDER BY at_utc DESC, id DESC LIMIT 1`,
      [1, 'x'],
      'process_states_at',
    ],
    [
      'the events at T (process_events_at)',
      `SELECT * FROM process_events WHERE process_id = $1 AND at_utc <= $2 ORDER BY at_utc DESC, id DESC LIMIT $3`,
      [1, 'x', 5],
      'process_events_at',
    ],
    [
      'the newest events (process_events_by_process)',
      'SELECT * FROM process_events WHERE process_id = $1 ORDER BY id DESC LIMIT $2',
      [1, 5],
      'process_events_by_process',
    ],
    [
      'a document at T (process_document_versions_at)',
      `SELECT process_id, html FROM process_document_versions WHERE step_id = $1 AND created_at_utc <= $2
       ORDER BY created_at_utc DESC, id DESC LIMIT 1`,
      [1, 'x'],
      'process_document_versions_at',
    ],
    [
      'the sub-processes (processes_by_parent)',
      'SELECT id, name, state FROM processes WHERE parent_process_id = $1 ORDER BY id',
      [1],
      'processes_by_parent',
      // SQLite's index holds the rowid, PostgreSQL's does not: one process's children are sorted.
      true,
    ],
    [
      "an owner's processes (processes_by_owner)",
      'SELECT count(*) AS total FROM processes p WHERE p.owner_user_id = $1',
      [1],
      'processes_by_owner',
    ],
    [
      'the steps of a process (its unique position key)',
      'SELECT * FROM process_steps WHERE process_id = $1 ORDER BY position',
      [1],
      'process_steps_process_id_position_key',
    ],
  ])('%s', async (_what, sql, params, index, sorted = false) => {
    const text = await plan(sql, params, sorted);
    expect(text).toContain(index);
    expect(text).not.toContain('Seq Scan');
    if (!sorted) expect(text).not.toContain('Sort');
  });
});
