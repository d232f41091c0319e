import type {
  CreatableCommand,
  Process,
  ProcessesApi,
  ProcessVariable,
  StepKind,
  StepResult,
} from '@procedo/client-api';
import { createContext } from 'react';
import type { StepPhase } from '../machine/step-machine';

/** A step to run, as a process lists it. */
export interface RunStepTarget {
  Id: number;
  Name: string;
  /** Decides the screen of a pick-list or report-document step; fetched when not given. */
  StepKind?: StepKind | null;
}

/** Options of {@link ProcessRunner.startProcess} (spec §4 Process command). */
export interface StartProcessOptions {
  /**
   * Open the new process in the flow page.
   * @default the command's `OpenFlow`
   */
  openFlow?: boolean;
  /**
   * Run or open the first step.
   * @default the command's `Start`
   */
  start?: boolean;
  /**
   * The process name; when not given and the command has `AskName`, the user is asked
   * 'Enter a name for the new process'.
   */
  name?: string;
  /** `Properties.Variables` of the create payload (the form's name/value pairs). @default [] */
  variables?: readonly ProcessVariable[];
  /** `ParentUrl` of the create payload. @default the current page's URL */
  parentUrl?: string | null;
}

/** What `useProcessRunner()` gives. */
export interface ProcessRunner {
  /** Runs (or opens) a step: the whole §4 run, questions, screens, pages and completion included. */
  runStep(processId: number, step: RunStepTarget): void;
  /** Resets a step; toasts 'The step has been reset'. Resolves `false` when the call failed (an error toast). */
  resetStep(stepId: number): Promise<boolean>;
  /** Resets a step and every later one; toasts 'The step chain has been reset'. */
  resetStepChain(stepId: number): Promise<boolean>;
  /** Resets a whole process; toasts 'The process has been reset'. */
  resetProcess(processId: number): Promise<boolean>;
  /**
   * The process command of spec §4: create a process of the command, then open it in the flow
   * page, or run its first step. Resolves the process, or `null` when nothing was created
   * (no command, the name prompt cancelled, or the call failed: an error toast).
   */
  startProcess(
    command: CreatableCommand | null | undefined,
    options?: StartProcessOptions,
  ): Promise<Process | null>;
  /**
   * Handles a step result a page produced itself (the detail-page completion) as a run's result:
   * completion closes the dialog or moves the page on.
   */
  handleResult(result: StepResult): void;
  /** Whether a call is on its way (a run, a reset, a creation). */
  busy: boolean;
  /** Where the step run is. */
  phase: StepPhase;
  /** The API the runner calls. */
  api: ProcessesApi;
  /** Whether the user is a supervisor (completion goes to the flow home page). */
  isSupervisor: boolean;
  /**
   * Why nothing can be changed (a timepoint is viewed), or `null`. While set, the runner's calls
   * that change data do nothing but toast it, and the process controls are off with it as reason.
   */
  readOnlyReason: string | null;
}

export const ProcessRunnerContext = createContext<ProcessRunner | null>(null);
