import type { SqliteDatabase } from '../../db/sqlite';
import {
  ProcessCommandDefinitionSchema,
  type StepDefinition,
  StepDefinitionSchema,
} from './process-definitions';
import type { CommandRecord, ProcessStore } from './processes-store';

interface CommandRow {
  id: number;
  name: string;
  description: string;
  open_flow: number;
  start: number;
  ask_name: number;
  version: number;
}

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
  const commandStepRows = db.prepare<[], { command_id: number; definition_json: string }>(
    'SELECT command_id, definition_json FROM process_command_steps ORDER BY command_id, position',
  );

  // The current definitions change only by a publish (commandsChanged), so they are read once
  // per publish; a published version never changes (append-only), so it is read once.
  let commands: CommandRecord[] | null = null;
  const versions = new Map<string, CommandRecord | null>();
  const loadVersion = (id: number, version: number): CommandRecord | null => {
    const key = `${id}:${version}`;
    if (versions.has(key)) return versions.get(key) ?? null;
    const row = commandVersionRow.get(id, version);
    const definition = row ? ProcessCommandDefinitionSchema.parse(JSON.parse(row.json)) : null;
    // A command written straight into the tables (not published through the designer) has no
    // version row yet: it is its version 1 as the tables hold it, as the command list reads it.
    const record = definition
      ? { id, version, ...definition }
      : (loadCommands().find((command) => command.id === id && command.version === version) ?? null);
    versions.set(key, record);
    return record;
  };
  const loadCommands = (): CommandRecord[] => {
    if (commands) return commands;
    const steps = new Map<number, StepDefinition[]>();
    for (const row of commandStepRows.all()) {
      const list = steps.get(row.command_id) ?? [];
      list.push(StepDefinitionSchema.parse(JSON.parse(row.definition_json)));
      steps.set(row.command_id, list);
    }
    commands = commandRows.all().map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      openFlow: row.open_flow === 1,
      start: row.start === 1,
      askName: row.ask_name === 1,
      steps: steps.get(row.id) ?? [],
      version: row.version,
    }));
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
