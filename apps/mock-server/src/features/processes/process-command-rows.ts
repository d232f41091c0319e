import {
  ProcessCommandDefinitionSchema,
  type StepDefinition,
  StepDefinitionSchema,
} from './process-definitions';
import type { CommandRecord } from './processes-store';

// The rows of process commands (the same on SQLite and PostgreSQL) and how they map to records.

/** A current command with the newest version published of it (1 when none is). */
export interface CommandRow {
  id: number;
  name: string;
  description: string;
  open_flow: number;
  start: number;
  ask_name: number;
  version: number;
}

/** A step definition of a current command, in order of command and position. */
export interface CommandStepRow {
  command_id: number;
  definition_json: string;
}

/** The current commands with their steps. */
export function toCommands(
  rows: readonly CommandRow[],
  stepRows: readonly CommandStepRow[],
): CommandRecord[] {
  const steps = new Map<number, StepDefinition[]>();
  for (const row of stepRows) {
    const list = steps.get(row.command_id) ?? [];
    list.push(StepDefinitionSchema.parse(JSON.parse(row.definition_json)));
    steps.set(row.command_id, list);
  }
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    openFlow: row.open_flow === 1,
    start: row.start === 1,
    askName: row.ask_name === 1,
    steps: steps.get(row.id) ?? [],
    version: row.version,
  }));
}

/**
 * A published version of a command from its `process_command_versions.json`, or, when it has no
 * version row (a command written straight into the tables, not published through the designer),
 * its version 1 as the current commands hold it.
 */
export function toCommandVersion(
  id: number,
  version: number,
  json: string | null,
  current: () => readonly CommandRecord[],
): CommandRecord | null {
  if (json !== null) return { id, version, ...ProcessCommandDefinitionSchema.parse(JSON.parse(json)) };
  return current().find((command) => command.id === id && command.version === version) ?? null;
}
