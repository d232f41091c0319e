import type {
  CreatableCommand,
  CreateProcessRequestSchema,
  PickListData,
  PickListItem,
  Process,
  ProcessEvent,
  ProcessList,
  ProcessStep,
  StepOpening,
  StepResult,
  StepRunRequestSchema,
} from '@procedo/client-api';
import { z } from 'zod';
import { AppError } from '../../errors/app-error';
import { type FormAccess, formAccessOf } from '../forms/form-access';
import type { AuthContext } from '../session/session-service';
import { formsOfCommand } from './command-forms';
import { initialPhase, type QuestionPhase, questionsOf, type StepDefinition } from './process-definitions';
import { escapeHtml, renderReport } from './process-report';
import { APP_ROOT_URL, flowUrl, isSafeUrl, reportDocumentUrl } from './process-urls';
import type {
  CommandRecord,
  ProcessOrderColumn,
  ProcessRecord,
  ProcessStore,
  StepChange,
  StepRecord,
} from './processes-store';

/** The messages of spec §8 the engine answers with. */
export const ProcessMessages = {
  UnknownStep: 'Unknown user process step.',
  CommandIdMissing: 'Unable to create, start or open a process without a command id',
  StepReset: 'The step has been reset',
  StepChainReset: 'The step chain has been reset',
  ProcessReset: 'The process has been reset',
  UnknownProcess: 'Unknown user process.',
} as const;

/** History entries `GET process/{id}` carries (newest first). */
export const HISTORY_LIMIT = 50;

type CreateBody = z.output<typeof CreateProcessRequestSchema>;
type RunBody = z.output<typeof StepRunRequestSchema>;

const VariablesSchema = z
  .array(z.strictObject({ Name: z.string().max(100), Value: z.string().max(10_000) }))
  .max(200);

/** The answers a step has collected (stored as JSON on the step). */
interface Answers {
  confirm?: boolean;
  prompt?: string;
  completionConfirm?: boolean;
  completionPrompt?: string;
  selected?: { id: string; text: string }[];
  page?: { queryString: string; currentPageUrl: string };
  document?: boolean;
}

