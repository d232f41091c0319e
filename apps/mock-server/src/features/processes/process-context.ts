import type { StepResult, StepRunRequestSchema } from '@procedo/client-api';
import type { z } from 'zod';
import { AppError } from '../../errors/app-error';
import type { FormAccess } from '../forms/form-access';
import type { AuthContext } from '../session/session-service';
import { formsOfCommand } from './command-forms';
import type { QuestionPhase, StepDefinition } from './process-definitions';
import type { CommandRecord, ProcessRecord, ProcessStore, StepRecord } from './processes-store';

// What every call of the process engine shares: its messages and errors, the step context it
// works on, who may see a process, and the guards a step call passes before it writes.

/** The messages of spec §8 the engine answers with. */
export const ProcessMessages = {
  UnknownStep: 'Unknown user process step.',
  CommandIdMissing: 'Unable to create, start or open a process without a command id',
  StepReset: 'The step has been reset',
  StepChainReset: 'The step chain has been reset',
  ProcessReset: 'The process has been reset',
  UnknownProcess: 'Unknown user process.',
} as const;

export type RunBody = z.output<typeof StepRunRequestSchema>;

/** The answers a step has collected (stored as JSON on the step). */
export interface Answers {
  confirm?: boolean;
  prompt?: string;
  completionConfirm?: boolean;
  completionPrompt?: string;
  selected?: { id: string; text: string }[];
  page?: { queryString: string; currentPageUrl: string };
  document?: boolean;
}

const unknownStep = () =>
  new AppError({ status: 404, code: 'UNKNOWN_STEP', message: ProcessMessages.UnknownStep });
const unknownProcess = () =>
  new AppError({ status: 404, code: 'UNKNOWN_PROCESS', message: ProcessMessages.UnknownProcess });
const notYetAt = (at: string) =>
  new AppError({
    status: 404,
    code: 'NOT_FOUND_AT_TIMEPOINT',
    message: `The process did not exist yet at ${at}.`,
  });
export const outOfOrder = (message: string) => new AppError({ status: 409, code: 'OUT_OF_ORDER', message });
export const invalid = (
  field: (string | number)[],
  message: string,
  code: 'VALIDATION' | 'REQUIRED_DATA_MISSING' = 'VALIDATION',
) =>
  new AppError({
    status: 400,
    code,
    message: code === 'VALIDATION' ? `Invalid request: ${field.join('.')}: ${message}` : message,
    issues: [{ code: code === 'VALIDATION' ? 'custom' : 'required_data_missing', path: field, message }],
  });

const QUESTION_PHASES: readonly QuestionPhase[] = [
  'confirm',
  'prompt',
  'completion-confirm',
  'completion-prompt',
];
export const isQuestion = (phase: string): phase is QuestionPhase =>
  (QUESTION_PHASES as readonly string[]).includes(phase);

export const tokenOf = (step: StepRecord) => `${step.id}.${step.revision}.${step.phase}`;
export const nowIso = (now: () => number) => new Date(now()).toISOString();
export const readAnswers = (step: StepRecord): Answers => JSON.parse(step.answersJson) as Answers;
export const readVariables = (process: ProcessRecord): { Name: string; Value: string }[] =>
  JSON.parse(process.variablesJson) as { Name: string; Value: string }[];

/** Everything a step call works on, read inside the call's transaction. */
export interface StepContext {
  process: ProcessRecord;
  command: CommandRecord;
  step: StepRecord;
  def: StepDefinition;
}

// At a timepoint every read goes through the store's view of then (process-history.ts).
export const storeOf = (auth: AuthContext, at: string | null = null): ProcessStore =>
  at === null ? auth.database.stores.processes : auth.database.stores.processes.at(at);
const canSee = (auth: AuthContext, process: ProcessRecord) =>
  auth.user.isSupervisor || process.ownerUserId === auth.user.id;

