import { createWriter, type SqliteDatabase, type SqliteWriter } from '../../db/sqlite';
import {
  createVersionTable,
  type PublishVersionInput,
  type PublishVersionResult,
  type StoredVersion,
  type VersionReads,
} from './version-table';

/** What a command publish stores: the command row's fields and its steps' JSON, in order. */
export interface PublishCommandInput extends PublishVersionInput {
  command: { description: string; openFlow: boolean; start: boolean; askName: boolean };
  steps: readonly string[];
}

export type PublishCommandResult = PublishVersionResult;

/**
 * The published versions of process commands (append-only) of one database; the key is the
 * command's id and a version's JSON is the command's fields and ordered steps as the engine
 * stores them.
 */
export interface CommandVersionStore extends VersionReads {
  /** Every command's current version, by id. */
  listCurrent(): Promise<StoredVersion[]>;
  /** Which of `names` no command is named. */
  unknownCommands(names: readonly string[]): Promise<string[]>;
  /**
   * In one write transaction: refuses a stale base, else appends the version and makes it the
   * command's current definition (`process_commands`, `process_command_steps`).
   */
  publish(input: PublishCommandInput): Promise<PublishCommandResult>;
}

/** {@link CommandVersionStore} on SQLite. */
export function createSqliteCommandVersionStore(
  db: SqliteDatabase,
  write: SqliteWriter = createWriter(db),
): CommandVersionStore {
  const table = createVersionTable(db, { table: 'process_command_versions', keyColumn: 'command_id' });
  const current = db.prepare<[], StoredVersion>(
    `SELECT v.command_id AS key, v.version, v.json, v.published_at_utc AS publishedAt,
       v.published_by AS publishedBy, v.change_note AS changeNote
     FROM process_commands AS c
     JOIN process_command_versions AS v ON v.command_id = c.id
       AND v.version = (SELECT max(version) FROM process_command_versions WHERE command_id = c.id)
     ORDER BY c.id`,
  );
  const named = db.prepare<[string], { id: number }>('SELECT id FROM process_commands WHERE name = ?');
  const updateCommand = db.prepare(
    `UPDATE process_commands SET description = @description, open_flow = @openFlow, start = @start,
       ask_name = @askName WHERE id = @id`,
  );
  const deleteSteps = db.prepare<[number]>('DELETE FROM process_command_steps WHERE command_id = ?');
  const insertStep = db.prepare<[number, number, string]>(
    'INSERT INTO process_command_steps (command_id, position, definition_json) VALUES (?, ?, ?)',
  );

  return {
    ...table.reads,
    async listCurrent() {
      return current.all();
    },
    async unknownCommands(names) {
      return names.filter((name) => named.get(name) === undefined);
    },
    publish(input) {
      return write(() =>
        table.publish(input, {
          // The current version (a new process's steps, the creatable-commands list); running
          // processes read theirs from process_command_versions.
          makeCurrent: () => {
            updateCommand.run({
              id: input.key,
              description: input.command.description,
              openFlow: input.command.openFlow ? 1 : 0,
              start: input.command.start ? 1 : 0,
              askName: input.command.askName ? 1 : 0,
            });
            deleteSteps.run(input.key);
            input.steps.forEach((json, position) => {
              insertStep.run(input.key, position, json);
            });
          },
        }),
      );
    },
  };
}