/** The user-process engine: definitions, instances, step runs, completions and resets. */
export interface ProcessesService {
  list(
    auth: AuthContext,
    query: {
      skip: number;
      top: number;
      orderBy: ProcessOrderColumn;
      descending: boolean;
      state: 'open' | 'completed' | null;
      /** The list as it was at this instant (ISO UTC); null for now. */
      at: string | null;
    },
  ): ProcessList;
  /** The commands the user may start: none whose steps open a form the user's profile may not open. */
  creatableCommands(
    auth: AuthContext,
    order: { column: 'Id' | 'Name' | 'StepCount'; descending: boolean },
  ): Promise<CreatableCommand[]>;
  createProcess(auth: AuthContext, commandId: number | null, body: CreateBody, mode: 0 | 1): Promise<Process>;
  /** The process now, or as it was at `at` (ISO UTC; 404 NOT_FOUND_AT_TIMEPOINT before it was created). */
  getProcess(auth: AuthContext, processId: number, at?: string | null): Process;
  resetProcess(auth: AuthContext, processId: number): Promise<Process>;
  openStep(auth: AuthContext, stepId: number, at?: string | null): StepOpening;
  run(auth: AuthContext, stepId: number, body: RunBody): Promise<StepResult>;
  answerPrompt(auth: AuthContext, stepId: number, promptResult: string): Promise<StepResult>;
  pickListData(auth: AuthContext, stepId: number): Promise<PickListData>;
  completePickList(
    auth: AuthContext,
    stepId: number,
    selection: { multi: true; ids: string[] } | { multi: false; id: string },
  ): Promise<StepResult>;
  completeReportDocument(auth: AuthContext, stepId: number): Promise<StepResult>;
  reportDocument(auth: AuthContext, stepId: number, at?: string | null): string;
  completeDetailPage(
    auth: AuthContext,
    stepId: number,
    page: { QueryString: string; CurrentPageUrl: string },
  ): Promise<StepResult>;
  resetStep(auth: AuthContext, stepId: number, chain: boolean): Promise<StepResult>;
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
const outOfOrder = (message: string) => new AppError({ status: 409, code: 'OUT_OF_ORDER', message });
const invalid = (
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
const isQuestion = (phase: string): phase is QuestionPhase =>
  (QUESTION_PHASES as readonly string[]).includes(phase);

const tokenOf = (step: StepRecord) => `${step.id}.${step.revision}.${step.phase}`;
const nowIso = (now: () => number) => new Date(now()).toISOString();
const readAnswers = (step: StepRecord): Answers => JSON.parse(step.answersJson) as Answers;
const readVariables = (process: ProcessRecord): { Name: string; Value: string }[] =>
  JSON.parse(process.variablesJson) as { Name: string; Value: string }[];

/** Everything a step call works on, read inside the call's transaction. */
interface StepContext {
  process: ProcessRecord;
  command: CommandRecord;
  step: StepRecord;
  def: StepDefinition;
}

/** Creates the {@link ProcessesService}. */
export function createProcessesService(options: { now: () => number }): ProcessesService {
  const { now } = options;
  // At a timepoint every read goes through the store's view of then (process-history.ts).
  const storeOf = (auth: AuthContext, at: string | null = null): ProcessStore =>
    at === null ? auth.database.stores.processes : auth.database.stores.processes.at(at);
  const canSee = (auth: AuthContext, process: ProcessRecord) =>
    auth.user.isSupervisor || process.ownerUserId === auth.user.id;

  /** Whether every form the command's steps open is one the user may open. */
  const mayStart = (store: ProcessStore, mayOpen: FormAccess, command: CommandRecord) =>
    [...formsOfCommand(command, (name) => store.getCommandByName(name))].every(mayOpen);

  function commandOf(store: ProcessStore, process: ProcessRecord): CommandRecord {
    // The version the process was created with: a later publish does not change a running process.
    const command = store.getCommandVersion(process.commandId, process.commandVersion);
    if (!command) {
      throw new Error(
        `process ${process.id} names unknown command ${process.commandId} v${process.commandVersion}`,
      );
    }
    return command;
  }

  /** The 404 of a process not there at `at`: NOT_FOUND_AT_TIMEPOINT for one the user sees now. */
  function missing(auth: AuthContext, id: number | undefined, at: string | null, unknown: () => AppError) {
    const now = at === null || id === undefined ? null : storeOf(auth).getProcess(id);
    return at !== null && now && canSee(auth, now) ? notYetAt(at) : unknown();
  }

  function loadProcess(auth: AuthContext, processId: number, at: string | null = null): ProcessRecord {
    const process = storeOf(auth, at).getProcess(processId);
    // Another user's process is answered as unknown: its existence is not revealed.
    if (!process || !canSee(auth, process)) throw missing(auth, processId, at, unknownProcess);
    return process;
  }

  function loadStep(auth: AuthContext, stepId: number, at: string | null = null): StepContext {
    const store = storeOf(auth, at);
    const step = store.getStep(stepId);
    if (!step) throw missing(auth, storeOf(auth).getStep(stepId)?.processId, at, unknownStep);
    const process = store.getProcess(step.processId);
    if (!process || !canSee(auth, process)) throw unknownStep();
    const command = commandOf(store, process);
    const def = command.steps[step.position];
    if (!def) throw new Error(`step ${step.id} has no definition at position ${step.position}`);
    return { process, command, step, def };
  }

  function event(
    store: ProcessStore,
    auth: AuthContext,
    processId: number,
    stepId: number | null,
    kind: string,
    detail: string | null = null,
  ) {
    store.appendEvent({
      processId,
      stepId,
      at: nowIso(now),
      by: auth.user.name,
      kind,
      detail: detail === null ? null : detail.slice(0, 2000),
    });
  }

  /** The process variables: the create payload's, then what completed steps set (prompts, pick lists). */
  function variablesOf(store: ProcessStore, process: ProcessRecord, command: CommandRecord) {
    const variables = new Map(readVariables(process).map((v) => [v.Name, v.Value]));
    for (const step of store.listSteps(process.id)) {
      if (step.state !== 'completed') continue;
      const def = command.steps[step.position];
      const answers = readAnswers(step);
      if (def?.prompt?.variable && answers.prompt !== undefined)
        variables.set(def.prompt.variable, answers.prompt);
      if (def?.completionPrompt?.variable && answers.completionPrompt !== undefined) {
        variables.set(def.completionPrompt.variable, answers.completionPrompt);
      }
      if (def?.pickList && answers.selected) {
        variables.set(def.pickList.variable, answers.selected.map((item) => item.id).join(','));
      }
    }
    return [...variables].map(([Name, Value]) => ({ Name, Value }));
  }

  /** Fills a URL template: `{StepId}`, `{ProcessId}`, `{var:Name|fallback}`. */
  function resolveUrl(store: ProcessStore, ctx: StepContext, template: string): string {
    let variables: Map<string, string> | null = null;
    let url = template.replace(
      /\{(StepId|ProcessId|var:([A-Za-z0-9_]+)(?:\|([^}]*))?)\}/g,
      (_m, what: string, name?: string, fallback?: string) => {
        if (what === 'StepId') return String(ctx.step.id);
        if (what === 'ProcessId') return String(ctx.process.id);
        variables ??= new Map(variablesOf(store, ctx.process, ctx.command).map((v) => [v.Name, v.Value]));
        return encodeURIComponent(variables.get(name ?? '') ?? fallback ?? '');
      },
    );
    // A page a step opens always learns which step it completes.
    if ((ctx.def.kind === 'form' || ctx.def.kind === 'detail-page') && !/[?&]a_step_id=/.test(url)) {
      url += `${url.includes('?') ? '&' : '?'}a_step_id=${ctx.step.id}`;
    }
    return url;
  }

  function breadcrumb(
    store: ProcessStore,
    process: ProcessRecord,
    stepName: string | null,
    stepId: number | null,
  ) {
    const parts: string[] = [];
    if (process.parentProcessId !== null) {
      const parent = store.getProcess(process.parentProcessId);
      if (parent) parts.push(`<a href="${escapeHtml(flowUrl(parent.id))}">${escapeHtml(parent.name)}</a>`);
    }
    parts.push(`<a href="${escapeHtml(flowUrl(process.id, stepId))}">${escapeHtml(process.name)}</a>`);
    if (stepName !== null) parts.push(`<span>${escapeHtml(stepName)}</span>`);
    return `<nav class="procedo-Breadcrumb">${parts.join(' › ')}</nav>`;
  }

  /** The page a `form`, `detail-page` or (started) `sub-process` step opens. */
  function pageUrl(store: ProcessStore, ctx: StepContext): string | null {
    if ((ctx.def.kind === 'form' || ctx.def.kind === 'detail-page') && ctx.def.url) {
      return resolveUrl(store, ctx, ctx.def.url);
    }
    if (ctx.def.kind === 'sub-process' && ctx.step.subProcessId !== null)
      return flowUrl(ctx.step.subProcessId);
    return null;
  }

  /** The step result of a step as it stands, every §3 field set; `extra` overrides. */
  function describe(store: ProcessStore, ctx: StepContext, extra: Partial<StepResult> = {}): StepResult {
    const { process, step, def } = ctx;
    const answers = readAnswers(step);
    const open = step.state === 'active' && (step.phase === 'page' || step.phase === 'sub-process');
    return {
      ProcessId: process.id,
      ParentProcessId: process.parentProcessId,
      StepId: step.id,
      StepName: def.name,
      Hint: def.hint ?? null,
      BreadCrumbHtml: breadcrumb(store, process, def.name, step.id),
      ProceedToStepId: null,
      CancelProceed: false,
      ToastMessage: null,
      AlertMessage: null,
      IsCompleted: false,
      IsCompletion: false,
      Script: null,
      ConfirmRequired: def.confirm !== undefined,
      Confirmed: answers.confirm !== undefined,
      // There is no CompletionConfirmMessage (spec §3): a completion confirm asks ConfirmMessage.
      ConfirmMessage:
        step.phase === 'completion-confirm' || !def.confirm
          ? (def.completionConfirm?.message ?? def.confirm?.message ?? null)
          : def.confirm.message,
      ConfirmResult: answers.confirm ?? null,
      PromptRequired: def.prompt !== undefined,
      Prompted: answers.prompt !== undefined,
      PromptMessage: def.prompt?.message ?? null,
      PromptSuggestion: def.prompt?.suggestion ?? null,
      PromptResult: answers.prompt ?? null,
      UrlToOpen: open ? pageUrl(store, ctx) : null,
      UrlToOpenTarget: def.target ?? null,
      AppRootUrl: APP_ROOT_URL,
      CompletionConfirmRequired: def.completionConfirm !== undefined,
      CompletionConfirmed: answers.completionConfirm !== undefined,
      CompletionConfirmResult: answers.completionConfirm ?? null,
      CompletionPromptRequired: def.completionPrompt !== undefined,
      CompletionPrompted: answers.completionPrompt !== undefined,
      CompletionPromptMessage: def.completionPrompt?.message ?? null,
      CompletionPromptSuggestion: def.completionPrompt?.suggestion ?? null,
      CompletionPromptResult: answers.completionPrompt ?? null,
      ActionState: tokenOf(step),
      ActionStateBag: JSON.stringify({ Kind: def.kind, Phase: step.phase, Position: step.position }),
      ...extra,
    };
  }

  /** Re-reads the context (after writes inside the transaction). */
  function reload(store: ProcessStore, ctx: StepContext): StepContext {
    const step = store.getStep(ctx.step.id);
    const process = store.getProcess(ctx.process.id);
    if (!step || !process) throw new Error('step vanished inside its transaction');
    return { ...ctx, step, process };
  }

  /** A step back to its starting point (answers, data and remembered request forgotten). */
  function freshStep(def: StepDefinition, state: 'active' | 'waiting'): StepChange {
    return {
      state,
      phase: initialPhase(def),
      answersJson: '{}',
      dataJson: null,
      lastRequestKey: null,
      lastResultJson: null,
      completedAt: null,
      completedBy: null,
      bumpRevision: true,
    };
  }

  function activate(store: ProcessStore, process: ProcessRecord, command: CommandRecord, step: StepRecord) {
    const def = command.steps[step.position];
    if (!def) throw new Error(`no definition at position ${step.position}`);
    store.updateStep(step.id, freshStep(def, 'active'));
    store.updateProcess(process.id, { currentStepId: step.id });
  }

  /**
   * Completes a step and activates the next one: the first waiting step after it (or the step at
   * `proceedTo`, the ones in between skipped), else the first waiting one before it; with none
   * the process completes, and a completed sub-process completes its parent's step. Returns the
   * next active step's id, or null when the process completed.
   */
  function completeStep(
    store: ProcessStore,
    auth: AuthContext,
    ctx: StepContext,
    answers: Answers,
    proceedTo?: number,
  ): number | null {
    const at = nowIso(now);
    store.updateStep(ctx.step.id, {
      state: 'completed',
      phase: 'done',
      answersJson: JSON.stringify(answers),
      completedAt: at,
      completedBy: auth.user.name,
      bumpRevision: true,
    });
    event(store, auth, ctx.process.id, ctx.step.id, 'step-completed', ctx.def.name);
    const steps = store.listSteps(ctx.process.id);
    if (proceedTo !== undefined) {
      for (const step of steps) {
        if (step.position > ctx.step.position && step.position < proceedTo && step.state === 'waiting') {
          store.updateStep(step.id, { state: 'skipped', bumpRevision: true });
          event(
            store,
            auth,
            ctx.process.id,
            step.id,
            'step-skipped',
            ctx.command.steps[step.position]?.name ?? null,
          );
        }
      }
    }
    const from = proceedTo ?? ctx.step.position + 1;
    const next =
      steps.find((s) => s.position >= from && s.state === 'waiting') ??
      steps.find((s) => s.position < ctx.step.position && s.state === 'waiting');
    if (next) {
      activate(store, ctx.process, ctx.command, next);
      return next.id;
    }
    store.updateProcess(ctx.process.id, { state: 'completed', currentStepId: null, completedAt: at });
    event(store, auth, ctx.process.id, null, 'process-completed', ctx.process.name);
    if (ctx.process.parentStepId !== null) childCompleted(store, auth, ctx.process);
    return null;
  }

  function childCompleted(store: ProcessStore, auth: AuthContext, child: ProcessRecord) {
    if (child.parentStepId === null) return;
    const step = store.getStep(child.parentStepId);
    if (step?.state !== 'active' || step.subProcessId !== child.id) return;
    const process = store.getProcess(step.processId);
    if (!process) return;
    const command = commandOf(store, process);
    const def = command.steps[step.position];
    if (!def) return;
    event(store, auth, process.id, step.id, 'sub-process-completed', child.name);
    completeStep(store, auth, { process, command, step, def }, readAnswers(step));
  }

  /** Result of a completed step: proceed inside the runner, or completed (last step, or from a page). */
  function completedResult(
    store: ProcessStore,
    ctx: StepContext,
    nextId: number | null,
    inRunner: boolean,
  ): StepResult {
    const after = reload(store, ctx);
    return describe(store, after, {
      ProceedToStepId: inRunner && nextId !== null ? nextId : null,
      IsCompleted: !inRunner || nextId === null,
    });
  }

  /** Remembers what a request answered so the same request again gets the same result, and nothing else. */
  function remember(store: ProcessStore, stepId: number, key: string, result: StepResult): StepResult {
    store.updateStep(stepId, { lastRequestKey: key, lastResultJson: JSON.stringify(result) });
    return result;
  }

  /**
   * Runs `apply` when the step takes this call now; a call it does not take is the repeat of the
   * last one (same key: its result again, no effect) or out of order (409).
   */
  function guarded(
    ctx: StepContext,
    key: string,
    acceptable: string | null,
    apply: () => StepResult,
  ): StepResult {
    if (acceptable === null) return apply();
    if (ctx.step.lastRequestKey === key && ctx.step.lastResultJson !== null) {
      return JSON.parse(ctx.step.lastResultJson) as StepResult;
    }
    throw outOfOrder(acceptable);
  }

  /** Why the step cannot take a call now, or null when it can. */
  function whyNot(ctx: StepContext): string | null {
    if (ctx.process.state !== 'open') return 'This part of the process has ended.';
    if (ctx.step.state !== 'active')
      return `The step is ${ctx.step.state}, not the active step of the process.`;
    return null;
  }

  /** A step with its question answered: the next question, or the step's end. */
  function advance(
    store: ProcessStore,
    auth: AuthContext,
    ctx: StepContext,
    phase: QuestionPhase,
    answers: Answers,
  ): StepResult {
    const questions = questionsOf(ctx.def);
    const next = questions[questions.indexOf(phase) + 1];
    if (next) {
      store.updateStep(ctx.step.id, {
        phase: next,
        answersJson: JSON.stringify(answers),
        bumpRevision: true,
      });
      return describe(store, reload(store, ctx));
    }
    return finishAction(store, auth, ctx, answers);
  }

  /** An action (or completion) step with nothing left to ask completes. */
  function finishAction(
    store: ProcessStore,
    auth: AuthContext,
    ctx: StepContext,
    answers: Answers,
  ): StepResult {
    if (ctx.def.url) {
      const url = resolveUrl(store, ctx, ctx.def.url);
      completeStep(store, auth, ctx, answers);
      // The step is complete once the URL is handed out: the runner finishes after opening it.
      return describe(store, reload(store, ctx), { IsCompletion: true, UrlToOpen: url });
    }
    const nextId = completeStep(store, auth, ctx, answers);
    return completedResult(store, ctx, nextId, true);
  }

  function cancel(
    store: ProcessStore,
    auth: AuthContext,
    ctx: StepContext,
    toast: string,
    answered: Partial<StepResult>,
  ): StepResult {
    store.updateStep(ctx.step.id, { bumpRevision: true });
    event(store, auth, ctx.process.id, ctx.step.id, 'run-cancelled', toast);
    return describe(store, reload(store, ctx), { CancelProceed: true, ToastMessage: toast, ...answered });
  }

  /** Applies the answer `body` carries for the step's current question (or describes the question). */
  function answerQuestion(
    store: ProcessStore,
    auth: AuthContext,
    ctx: StepContext,
    body: NonNullable<RunBody>,
  ): StepResult {
    const answers = readAnswers(ctx.step);
    const phase = ctx.step.phase;
    switch (phase) {
      case 'confirm': {
        if (body.Confirmed !== true) return describe(store, ctx);
        if (body.ConfirmResult === null || body.ConfirmResult === undefined) {
          throw invalid(['ConfirmResult'], 'Answer the confirmation with yes or no');
        }
        event(
          store,
          auth,
          ctx.process.id,
          ctx.step.id,
          'confirm-answered',
          body.ConfirmResult ? 'yes' : 'no',
        );
        if (!body.ConfirmResult) {
          const confirm = ctx.def.confirm;
          if (confirm?.noProceedsTo !== undefined) {
            const nextId = completeStep(
              store,
              auth,
              ctx,
              { ...answers, confirm: false },
              confirm.noProceedsTo,
            );
            return completedResult(store, ctx, nextId, true);
          }
          return cancel(store, auth, ctx, confirm?.cancelToast ?? 'Cancelled', {
            Confirmed: true,
            ConfirmResult: false,
          });
        }
        return advance(store, auth, ctx, phase, { ...answers, confirm: true });
      }
      case 'completion-confirm': {
        if (body.CompletionConfirmed !== true) return describe(store, ctx);
        if (body.CompletionConfirmResult === null || body.CompletionConfirmResult === undefined) {
          throw invalid(['CompletionConfirmResult'], 'Answer the confirmation with yes or no');
        }
        event(
          store,
          auth,
          ctx.process.id,
          ctx.step.id,
          'completion-confirm-answered',
          body.CompletionConfirmResult ? 'yes' : 'no',
        );
        if (!body.CompletionConfirmResult) {
          return cancel(store, auth, ctx, ctx.def.completionConfirm?.cancelToast ?? 'Cancelled', {
            CompletionConfirmed: true,
            CompletionConfirmResult: false,
          });
        }
        return advance(store, auth, ctx, phase, { ...answers, completionConfirm: true });
      }
      case 'prompt':
      case 'completion-prompt': {
        const isPrompt = phase === 'prompt';
        if ((isPrompt ? body.Prompted : body.CompletionPrompted) !== true) return describe(store, ctx);
        return applyPrompt(
          store,
          auth,
          ctx,
          phase,
          (isPrompt ? body.PromptResult : body.CompletionPromptResult) ?? '',
        );
      }
      default:
        return describe(store, ctx);
    }
  }

  function applyPrompt(
    store: ProcessStore,
    auth: AuthContext,
    ctx: StepContext,
    phase: 'prompt' | 'completion-prompt',
    raw: string,
  ): StepResult {
    const text = raw.trim();
    const field = phase === 'prompt' ? 'PromptResult' : 'CompletionPromptResult';
    // spec §5: the action proceeds only with a non-empty answer; nothing changes.
    if (text === '') throw invalid([field], 'Enter an answer to proceed');
    event(store, auth, ctx.process.id, ctx.step.id, `${phase}-answered`, text);
    const answers = readAnswers(ctx.step);
    return advance(
      store,
      auth,
      ctx,
      phase,
      phase === 'prompt' ? { ...answers, prompt: text } : { ...answers, completionPrompt: text },
    );
  }

  function startSubProcess(store: ProcessStore, auth: AuthContext, ctx: StepContext): StepResult {
    const command = ctx.def.subProcessCommand ? store.getCommandByName(ctx.def.subProcessCommand) : null;
    if (!command) throw new Error(`sub-process command ${ctx.def.subProcessCommand} is not defined`);
    const childId = insertProcess(store, auth, command, {
      name: `${command.name} for ${ctx.process.name}`.slice(0, 200),
      parentProcessId: ctx.process.id,
      parentStepId: ctx.step.id,
      parentUrl: flowUrl(ctx.process.id, ctx.step.id),
      ownerUserId: ctx.process.ownerUserId,
      variables: readVariables(ctx.process),
      propertyBag: null,
      mode: 1,
    });
    store.updateStep(ctx.step.id, { subProcessId: childId, bumpRevision: true });
    event(store, auth, ctx.process.id, ctx.step.id, 'sub-process-started', `#${childId} ${command.name}`);
    const child = store.getProcess(childId);
    if (child?.state === 'completed') childCompleted(store, auth, child);
    return describe(store, reload(store, ctx));
  }

  function insertProcess(
    store: ProcessStore,
    auth: AuthContext,
    command: CommandRecord,
    input: {
      name: string;
      parentProcessId: number | null;
      parentStepId: number | null;
      parentUrl: string | null;
      ownerUserId: number;
      variables: { Name: string; Value: string }[];
      propertyBag: string | null;
      mode: 0 | 1;
    },
  ): number {
    const at = nowIso(now);
    const id = store.insertProcess({
      commandId: command.id,
      commandVersion: command.version,
      name: input.name,
      parentProcessId: input.parentProcessId,
      parentStepId: input.parentStepId,
      parentUrl: input.parentUrl,
      ownerUserId: input.ownerUserId,
      createdBy: auth.user.name,
      createdAt: at,
      variablesJson: JSON.stringify(input.variables),
      propertyBag: input.propertyBag,
    });
    const stepIds = store.insertSteps(id, command.steps.map(initialPhase));
    event(store, auth, id, null, 'process-created', `${command.name}, mode ${input.mode}`);
    const first = stepIds[0];
    if (first === undefined) {
      // Nothing to do: the process is complete at once (the client says it has no tasks).
      store.updateProcess(id, { state: 'completed', completedAt: at });
      event(store, auth, id, null, 'process-completed', input.name);
    } else if (input.mode === 1) {
      store.updateStep(first, { state: 'active' });
      store.updateProcess(id, { currentStepId: first });
    }
    return id;
  }

  function resetProcessTree(store: ProcessStore, auth: AuthContext, process: ProcessRecord, depth = 0) {
    if (depth > 20) throw new Error('sub-processes nested too deeply');
    const command = commandOf(store, process);
    const steps = store.listSteps(process.id);
    for (const step of steps) {
      const def = command.steps[step.position];
      if (!def) continue;
      store.updateStep(step.id, freshStep(def, step.position === 0 ? 'active' : 'waiting'));
    }
    store.updateProcess(process.id, {
      state: steps.length === 0 ? 'completed' : 'open',
      completedAt: steps.length === 0 ? process.completedAt : null,
      currentStepId: steps[0]?.id ?? null,
    });
    event(store, auth, process.id, null, 'process-reset', ProcessMessages.ProcessReset);
    for (const child of store.listSubProcesses(process.id)) {
      const record = store.getProcess(child.id);
      if (record) resetProcessTree(store, auth, record, depth + 1);
    }
  }

  function toProcess(store: ProcessStore, process: ProcessRecord): Process {
    const command = commandOf(store, process);
    const steps = store.listSteps(process.id);
    const current = steps.find((s) => s.id === process.currentStepId);
    const allSteps: ProcessStep[] = steps.map((step) => {
      const def = command.steps[step.position];
      return {
        Id: step.id,
        ProcessId: process.id,
        ParentProcessId: process.parentProcessId,
        StepName: def?.name ?? `Step ${step.position + 1}`,
        StepKind: def?.kind ?? 'action',
        State: step.state,
        Position: step.position,
        Hint: def?.hint ?? null,
        UrlToOpenTarget: def?.target ?? null,
        SubProcessId: step.subProcessId,
        CompletedAtUtc: step.completedAt,
        CompletedBy: step.completedBy,
      };
    });
    const history: ProcessEvent[] = store.listEvents(process.id, HISTORY_LIMIT).map((e) => ({
      At: e.at,
      By: e.by,
      StepId: e.stepId,
      Kind: e.kind,
      Detail: e.detail,
    }));
    const currentDef = current ? command.steps[current.position] : undefined;
    return {
      Id: process.id,
      Name: process.name,
      CommandId: command.id,
      CommandName: command.name,
      ParentProcessId: process.parentProcessId,
      ParentUrl: process.parentUrl,
      State: process.state,
      CurrentStepId: process.currentStepId,
      CreatedBy: process.createdBy,
      CreatedAtUtc: process.createdAt,
      CompletedAtUtc: process.completedAt,
      Hint: command.description || null,
      BreadCrumbHtml: breadcrumb(store, process, currentDef?.name ?? null, current?.id ?? null),
      Variables: variablesOf(store, process, command),
      PropertyBag: process.propertyBag,
      AllSteps: allSteps,
      SubProcesses: store
        .listSubProcesses(process.id)
        .map((c) => ({ Id: c.id, Name: c.name, State: c.state })),
      History: history,
    };
  }

  /** The rows a pick-list step offers (read from the business records). */
  async function pickItems(auth: AuthContext, def: StepDefinition): Promise<PickListItem[]> {
    const pick = def.pickList;
    if (!pick) return [];
    const { rows } = await auth.database.stores.records.search({
      entity: pick.entity,
      text: '',
      filters: [],
      offset: 0,
      limit: pick.limit,
    });
    return rows.map((row) => {
      const v = row.values;
      const title = ['Name', 'BatchNo', 'Title'].map((n) => v[n]).find((x) => typeof x === 'string');
      const details = ['Country', 'Status', 'Severity']
        .map((n) => v[n])
        .filter((x): x is string => typeof x === 'string' && x !== '');
      return {
        Id: String(row.id),
        Text: (typeof title === 'string' ? title : `#${row.id}`).slice(0, 500),
        Description: details.length > 0 ? details.join(' · ') : null,
      };
    });
  }

  function storedItems(step: StepRecord): PickListItem[] | null {
    return step.dataJson === null ? null : (JSON.parse(step.dataJson) as PickListItem[]);
  }

  function pickContext(auth: AuthContext, stepId: number): StepContext {
    const ctx = loadStep(auth, stepId);
    if (ctx.def.kind !== 'pick-list-multi' && ctx.def.kind !== 'pick-list-single') {
      throw outOfOrder(`The step is a ${ctx.def.kind} step, not a pick list.`);
    }
    return ctx;
  }

  return {
    list(auth, query) {
      const store = storeOf(auth, query.at);
      const { rows, total } = store.listProcesses({
        ownerUserId: auth.user.isSupervisor ? null : auth.user.id,
        state: query.state,
        orderBy: query.orderBy,
        descending: query.descending,
        offset: query.skip,
        limit: query.top,
      });
      return {
        Items: rows.map((row) => ({
          Id: row.id,
          Name: row.name,
          CommandId: row.commandId,
          CommandName: row.commandName,
          ParentProcessId: row.parentProcessId,
          State: row.state,
          CurrentStepId: row.currentStepId,
          CurrentStepName:
            row.currentStepPosition === null
              ? null
              : (store.getCommandVersion(row.commandId, row.commandVersion)?.steps[row.currentStepPosition]
                  ?.name ?? null),
          CreatedBy: row.createdBy,
          CreatedAtUtc: row.createdAt,
        })),
        Total: total,
        Skip: query.skip,
        Top: query.top,
      };
    },

    async creatableCommands(auth, order) {
      const store = storeOf(auth);
      const mayOpen = await formAccessOf(auth.database, auth.user.profileId);
      const key = (c: CommandRecord) =>
        order.column === 'Id'
          ? c.id
          : order.column === 'StepCount'
            ? c.steps.length
            : c.name.toLocaleLowerCase('en');
      const creatable = store.listCommands().filter((command) => mayStart(store, mayOpen, command));
      const sorted = creatable.sort((a, b) => {
        const ka = key(a);
        const kb = key(b);
        const by = ka < kb ? -1 : ka > kb ? 1 : a.id - b.id;
        return order.descending ? -by : by;
      });
      return sorted.map((c) => ({
        Id: c.id,
        Name: c.name,
        Description: c.description,
        OpenFlow: c.openFlow,
        Start: c.start,
        AskName: c.askName,
        StepCount: c.steps.length,
      }));
    },

    async createProcess(auth, commandId, body, mode) {
      const store = storeOf(auth);
      const command = commandId === null ? null : store.getCommand(commandId);
      if (!command) {
        throw new AppError({
          status: 400,
          code: 'COMMAND_ID_MISSING',
          message: ProcessMessages.CommandIdMissing,
          issues: [
            { code: 'custom', path: ['originatingCommandId'], message: ProcessMessages.CommandIdMissing },
          ],
        });
      }
      if (!mayStart(store, await formAccessOf(auth.database, auth.user.profileId), command)) {
        throw new AppError({
          status: 403,
          code: 'FORBIDDEN',
          message: `You may not start ${command.name}: a step opens a form your profile may not open.`,
        });
      }
      if (body.ParentUrl && !isSafeUrl(body.ParentUrl)) {
        throw invalid(['ParentUrl'], 'Must be a path of this site or an http(s) URL');
      }
      let variables = body.Properties?.Variables ?? null;
      if (body.PropertyBag !== undefined && body.PropertyBag !== null && body.PropertyBag !== '') {
        let bag: unknown;
        try {
          bag = JSON.parse(body.PropertyBag);
        } catch {
          throw invalid(['PropertyBag'], 'Must be the Properties as JSON text');
        }
        if (bag === null || typeof bag !== 'object' || Array.isArray(bag)) {
          throw invalid(['PropertyBag'], 'Must be the Properties as JSON text');
        }
        if (variables === null && 'Variables' in bag) {
          const parsed = VariablesSchema.safeParse((bag as { Variables: unknown }).Variables);
          if (!parsed.success)
            throw invalid(['PropertyBag', 'Variables'], 'Must be a list of { Name, Value }');
          variables = parsed.data;
        }
      }
      const name = body.Name?.trim() || command.name;
      const id = await store.transaction(() =>
        insertProcess(store, auth, command, {
          name,
          parentProcessId: null,
          parentStepId: null,
          parentUrl: body.ParentUrl ?? null,
          ownerUserId: auth.user.id,
          variables: variables ?? [],
          propertyBag: body.PropertyBag ?? null,
          mode,
        }),
      );
      const process = store.getProcess(id);
      if (!process) throw new Error('created process vanished');
      return toProcess(store, process);
    },

    getProcess(auth, processId, at = null) {
      return toProcess(storeOf(auth, at), loadProcess(auth, processId, at));
    },

    async resetProcess(auth, processId) {
      const store = storeOf(auth);
      const process = loadProcess(auth, processId);
      await store.transaction(() => resetProcessTree(store, auth, process));
      return toProcess(store, loadProcess(auth, processId));
    },

    openStep(auth, stepId, at = null) {
      const store = storeOf(auth, at);
      const ctx = loadStep(auth, stepId, at);
      return {
        Id: ctx.step.id,
        ProcessId: ctx.process.id,
        ParentProcessId: ctx.process.parentProcessId,
        StepName: ctx.def.name,
        Hint: ctx.def.hint ?? null,
        BreadCrumbHtml: breadcrumb(store, ctx.process, ctx.def.name, ctx.step.id),
        UrlToOpenTarget: ctx.def.target ?? null,
        StepKind: ctx.def.kind,
        State: ctx.step.state,
        UrlToOpen: pageUrl(store, ctx),
        RequiredData: ctx.def.requiredData ?? [],
        ProcessState: ctx.process.state,
      };
    },

    run(auth, stepId, body) {
      const store = storeOf(auth);
      return store.transaction(() => {
        let ctx = loadStep(auth, stepId);
        const answering = body !== null && typeof body.ActionState === 'string';
        const key =
          body === null
            ? 'run'
            : `run:${body.ActionState ?? ''}:${JSON.stringify([
                body.Confirmed,
                body.ConfirmResult,
                body.Prompted,
                body.PromptResult,
                body.CompletionConfirmed,
                body.CompletionConfirmResult,
                body.CompletionPrompted,
                body.CompletionPromptResult,
              ])}`;
        // Mode 0: the first run of the first step starts the process.
        if (
          ctx.process.state === 'open' &&
          ctx.process.currentStepId === null &&
          ctx.step.position === 0 &&
          ctx.step.state === 'waiting'
        ) {
          activate(store, ctx.process, ctx.command, ctx.step);
          event(store, auth, ctx.process.id, ctx.step.id, 'process-started', ctx.def.name);
          ctx = reload(store, ctx);
        }
        let why = whyNot(ctx);
        if (why === null && answering && body?.ActionState !== tokenOf(ctx.step)) {
          why = 'The answer belongs to an earlier phase of the step (stale ActionState).';
        }
        return guarded(ctx, key, why, () => {
          if (answering && body !== null && isQuestion(ctx.step.phase)) {
            const result = answerQuestion(store, auth, ctx, body);
            return result.ActionState === tokenOf(ctx.step)
              ? result
              : remember(store, ctx.step.id, key, result);
          }
          switch (ctx.step.phase) {
            case 'run':
              // An action with nothing to ask: the run completes it.
              return remember(store, ctx.step.id, key, finishAction(store, auth, ctx, readAnswers(ctx.step)));
            case 'sub-process':
              if (ctx.step.subProcessId === null) return startSubProcess(store, auth, ctx);
              return describe(store, ctx);
            default:
              return describe(store, ctx);
          }
        });
      });
    },

    answerPrompt(auth, stepId, promptResult) {
      const store = storeOf(auth);
      return store.transaction(() => {
        const ctx = loadStep(auth, stepId);
        const key = `prompt-action:${promptResult.trim()}`;
        let why = whyNot(ctx);
        if (why === null && ctx.step.phase !== 'prompt' && ctx.step.phase !== 'completion-prompt') {
          why = 'The step has no pending prompt.';
        }
        return guarded(ctx, key, why, () => {
          const phase = ctx.step.phase as 'prompt' | 'completion-prompt';
          return remember(store, ctx.step.id, key, applyPrompt(store, auth, ctx, phase, promptResult));
        });
      });
    },

    async pickListData(auth, stepId) {
      const store = storeOf(auth);
      const ctx = pickContext(auth, stepId);
      const stored = storedItems(ctx.step);
      const items = stored ?? (await pickItems(auth, ctx.def));
      const after = await store.transaction(() => {
        const current = loadStep(auth, stepId);
        // The offer is kept with the step: the completion is checked against what was shown.
        if (current.step.state === 'active' && current.step.dataJson === null) {
          store.updateStep(stepId, { dataJson: JSON.stringify(items) });
          return items;
        }
        return storedItems(current.step) ?? items;
      });
      const answers = readAnswers(ctx.step);
      return {
        StepId: ctx.step.id,
        StepName: ctx.def.name,
        IsMulti: ctx.def.kind === 'pick-list-multi',
        Prompt: ctx.def.pickList?.prompt ?? null,
        Items: after,
        Selected: (answers.selected ?? []).map((item) => item.id),
      };
    },

    async completePickList(auth, stepId, selection) {
      const store = storeOf(auth);
      const first = pickContext(auth, stepId);
      const wanted = selection.multi ? 'pick-list-multi' : 'pick-list-single';
      if (first.def.kind !== wanted) {
        throw outOfOrder(`The step is a ${first.def.kind} step; this completion is for ${wanted} steps.`);
      }
      const fresh = storedItems(first.step) === null ? await pickItems(auth, first.def) : null;
      const ids = selection.multi ? selection.ids : [selection.id];
      const key = `pick:${JSON.stringify(ids)}`;
      return store.transaction(() => {
        const ctx = loadStep(auth, stepId);
        return guarded(ctx, key, whyNot(ctx), () => {
          const offered = storedItems(ctx.step) ?? fresh ?? [];
          const byId = new Map(offered.map((item) => [item.Id, item]));
          const field = selection.multi ? 'SelectedItems' : 'SelectedItem';
          const seen = new Set<string>();
          ids.forEach((id, index) => {
            const path = selection.multi ? [field, index] : [field];
            if (!byId.has(id)) throw invalid(path, `'${id.slice(0, 100)}' is not an item of the pick list`);
            if (seen.has(id)) throw invalid(path, `'${id}' is chosen twice`);
            seen.add(id);
          });
          const selected = ids.map((id) => ({ id, text: byId.get(id)?.Text ?? id }));
          store.updateStep(ctx.step.id, { dataJson: JSON.stringify(offered) });
          event(
            store,
            auth,
            ctx.process.id,
            ctx.step.id,
            'items-picked',
            selected.map((s) => s.text).join('; '),
          );
          const nextId = completeStep(store, auth, ctx, { ...readAnswers(ctx.step), selected });
          return remember(store, ctx.step.id, key, completedResult(store, ctx, nextId, true));
        });
      });
    },

    completeReportDocument(auth, stepId) {
      const store = storeOf(auth);
      return store.transaction(() => {
        const ctx = loadStep(auth, stepId);
        if (ctx.def.kind !== 'report-document') {
          throw outOfOrder(`The step is a ${ctx.def.kind} step, not a report document.`);
        }
        const key = 'report';
        return guarded(ctx, key, whyNot(ctx), () => {
          const at = nowIso(now);
          const command = ctx.command;
          const html = renderReport({
            title: ctx.def.reportTitle ?? `${command.name}: report`,
            processId: ctx.process.id,
            processName: ctx.process.name,
            commandName: command.name,
            state: ctx.process.state,
            createdBy: ctx.process.createdBy,
            createdAt: ctx.process.createdAt,
            parentProcessId: ctx.process.parentProcessId,
            variables: variablesOf(store, ctx.process, command),
            steps: store.listSteps(ctx.process.id).map((step) => {
              const def = command.steps[step.position];
              const a = readAnswers(step);
              const answer = [
                a.confirm === undefined ? null : `Confirmed: ${a.confirm ? 'yes' : 'no'}`,
                a.prompt === undefined ? null : `Answer: ${a.prompt}`,
                a.selected ? `Chosen: ${a.selected.map((s) => s.text).join(', ')}` : null,
                a.page ? `Page: ${a.page.currentPageUrl}` : null,
                step.subProcessId === null ? null : `Sub-process #${step.subProcessId}`,
              ].filter((x) => x !== null);
              return {
                position: step.position,
                name: def?.name ?? '',
                kind: def?.kind ?? '',
                state: step.state,
                completedBy: step.completedBy,
                completedAt: step.completedAt,
                answer: answer.length > 0 ? answer.join('; ') : null,
              };
            }),
            producedBy: auth.user.name,
            producedAt: at,
          });
          store.saveDocument({
            stepId: ctx.step.id,
            processId: ctx.process.id,
            html,
            at,
            by: auth.user.name,
          });
          event(store, auth, ctx.process.id, ctx.step.id, 'document-produced', ctx.def.reportTitle ?? null);
          completeStep(store, auth, ctx, { ...readAnswers(ctx.step), document: true });
          const result = describe(store, reload(store, ctx), {
            IsCompletion: true,
            UrlToOpen: reportDocumentUrl(ctx.step.id),
            UrlToOpenTarget: ctx.def.target ?? '_blank',
          });
          return remember(store, ctx.step.id, key, result);
        });
      });
    },

    reportDocument(auth, stepId, at = null) {
      const ctx = loadStep(auth, stepId, at);
      const document = storeOf(auth, at).getDocument(ctx.step.id);
      if (!document) {
        throw new AppError({
          status: 404,
          code: 'NOT_FOUND',
          message: 'No document has been produced for this step.',
        });
      }
      return document.html;
    },

    completeDetailPage(auth, stepId, page) {
      const store = storeOf(auth);
      return store.transaction(() => {
        const ctx = loadStep(auth, stepId);
        if (ctx.def.kind !== 'detail-page' && ctx.def.kind !== 'form') {
          throw outOfOrder(`The step is a ${ctx.def.kind} step, not a page.`);
        }
        const key = `page:${page.QueryString}|${page.CurrentPageUrl}`;
        return guarded(ctx, key, whyNot(ctx), () => {
          const params = new URLSearchParams(page.QueryString.replace(/^\?/, ''));
          const missing = (ctx.def.requiredData ?? []).filter(
            (name) => (params.get(name) ?? '').trim() === '',
          );
          if (missing.length > 0) {
            throw new AppError({
              status: 400,
              code: 'REQUIRED_DATA_MISSING',
              message: `The page has not sent the data this step needs: ${missing.join(', ')}.`,
              issues: missing.map((name) => ({
                code: 'required_data_missing',
                path: ['QueryString', name],
                message: `${name} is required`,
              })),
            });
          }
          const stepParam = params.get('a_step_id');
          if (stepParam !== null && stepParam !== String(ctx.step.id)) {
            throw invalid(
              ['QueryString', 'a_step_id'],
              `The page belongs to step ${stepParam.slice(0, 20)}, not this one`,
            );
          }
          if (!isSafeUrl(page.CurrentPageUrl)) {
            throw invalid(['CurrentPageUrl'], 'Must be a path of this site or an http(s) URL');
          }
          event(store, auth, ctx.process.id, ctx.step.id, 'page-completed', page.CurrentPageUrl);
          const nextId = completeStep(store, auth, ctx, {
            ...readAnswers(ctx.step),
            page: { queryString: page.QueryString, currentPageUrl: page.CurrentPageUrl },
          });
          return remember(store, ctx.step.id, key, completedResult(store, ctx, nextId, false));
        });
      });
    },

    resetStep(auth, stepId, chain) {
      const store = storeOf(auth);
      return store.transaction(() => {
        const ctx = loadStep(auth, stepId);
        const steps = store.listSteps(ctx.process.id);
        for (const step of steps) {
          const def = ctx.command.steps[step.position];
          if (!def) continue;
          const inReset = step.id === ctx.step.id || (chain && step.position > ctx.step.position);
          if (inReset) {
            store.updateStep(step.id, freshStep(def, step.id === ctx.step.id ? 'active' : 'waiting'));
            // A reset sub-process step resets its sub-process too; the link is kept.
            const child = step.subProcessId === null ? null : store.getProcess(step.subProcessId);
            if (child) resetProcessTree(store, auth, child);
          } else if (step.state === 'active') {
            store.updateStep(step.id, freshStep(def, 'waiting'));
          }
        }
        store.updateProcess(ctx.process.id, { state: 'open', completedAt: null, currentStepId: ctx.step.id });
        const message = chain ? ProcessMessages.StepChainReset : ProcessMessages.StepReset;
        event(store, auth, ctx.process.id, ctx.step.id, chain ? 'step-chain-reset' : 'step-reset', message);
        return describe(store, reload(store, ctx), { ToastMessage: message });
      });
    },
  };
}
