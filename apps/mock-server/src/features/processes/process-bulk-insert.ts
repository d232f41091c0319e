import type { SqliteDatabase } from '../../db/sqlite';
import { initialPhase, ProcessCommandDefinitionSchema } from './process-definitions';
import { createProcessHistory } from './process-history';

/**
 * Bulk import of processes of one command (benchmarks): `count` processes owned by a user, each
 * with its steps (the first active), in one transaction. Not for request handling.
 */
export function bulkInsertProcesses(
  db: SqliteDatabase,
  options: { commandName: string; count: number; ownerUserId: number; createdBy: string },
): void {
  const command = db
    .prepare<[string], { id: number }>('SELECT id FROM process_commands WHERE name = ?')
    .get(options.commandName);
  if (!command) throw new Error(`no command ${options.commandName}`);
  // The command's current version, as a process created now would run it.
  const latest = db
    .prepare<[number], { version: number; json: string }>(
      'SELECT version, json FROM process_command_versions WHERE command_id = ? ORDER BY version DESC LIMIT 1',
    )
    .get(command.id);
  if (!latest) throw new Error(`no version of command ${options.commandName}`);
  const phases = ProcessCommandDefinitionSchema.parse(JSON.parse(latest.json)).steps.map(initialPhase);
  const insertProcess = db.prepare<[number, number, string, number, string, string]>(
    `INSERT INTO processes (command_id, command_version, name, state, owner_user_id, created_by, created_at_utc)
     VALUES (?, ?, ?, 'open', ?, ?, ?)`,
  );
  const insertStep = db.prepare<[number, number, string, string]>(
    'INSERT INTO process_steps (process_id, position, state, phase) VALUES (?, ?, ?, ?)',
  );
  const setCurrent = db.prepare<[number, number]>('UPDATE processes SET current_step_id = ? WHERE id = ?');
  const insertEvent = db.prepare<[number, string, string]>(
    `INSERT INTO process_events (process_id, at_utc, by_user, kind) VALUES (?, ?, ?, 'process-created')`,
  );
  const history = createProcessHistory(db);
  db.transaction(() => {
    const at = new Date().toISOString();
    for (let n = 0; n < options.count; n++) {
      const id = Number(
        insertProcess.run(
          command.id,
          latest.version,
          `${options.commandName} ${n + 1}`,
          options.ownerUserId,
          options.createdBy,
          at,
        ).lastInsertRowid,
      );
      let first = 0;
      phases.forEach((phase, position) => {
        const stepId = Number(
          insertStep.run(id, position, position === 0 ? 'active' : 'waiting', phase).lastInsertRowid,
        );
        if (position === 0) first = stepId;
      });
      if (first) setCurrent.run(first, id);
      insertEvent.run(id, at, options.createdBy);
      history.record(id, at);
    }
  })();
}
