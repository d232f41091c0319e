import type { ProcessState } from '@procedo/client-api';
import type { ProcessOrderColumn, ProcessSummaryRecord } from './processes-store';

/** The SQL of each column the process list sorts on (never interpolated from input). */
export const PROCESS_ORDER_SQL: Record<ProcessOrderColumn, string> = {
  Id: 'p.id',
  Name: 'p.name COLLATE NOCASE',
  CommandName: 'c.name COLLATE NOCASE',
  State: 'p.state',
  CreatedAtUtc: 'p.created_at_utc',
};

/**
 * {@link PROCESS_ORDER_SQL} on PostgreSQL: lower() of a COLLATE "C" column folds ASCII only, as
 * NOCASE does, and sorts byte by byte.
 */
export const PG_PROCESS_ORDER_SQL: Record<ProcessOrderColumn, string> = {
  Id: 'p.id',
  Name: 'lower(p.name) COLLATE "C"',
  CommandName: 'lower(c.name) COLLATE "C"',
  State: 'p.state',
  CreatedAtUtc: 'p.created_at_utc',
};

/** A row of the process list as SQL reads it. */
export interface ProcessSummaryRow {
  id: number;
  name: string;
  command_id: number;
  command_version: number;
  command_name: string;
  parent_process_id: number | null;
  state: ProcessState;
  current_step_id: number | null;
  current_step_position: number | null;
  created_by: string;
  created_at_utc: string;
}

export const toSummary = (row: ProcessSummaryRow): ProcessSummaryRecord => ({
  id: row.id,
  name: row.name,
  commandId: row.command_id,
  commandVersion: row.command_version,
  commandName: row.command_name,
  parentProcessId: row.parent_process_id,
  state: row.state,
  currentStepId: row.current_step_id,
  currentStepPosition: row.current_step_position,
  createdBy: row.created_by,
  createdAt: row.created_at_utc,
});
