import type { PgDatabase } from '../../db/pg';
import type { CommandVersionStore, PublishCommandResult } from './command-versions-store';
import type { StoredVersion } from './version-table';
import { createPgVersionTable } from './version-table.pg';

/** {@link CommandVersionStore} on PostgreSQL. */
export function createPgCommandVersionStore(db: PgDatabase): CommandVersionStore {
  const table = createPgVersionTable(db, { table: 'process_command_versions', keyColumn: 'command_id' });

  return {
    ...table.reads,
    async listCurrent() {
      return db.many<StoredVersion>(
        `SELECT v.command_id AS key, v.version, v.json, v.published_at_utc AS "publishedAt",
           v.published_by AS "publishedBy", v.change_note AS "changeNote"
         FROM process_commands AS c
         JOIN process_command_versions AS v ON v.command_id = c.id
           AND v.version = (SELECT max(version) FROM process_command_versions WHERE command_id = c.id)
         ORDER BY c.id`,
      );
    },
    async unknownCommands(names) {
      if (names.length === 0) return [];
      const known = await db.many<{ name: string }>(
        'SELECT name FROM process_commands WHERE name = ANY($1::text[])',
        [[...names]],
      );
      const named = new Set(known.map((row) => row.name));
      return names.filter((name) => !named.has(name));
    },
    publish(input) {
      return db.transaction(
        (tx): Promise<PublishCommandResult> =>
          table.publish(tx, input, {
            // The current version (a new process's steps, the creatable-commands list); running
            // processes read theirs from process_command_versions.
            makeCurrent: async () => {
              await tx.run(
                `UPDATE process_commands SET description = $1, open_flow = $2, start = $3, ask_name = $4
                 WHERE id = $5`,
                [
                  input.command.description,
                  input.command.openFlow ? 1 : 0,
                  input.command.start ? 1 : 0,
                  input.command.askName ? 1 : 0,
                  input.key,
                ],
              );
              await tx.run('DELETE FROM process_command_steps WHERE command_id = $1', [input.key]);
              for (const [position, json] of input.steps.entries()) {
                await tx.run(
                  'INSERT INTO process_command_steps (command_id, position, definition_json) VALUES ($1, $2, $3)',
                  [input.key, position, json],
                );
              }
            },
          }),
      );
    },
  };
}
