import type { SqliteDatabase } from '../../db/sqlite';
import { type CommandRow, type CommandStepRow, toCommands, toCommandVersion } from './process-command-rows';
import type { CommandRecord, ProcessStore } from './processes-store';

/** The SQLite reads behind the command calls of the {@link ProcessStore} (which make them async). */
export interface CommandReads {
  listCommands(): CommandRecord[];
  getCommand(id: number): CommandRecord | null;
  getCommandByName(name: string): CommandRecord | null;
  getCommandVersion(id: number, version: number): CommandRecord | null;
  commandsChanged(): void;
}

/** The command reads of the {@link ProcessStore}: the current definitions and their published versions. */
export function createCommandReads(db: SqliteDatabase): CommandReads {
  const commandRows = db.prepare<[], CommandRow>(
    `SELECT c.*, coalesce((SELECT max(version) FROM process_command_versions WHERE command_id = c.id), 1) AS version
     FROM process_commands AS c ORDER BY c.id`,
  );
  const commandVersionRow = db.prepare<[number, number], { json: string }>(
    'SELECT json FROM process_command_versions WHERE command_id = ? AND version = ?',
  );
  const commandStepRows = db.prepare<[], CommandStepRow>(
    'SELECT command_id, definition_json FROM process_command_steps ORDER BY command_id, position',
  );

  // The current definitions change only by a publish (commandsChanged), so they are read once
  // per publish; a published version never changes (append-only), so it is read once.
  let commands: CommandRecord[] | null = null;
  const versions = new Map<string, CommandRecord | null>();
  const loadVersion = (id: number, version: number): CommandRecord | null => {
    const key = `${id}:${version}`;
    if (versions.has(key)) return versions.get(key) ?? null;
    const record = toCommandVersion(
      id,
      version,
      commandVersionRow.get(id, version)?.json ?? null,
      loadCommands,
    );
    versions.set(key, record);
    return record;
  };
  const loadCommands = (): CommandRecord[] => {
    if (commands) return commands;
    commands = toCommands(commandRows.all(), commandStepRows.all());
    return commands;
  };

  return {
    listCommands: loadCommands,
    getCommand: (id) => loadCommands().find((command) => command.id === id) ?? null,
    getCommandByName: (name) => loadCommands().find((command) => command.name === name) ?? null,
    getCommandVersion: loadVersion,
    commandsChanged() {
      commands = null;
    },
  };
}