/** Whether every form the command's steps open is one the user may open. */
export async function mayStart(store: ProcessStore, mayOpen: FormAccess, command: CommandRecord) {
  // The first command of a name, as getCommandByName finds it.
  const byName = new Map<string, CommandRecord>();
  for (const each of await store.listCommands()) if (!byName.has(each.name)) byName.set(each.name, each);
  return [...formsOfCommand(command, (name) => byName.get(name) ?? null)].every(mayOpen);
}

export async function commandOf(store: ProcessStore, process: ProcessRecord): Promise<CommandRecord> {
  // The version the process was created with: a later publish does not change a running process.
  const command = await store.getCommandVersion(process.commandId, process.commandVersion);
  if (!command) {
    throw new Error(
      `process ${process.id} names unknown command ${process.commandId} v${process.commandVersion}`,
    );
  }
  return command;
}

/**
 * The 404 of a process not there at `at`: NOT_FOUND_AT_TIMEPOINT for one the user sees now.
 * `idNow` reads the process's id in the store of now (only at a timepoint, never in a transaction).
 */
async function missing(
  auth: AuthContext,
  at: string | null,
  idNow: (now: ProcessStore) => Promise<number | undefined>,
  unknown: () => AppError,
): Promise<AppError> {
  if (at === null) return unknown();
  const store = storeOf(auth);
  const id = await idNow(store);
  const now = id === undefined ? null : await store.getProcess(id);
  return now && canSee(auth, now) ? notYetAt(at) : unknown();
}

/**
 * The process the user may see, read from `store`: the transaction's store inside one, else
 * `storeOf(auth, at)`.
 */
export async function loadProcess(
  auth: AuthContext,
  store: ProcessStore,
  processId: number,
  at: string | null = null,
): Promise<ProcessRecord> {
  const process = await store.getProcess(processId);
  // Another user's process is answered as unknown: its existence is not revealed.
  if (!process || !canSee(auth, process))
    throw await missing(auth, at, async () => processId, unknownProcess);
  return process;
}

/** The step the user may see with its process and definition, read from `store` (see {@link loadProcess}). */
export async function loadStep(
  auth: AuthContext,
  store: ProcessStore,
  stepId: number,
  at: string | null = null,
): Promise<StepContext> {
  const step = await store.getStep(stepId);
  if (!step)
    throw await missing(auth, at, async (now) => (await now.getStep(stepId))?.processId, unknownStep);
  const process = await store.getProcess(step.processId);
  if (!process || !canSee(auth, process)) throw unknownStep();
  const command = await commandOf(store, process);
  const def = command.steps[step.position];
  if (!def) throw new Error(`step ${step.id} has no definition at position ${step.position}`);
  return { process, command, step, def };
}

/** Remembers what a request answered so the same request again gets the same result, and nothing else. */
export async function remember(
  store: ProcessStore,
  stepId: number,
  key: string,
  result: StepResult,
): Promise<StepResult> {
  await store.updateStep(stepId, { lastRequestKey: key, lastResultJson: JSON.stringify(result) });
  return result;
}

/**
 * Runs `apply` when the step takes this call now; a call it does not take is the repeat of the
 * last one (same key: its result again, no effect) or out of order (409).
 */
export async function guarded(
  ctx: StepContext,
  key: string,
  acceptable: string | null,
  apply: () => Promise<StepResult>,
): Promise<StepResult> {
  if (acceptable === null) return apply();
  if (ctx.step.lastRequestKey === key && ctx.step.lastResultJson !== null) {
    return JSON.parse(ctx.step.lastResultJson) as StepResult;
  }
  throw outOfOrder(acceptable);
}

/** Why the step cannot take a call now, or null when it can. */
export function whyNot(ctx: StepContext): string | null {
  if (ctx.process.state !== 'open') return 'This part of the process has ended.';
  if (ctx.step.state !== 'active')
    return `The step is ${ctx.step.state}, not the active step of the process.`;
  return null;
}
