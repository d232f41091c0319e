import type { ProcessState, StepState } from '@procedo/client-api';
import type { ProcessRecord, StepChange, StepRecord } from './processes-store';

// The SQLite rows of processes and steps, and how they map to the store's records.

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
