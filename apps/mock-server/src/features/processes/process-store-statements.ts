import type { ProcessState } from '@procedo/client-api';
import type { SqliteDatabase } from '../../db/sqlite';
import { sqliteKeyWrites } from '../../http/idempotency-store';
import type { EventRow, ProcessRow, StepRow } from './process-store-rows';

/** The statements of the SQLite process store, prepared once per connection. */
export function prepareStatements(db: SqliteDatabase) {
  const updateStatements = new Map<string, ReturnType<SqliteDatabase['prepare']>>();
  const listStatements = new Map<string, ReturnType<SqliteDatabase['prepare']>>();
  const prepared = (cache: Map<string, ReturnType<SqliteDatabase['prepare']>>, sql: string) => {
    let statement = cache.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      cache.set(sql, statement);
    }
    return statement;
  };
  return {
    keyWrite: sqliteKeyWrites(db),
    insertProcess: db.prepare(
      `INSERT INTO processes (command_id, command_version, name, parent_process_id, parent_step_id, parent_url, state,
         owner_user_id, created_by, created_at_utc, variables_json, property_bag)
       VALUES (@commandId, @commandVersion, @name, @parentProcessId, @parentStepId, @parentUrl, 'open',
         @ownerUserId, @createdBy, @createdAt, @variablesJson, @propertyBag)`,
    ),
    insertStep: db.prepare<[number, number, string]>(
      `INSERT INTO process_steps (process_id, position, state, phase) VALUES (?, ?, 'waiting', ?)`,
    ),
    getProcess: db.prepare<[number], ProcessRow>('SELECT * FROM processes WHERE id = ?'),
    getStep: db.prepare<[number], StepRow>('SELECT * FROM process_steps WHERE id = ?'),
    processOfStep: db.prepare<[number], { process_id: number }>(
      'SELECT process_id FROM process_steps WHERE id = ?',
    ),
    listSteps: db.prepare<[number], StepRow>(
      'SELECT * FROM process_steps WHERE process_id = ? ORDER BY position',
    ),
    appendEvent: db.prepare(
      `INSERT INTO process_events (process_id, step_id, at_utc, by_user, kind, detail)
       VALUES (@processId, @stepId, @at, @by, @kind, @detail)`,
    ),
    listEvents: db.prepare<[number, number], EventRow>(
      'SELECT * FROM process_events WHERE process_id = ? ORDER BY id DESC LIMIT ?',
    ),
    listChildren: db.prepare<[number], { id: number; name: string; state: ProcessState }>(
      'SELECT id, name, state FROM processes WHERE parent_process_id = ? ORDER BY id',
    ),
    saveDocument: db.prepare(
      `INSERT INTO process_documents (step_id, process_id, html, created_at_utc, created_by)
       VALUES (@stepId, @processId, @html, @at, @by)
       ON CONFLICT (step_id) DO UPDATE SET html = excluded.html, created_at_utc = excluded.created_at_utc,
         created_by = excluded.created_by`,
    ),
    getDocument: db.prepare<[number], { process_id: number; html: string }>(
      'SELECT process_id, html FROM process_documents WHERE step_id = ?',
    ),
    update: (sql: string) => prepared(updateStatements, sql),
    list: (sql: string) => prepared(listStatements, sql),
  };
}

export type ProcessStatements = ReturnType<typeof prepareStatements>;
