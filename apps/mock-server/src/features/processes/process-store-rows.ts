import type { ProcessState, StepState } from '@procedo/client-api';
import type { EventRecord, ProcessRecord, StepChange, StepRecord } from './processes-store';

// The rows of processes, steps and events (the same on SQLite and PostgreSQL), and how they map to the store's records.

export interface ProcessRow {
  id: number;
  command_id: number;
  command_version: number;
  name: string;
  parent_process_id: number | null;
  parent_step_id: number | null;
  parent_url: string | null;
  state: ProcessState;
  current_step_id: number | null;
  owner_user_id: number;
  created_by: string;
  created_at_utc: string;
  completed_at_utc: string | null;
  variables_json: string;
  property_bag: string | null;
}

export interface StepRow {
  id: number;
  process_id: number;
  position: number;
  state: StepState;
  phase: string;
  revision: number;
  answers_json: string;
  data_json: string | null;
  sub_process_id: number | null;
  last_request_key: string | null;
  last_result_json: string | null;
  completed_at_utc: string | null;
  completed_by: string | null;
}

export const toProcess = (row: ProcessRow): ProcessRecord => ({
  id: row.id,
  commandId: row.command_id,
  commandVersion: row.command_version,
  name: row.name,
  parentProcessId: row.parent_process_id,
  parentStepId: row.parent_step_id,
  parentUrl: row.parent_url,
  state: row.state,
  currentStepId: row.current_step_id,
  ownerUserId: row.owner_user_id,
  createdBy: row.created_by,
  createdAt: row.created_at_utc,
  completedAt: row.completed_at_utc,
  variablesJson: row.variables_json,
  propertyBag: row.property_bag,
});

export const toStep = (row: StepRow): StepRecord => ({
  id: row.id,
  processId: row.process_id,
  position: row.position,
  state: row.state,
  phase: row.phase,
  revision: row.revision,
  answersJson: row.answers_json,
  dataJson: row.data_json,
  subProcessId: row.sub_process_id,
  lastRequestKey: row.last_request_key,
  lastResultJson: row.last_result_json,
  completedAt: row.completed_at_utc,
  completedBy: row.completed_by,
});

export const STEP_COLUMNS: Record<Exclude<keyof StepChange, 'bumpRevision'>, string> = {
  state: 'state',
  phase: 'phase',
  answersJson: 'answers_json',
  dataJson: 'data_json',
  subProcessId: 'sub_process_id',
  lastRequestKey: 'last_request_key',
  lastResultJson: 'last_result_json',
  completedAt: 'completed_at_utc',
  completedBy: 'completed_by',
};

export interface EventRow {
  process_id: number;
  step_id: number | null;
  at_utc: string;
  by_user: string;
  kind: string;
  detail: string | null;
}

export const toEvent = (row: EventRow): EventRecord => ({
  processId: row.process_id,
  stepId: row.step_id,
  at: row.at_utc,
  by: row.by_user,
  kind: row.kind,
  detail: row.detail,
});

/** The columns a process change sets, with their values (in a fixed order); empty when nothing changes. */
export function processChangeColumns(
  change: Partial<Pick<ProcessRecord, 'state' | 'currentStepId' | 'completedAt'>>,
): [column: string, value: unknown][] {
  const sets: [string, unknown][] = [];
  if (change.state !== undefined) sets.push(['state', change.state]);
  if (change.currentStepId !== undefined) sets.push(['current_step_id', change.currentStepId]);
  if (change.completedAt !== undefined) sets.push(['completed_at_utc', change.completedAt]);
  return sets;
}

/** The columns a step change sets, with their values (in {@link STEP_COLUMNS} order); `bumpRevision` is apart. */
export function stepChangeColumns(change: StepChange): [column: string, value: unknown][] {
  const sets: [string, unknown][] = [];
  for (const [key, column] of Object.entries(STEP_COLUMNS) as [keyof typeof STEP_COLUMNS, string][]) {
    if (change[key] !== undefined) sets.push([column, change[key]]);
  }
  return sets;
}
