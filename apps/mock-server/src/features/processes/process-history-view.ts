import type { ProcessState, StepState } from '@procedo/client-api';
import { type EventRow, toEvent } from './process-store-rows';
import type { ProcessRecord, ProcessStore, StepRecord } from './processes-store';

// The read-only view of processes at a Timepoint, the same on every engine: each engine's
// process-history file gives it the reads at T (`HistoryReads`), this builds the store from them.

/** A step as kept in `process_states.steps_json`. */
export interface KeptStep {
  id: number;
  position: number;
  state: StepState;
  phase: string;
  answers: string;
  subProcessId: number | null;
  completedAt: string | null;
  completedBy: string | null;
}

/** A row of `process_states`: a process's state as of `at_utc`. */
export interface StateRow {
  id: number;
  process_id: number;
  at_utc: string;
  state: ProcessState;
  current_step_id: number | null;
  completed_at_utc: string | null;
  steps_json: string;
}

/** The reads of one engine at the instant of a view (a change made at or before it counts). */
export interface HistoryReads {
  /** The newest kept state of the process at the instant, or null before its creation. */
  stateAt(processId: number): Promise<StateRow | null>;
  /** The process a step belongs to, or null for an unknown step. */
  processOfStep(stepId: number): Promise<number | null>;
  /** The ids of the sub-processes of a process (created at any time), in id order. */
  children(processId: number): Promise<number[]>;
  /** The newest `limit` events at the instant first. */
  eventsAt(processId: number, limit: number): Promise<EventRow[]>;
  /** The step's document as it was at the instant. */
  documentAt(stepId: number): Promise<{ process_id: number; html: string } | null>;
  /** The process list at the instant (processes created by then, with their state then). */
  listProcessesAt: ProcessStore['listProcesses'];
}

/** The steps of a kept state, in order of position, as the store's records (unkept fields empty). */
export function keptSteps(processId: number, stepsJson: string): StepRecord[] {
  return (JSON.parse(stepsJson) as KeptStep[])
    .map(
      (step): StepRecord => ({
        id: step.id,
        processId,
        position: step.position,
        state: step.state,
        phase: step.phase,
        revision: 0,
        answersJson: step.answers,
        dataJson: null,
        subProcessId: step.subProcessId,
        lastRequestKey: null,
        lastResultJson: null,
        completedAt: step.completedAt,
        completedBy: step.completedBy,
      }),
    )
    .sort((a, b) => a.position - b.position);
}

// The API refuses writes at a timepoint before a service runs (http/timepoint.ts).
const readOnly = (): Promise<never> =>
  Promise.reject(new Error('a process view at a timepoint is read-only'));

/**
 * A read-only view of `base` as it was at the instant of `reads`; its writes reject. `check`
 * runs before each of its own reads (the store's rule of when it may be called).
 */
export function historyView(base: ProcessStore, reads: HistoryReads, check: () => void): ProcessStore {
  // A view lives for one call, which reads the same process several times: each once.
  const loaded = new Map<number, Promise<{ process: ProcessRecord; steps: StepRecord[] } | null>>();
  const load = (id: number) => {
    let entry = loaded.get(id);
    if (!entry) {
      entry = read(id);
      loaded.set(id, entry);
    }
    return entry;
  };
  /** The process (with its steps) as it was at the instant, or null when it did not exist yet. */
  const read = async (id: number): Promise<{ process: ProcessRecord; steps: StepRecord[] } | null> => {
    check();
    const state = await reads.stateAt(id);
    if (!state) return null;
    const now = await base.getProcess(id);
    if (!now) return null;
    return {
      process: {
        ...now,
        state: state.state,
        currentStepId: state.current_step_id,
        completedAt: state.completed_at_utc,
      },
      steps: keptSteps(id, state.steps_json),
    };
  };

  return {
    transaction: readOnly,
    listCommands: () => base.listCommands(),
    getCommand: (id) => base.getCommand(id),
    getCommandByName: (name) => base.getCommandByName(name),
    getCommandVersion: (id, version) => base.getCommandVersion(id, version),
    commandsChanged: () => base.commandsChanged(),
    insertProcess: readOnly,
    insertSteps: readOnly,
    updateProcess: readOnly,
    updateStep: readOnly,
    appendEvent: readOnly,
    saveDocument: readOnly,
    writeKey: readOnly,
    at: (other) => base.at(other),
    getProcess: async (id) => (await load(id))?.process ?? null,
    async getStep(id) {
      check();
      const owner = await reads.processOfStep(id);
      if (owner === null) return null;
      return (await load(owner))?.steps.find((step) => step.id === id) ?? null;
    },
    listSteps: async (processId) => (await load(processId))?.steps ?? [],
    async listEvents(processId, limit) {
      check();
      return (await reads.eventsAt(processId, limit)).map(toEvent);
    },
    async listSubProcesses(processId) {
      check();
      const shown: Pick<ProcessRecord, 'id' | 'name' | 'state'>[] = [];
      for (const child of await reads.children(processId)) {
        const process = (await load(child))?.process;
        if (process) shown.push({ id: process.id, name: process.name, state: process.state });
      }
      return shown;
    },
    async getDocument(stepId) {
      check();
      const row = await reads.documentAt(stepId);
      return row ? { processId: row.process_id, html: row.html } : null;
    },
    async listProcesses(options) {
      check();
      return reads.listProcessesAt(options);
    },
  };
}
