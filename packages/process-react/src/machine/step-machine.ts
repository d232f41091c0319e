import type { StepKind, StepResult, StepRunRequest } from '@procedo/client-api';
import { classifyStepTarget, type StepTargetKind } from './targets';

/**
 * The step runner as a pure machine: `transition(state, event) → state` (no React, no I/O). What
 * the runner must do outside — call the server, open a page, show a toast, navigate — is listed
 * in the new state's `effects`, which the driver (`ProcessRunnerProvider`) executes and answers
 * with further events. The order a result is handled in is spec §4, as `docs/processes.md` writes
 * it.
 */

/** A step to run: its id, its name (dialog titles) and, when known, its kind. */
export interface RunnableStep {
  Id: number;
  Name: string;
  /** Decides the screen shown when a run asks nothing (pick lists, report document). */
  StepKind?: StepKind | null;
}

/** A server call the driver makes; its answer comes back as a `result` or `failed` event. */
export type StepCall =
  /** `GET steps/{id}` (the opening of a step reached by `ProceedToStepId`), answered by `step-loaded`. */
  | { kind: 'load-step'; stepId: number }
  /** `POST steps/{id}/action/run` with the previous result (answers filled in), or `null`. */
  | { kind: 'run'; stepId: number; body: StepRunRequest }
  /** `POST steps/{id}/action/complete/pick-list/single` */
  | { kind: 'pick-list-single'; stepId: number; selectedItem: string }
  /** `POST steps/{id}/action/complete/pick-list/multi` */
  | { kind: 'pick-list-multi'; stepId: number; selectedItems: readonly string[] }
  /** `POST steps/{id}/action/complete/report-document` */
  | { kind: 'report-document'; stepId: number };

/** What the driver does after a transition, in order. */
export type StepEffect =
  /** Make a server call. */
  | { type: 'call'; call: StepCall }
  /** Show the result's `ToastMessage` (a warning when the run was cancelled). */
  | { type: 'toast'; level: 'info' | 'warning'; text: string }
  /** Show the result's `AlertMessage` in the modal Alert. */
  | { type: 'alert'; text: string }
  /** Apply the result's `Script` as a named client action (never evaluated). */
  | { type: 'script'; script: string; processId: number; stepId: number }
  /** Put the question (`state.question`) on screen; its answer comes back as `confirm` or `prompt`. */
  | { type: 'ask'; question: StepQuestion }
  /**
   * Open a step's page in its target. A `dialog` target is also in `state.dialog`, which the
   * driver renders (not modal, titled with the step name) until a `dialog-closed` event.
   */
  | { type: 'open-url'; url: string; target: string; targetKind: StepTargetKind; title: string }
  /** Close the step dialog (`state.dialog` is already `null`): the run it held is over. */
  | { type: 'close-dialog' }
  /**
   * The run is over and no dialog of this runner held the step: the page goes to the flow home
   * page (supervisors) or the step page (others); inside a step dialog's page, the opener is told.
   */
  | { type: 'finish'; processId: number; stepId: number }
  /** The process changed: the host re-reads it. */
  | { type: 'changed' };

/** A question the runner asks; its answer comes back as a `confirm` or `prompt` event. */
export type StepQuestion =
  | { kind: 'confirm' | 'completion-confirm'; title: string; message: string }
  | { kind: 'prompt' | 'completion-prompt'; title: string; message: string; suggestion: string };

/** A step's page shown in the runner's dialog (not modal, titled with the step name). */
export interface StepDialog {
  url: string;
  title: string;
  processId: number;
  stepId: number;
  /** Whether closing it finishes the run (an `IsCompletion` result, spec §4 point 6). */
  finishesRun: boolean;
}

/** Where the runner is. */
export type StepPhase =
  /** Nothing running. */
  | 'idle'
  /** A call is on its way (`pending`). */
  | 'running'
  /** A confirm or prompt is on screen (`question`). */
  | 'asking'
  /** The pick-list screen of `step` is on screen. */
  | 'pick-list'
  /** The report-document screen of `step` is on screen (`documentUrl` once produced). */
  | 'report'
  /** The step's page is open in the runner's dialog and the run waits for it to close. */
  | 'dialog'
  /** The run ended with the step completed. */
  | 'finished'
  /** The last call failed (`error`); `retry` makes it again, the process is where it was. */
  | 'failed';

/** The runner's state. */
export interface StepMachineState {
  phase: StepPhase;
  processId: number | null;
  step: RunnableStep | null;
  /** The last result the server answered for the step. */
  result: StepResult | null;
  question: StepQuestion | null;
  /** The step's page open in the runner's dialog. */
  dialog: StepDialog | null;
  /** The call in flight (`running`) or the one that failed (`failed`). */
  pending: StepCall | null;
  error: unknown;
  /** The produced report document's URL (`report`). */
  documentUrl: string | null;
  /** The URL this run already opened, so a re-run answering it again does not open it twice. */
  openedUrl: string | null;
  /** What the driver must do now; empty when the transition needs nothing outside. */
  effects: readonly StepEffect[];
}

/** The events the machine takes. */
export type StepEvent =
  /** Run a step (first run: `action/run` with `null`). */
  | { type: 'run'; processId: number; step: RunnableStep }
  /** The opening of a step reached by `ProceedToStepId` came back: run it. */
  | { type: 'step-loaded'; processId: number; step: RunnableStep }
  /** A step result: the answer of the pending call, or one a page produced (detail-page completion). */
  | { type: 'result'; result: StepResult }
  /** The pending call failed. */
  | { type: 'failed'; error: unknown }
  /** The answer to a confirm or completion confirm. */
  | { type: 'confirm'; confirmed: boolean }
  /** The answer to a prompt or completion prompt; `null` when cancelled. */
  | { type: 'prompt'; value: string | null }
  /** The pick list's choice: one id (single) or several (multi). */
  | { type: 'submit-pick-list'; selected: string | readonly string[] }
  /** Produce the report document. */
  | { type: 'produce-report' }
  /** The user is done with the produced report document: the run goes on. */
  | { type: 'report-done' }
  /** The step dialog closed: by the user, or (`completed`) because its page completed the step. */
  | { type: 'dialog-closed'; completed?: boolean }
  /** Make the failed call again. */
  | { type: 'retry' }
  /** Leave the current screen, question or error without going on; the process stays where it is. */
  | { type: 'dismiss' };

/** The state of a runner that has run nothing yet. */
export const initialStepMachineState: StepMachineState = Object.freeze({
  phase: 'idle',
  processId: null,
  step: null,
  result: null,
  question: null,
  dialog: null,
  pending: null,
  error: null,
  documentUrl: null,
  openedUrl: null,
  effects: [],
});

/**
 * Reads a flag robustly: `true`, `1`, `'1'`, `'true'` are true; everything else — `'0'`
 * included (spec §4) — is false.
 */
export function isFlagSet(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() === '1' || value.trim().toLowerCase() === 'true';
  return value === true || value === 1;
}

const hasText = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.trim() !== '';

function call(state: StepMachineState, pending: StepCall, effects: StepEffect[] = []): StepMachineState {
  return {
    ...state,
    phase: 'running',
    pending,
    error: null,
    question: null,
    effects: [...effects, { type: 'call', call: pending }],
  };
}

function settle(
  state: StepMachineState,
  phase: 'idle' | 'finished',
  effects: StepEffect[],
): StepMachineState {
  return { ...state, phase, pending: null, question: null, documentUrl: null, effects };
}

/** The result's messages and script, shown whatever else the result asks. */
function notices(result: StepResult): StepEffect[] {
  const effects: StepEffect[] = [];
  if (hasText(result.ToastMessage)) {
    effects.push({
      type: 'toast',
      level: isFlagSet(result.CancelProceed) ? 'warning' : 'info',
      text: result.ToastMessage,
    });
  }
  if (hasText(result.AlertMessage)) effects.push({ type: 'alert', text: result.AlertMessage });
  if (hasText(result.Script)) {
    effects.push({
      type: 'script',
      script: result.Script,
      processId: result.ProcessId,
      stepId: result.StepId,
    });
  }
  return effects;
}

/** Puts a question on screen: the phase, the question, and the `ask` effect. */
function ask(state: StepMachineState, question: StepQuestion, effects: StepEffect[]): StepMachineState {
  return {
    ...state,
    phase: 'asking',
    pending: null,
    question,
    effects: [...effects, { type: 'ask', question }],
  };
}

/** Spec §4 point 3: the run is over; a dialog closes, otherwise the page moves on. */
function complete(state: StepMachineState, result: StepResult, effects: StepEffect[]): StepMachineState {
  if (state.dialog) {
    return {
      ...settle(state, 'finished', [...effects, { type: 'close-dialog' }, { type: 'changed' }]),
      dialog: null,
    };
  }
  return settle(state, 'finished', [
    ...effects,
    { type: 'changed' },
    { type: 'finish', processId: result.ProcessId, stepId: result.StepId },
  ]);
}

/** Spec §4 points 7 and 8, then the end of a run whose URL has been opened (or that had none). */
function afterUrl(
  state: StepMachineState,
  result: StepResult,
  effects: StepEffect[],
  opened: StepTargetKind | null,
): StepMachineState {
  const title = result.StepName;
  if (isFlagSet(result.CompletionConfirmRequired) && !isFlagSet(result.CompletionConfirmed)) {
    // docs/processes.md: a completion confirm's question is in ConfirmMessage; without one, the
    // step's hint (what to do) reads better than repeating the title.
    const message = result.ConfirmMessage ?? result.Hint ?? result.StepName;
    return ask(state, { kind: 'completion-confirm', title, message }, effects);
  }
  if (isFlagSet(result.CompletionPromptRequired) && !isFlagSet(result.CompletionPrompted)) {
    const question: StepQuestion = {
      kind: 'completion-prompt',
      title,
      message: result.CompletionPromptMessage ?? result.StepName,
      suggestion: result.CompletionPromptSuggestion ?? '',
    };
    return ask(state, question, effects);
  }
  const isCompletion = isFlagSet(result.IsCompletion);
  switch (opened) {
    case 'dialog':
      // Point 6: with IsCompletion the run finishes once the dialog closes.
      return {
        ...settle(state, 'idle', effects),
        phase: 'dialog',
        dialog: state.dialog ? { ...state.dialog, finishesRun: isCompletion } : null,
      };
    case 'self':
    case 'top':
    case 'parent':
      // The page (or the one holding it) is going to the step's URL; there is nowhere else to go.
      return settle(state, isCompletion ? 'finished' : 'idle', [...effects, { type: 'changed' }]);
    case 'tab':
    case 'window':
    case 'frame':
      if (isCompletion) return complete({ ...state, dialog: null }, result, effects);
      return settle(state, 'idle', [...effects, { type: 'changed' }]);
    case null:
      break;
  }
  if (isCompletion) return complete(state, result, effects);
  const kind = state.step?.StepKind;
  if (kind === 'pick-list-single' || kind === 'pick-list-multi') {
    return { ...settle(state, 'idle', effects), phase: 'pick-list' };
  }
  if (kind === 'report-document') return { ...settle(state, 'idle', effects), phase: 'report' };
  return settle(state, 'idle', [...effects, { type: 'changed' }]);
}

/** Handles a step result in the order of spec §4 and stops at the first point that applies. */
function handleResult(previous: StepMachineState, result: StepResult): StepMachineState {
  const sameStep = previous.step?.Id === result.StepId;
  const state: StepMachineState = {
    ...previous,
    processId: result.ProcessId,
    step: { Id: result.StepId, Name: result.StepName, StepKind: sameStep ? previous.step?.StepKind : null },
    result,
    error: null,
  };
  const effects = notices(result);

  // 1. Proceed to another step: this one is done; run that one next (its kind comes with it).
  if (result.ProceedToStepId !== null && result.ProceedToStepId !== undefined) {
    return {
      ...call(
        { ...state, step: { Id: result.ProceedToStepId, Name: '', StepKind: null } },
        { kind: 'load-step', stepId: result.ProceedToStepId },
        [...effects, { type: 'changed' }],
      ),
      documentUrl: null,
    };
  }
  // 2. Cancel: the run stops, the step stays active.
  if (isFlagSet(result.CancelProceed)) return settle(state, 'idle', [...effects, { type: 'changed' }]);
  // 3. Completed: the run is over.
  if (isFlagSet(result.IsCompleted)) return complete(state, result, effects);
  // 4. Confirm.
  if (isFlagSet(result.ConfirmRequired) && !isFlagSet(result.Confirmed)) {
    const message = result.ConfirmMessage ?? result.StepName;
    return ask(state, { kind: 'confirm', title: result.StepName, message }, effects);
  }
  // 5. Prompt.
  if (isFlagSet(result.PromptRequired) && !isFlagSet(result.Prompted)) {
    const question: StepQuestion = {
      kind: 'prompt',
      title: result.StepName,
      message: result.PromptMessage ?? result.StepName,
      suggestion: result.PromptSuggestion ?? '',
    };
    return ask(state, question, effects);
  }
  // A produced report document is offered as a link (a user gesture, so no popup blocker) first.
  if (previous.pending?.kind === 'report-document' && hasText(result.UrlToOpen)) {
    return { ...settle(state, 'idle', effects), phase: 'report', documentUrl: result.UrlToOpen };
  }
  // 6. Open a URL in its target.
  if (hasText(result.UrlToOpen)) {
    const targetKind = classifyStepTarget(result.UrlToOpenTarget);
    const openedKey = `${result.StepId} ${result.UrlToOpen}`;
    if (previous.openedUrl === openedKey) {
      // A re-run (completion confirm or prompt) answering the URL it opened already.
      return afterUrl(state, result, effects, targetKind === 'dialog' && !state.dialog ? null : targetKind);
    }
    state.openedUrl = openedKey;
    effects.push({
      type: 'open-url',
      url: result.UrlToOpen,
      target: result.UrlToOpenTarget ?? '',
      targetKind,
      title: result.StepName,
    });
    if (targetKind === 'dialog') {
      const dialog: StepDialog = {
        url: result.UrlToOpen,
        title: result.StepName,
        processId: result.ProcessId,
        stepId: result.StepId,
        finishesRun: false,
      };
      return afterUrl({ ...state, dialog }, result, effects, 'dialog');
    }
    return afterUrl(state, result, effects, targetKind);
  }
  // 7, 8 and the end of the run.
  return afterUrl(state, result, effects, null);
}

/** The body of a re-run: the previous result with the answer filled in, ActionState unchanged. */
function rerun(state: StepMachineState, answer: Partial<StepResult>): StepMachineState {
  const { result } = state;
  if (!result) return { ...state, effects: [] };
  return call(state, { kind: 'run', stepId: result.StepId, body: { ...result, ...answer } });
}

function answerConfirm(state: StepMachineState, confirmed: boolean): StepMachineState {
  if (state.phase !== 'asking' || !state.question) return { ...state, effects: [] };
  if (state.question.kind === 'confirm') return rerun(state, { Confirmed: true, ConfirmResult: confirmed });
  if (state.question.kind === 'completion-confirm') {
    return rerun(state, { CompletionConfirmed: true, CompletionConfirmResult: confirmed });
  }
  return { ...state, effects: [] };
}

function answerPrompt(state: StepMachineState, value: string | null): StepMachineState {
  if (state.phase !== 'asking' || !state.question) return { ...state, effects: [] };
  const { kind } = state.question;
  if (kind !== 'prompt' && kind !== 'completion-prompt') return { ...state, effects: [] };
  // Spec §5: the action proceeds only with a non-empty answer; cancelled or empty, the run stops.
  if (value === null || value.trim() === '') return settle(state, 'idle', []);
  return kind === 'prompt'
    ? rerun(state, { Prompted: true, PromptResult: value })
    : rerun(state, { CompletionPrompted: true, CompletionPromptResult: value });
}

function submitPickList(state: StepMachineState, selected: string | readonly string[]): StepMachineState {
  const step = state.step;
  // The pick list stays on screen after a failed post, so the user can send the choice again.
  const failedPost =
    state.phase === 'failed' &&
    (state.pending?.kind === 'pick-list-single' || state.pending?.kind === 'pick-list-multi');
  if ((state.phase !== 'pick-list' && !failedPost) || !step) return { ...state, effects: [] };
  if (step.StepKind === 'pick-list-single') {
    const item = typeof selected === 'string' ? selected : selected[0];
    if (item === undefined || item === '') return { ...state, effects: [] };
    return call(state, { kind: 'pick-list-single', stepId: step.Id, selectedItem: item });
  }
  const items = typeof selected === 'string' ? [selected] : [...selected];
  if (items.length === 0) return { ...state, effects: [] };
  return call(state, { kind: 'pick-list-multi', stepId: step.Id, selectedItems: items });
}

/**
 * The step machine: the next state for an event. Pure — the same state and event always give the
 * same next state; the I/O it needs is in `next.effects`. An event that does not fit the phase
 * (a second run while one is on its way, an answer with no question) changes nothing.
 *
 * @example
 * let state = transition(initialStepMachineState, { type: 'run', processId: 7, step: { Id: 70, Name: 'Approve' } });
 * // state.effects: [{ type: 'call', call: { kind: 'run', stepId: 70, body: null } }]
 */
export function transition(state: StepMachineState, event: StepEvent): StepMachineState {
  switch (event.type) {
    case 'run':
      if (state.phase === 'running') return { ...state, effects: [] };
      return call(
        {
          ...state,
          processId: event.processId,
          step: event.step,
          result: null,
          documentUrl: null,
          openedUrl: null,
        },
        { kind: 'run', stepId: event.step.Id, body: null },
      );
    case 'step-loaded':
      if (state.phase !== 'running' || state.pending?.kind !== 'load-step') return { ...state, effects: [] };
      return call(
        { ...state, processId: event.processId, step: event.step, result: null, openedUrl: null },
        { kind: 'run', stepId: event.step.Id, body: null },
      );
    case 'result':
      return handleResult(state, event.result);
    case 'failed':
      // A failed call leaves the process where it was: keep the call, so it can be made again.
      return { ...state, phase: 'failed', error: event.error, question: null, effects: [] };
    case 'confirm':
      return answerConfirm(state, event.confirmed);
    case 'prompt':
      return answerPrompt(state, event.value);
    case 'submit-pick-list':
      return submitPickList(state, event.selected);
    case 'produce-report':
      if (state.phase !== 'report' || !state.step) return { ...state, effects: [] };
      return call(state, { kind: 'report-document', stepId: state.step.Id });
    case 'report-done': {
      if (state.phase !== 'report' || !state.result || state.documentUrl === null)
        return { ...state, effects: [] };
      // The document was opened through the link, as a window: go on with points 7 and 8.
      return afterUrl({ ...state, documentUrl: null }, state.result, [], 'window');
    }
    case 'dialog-closed': {
      if (!state.dialog) return { ...state, effects: [] };
      const finishes = event.completed === true || state.dialog.finishesRun;
      const next = { ...state, dialog: null };
      // Only a run waiting on the dialog ends here; a question or call still in progress goes on.
      if (state.phase !== 'dialog') return { ...next, effects: [{ type: 'changed' }] };
      return settle(next, finishes ? 'finished' : 'idle', [{ type: 'changed' }]);
    }
    case 'retry':
      if (state.phase !== 'failed' || !state.pending) return { ...state, effects: [] };
      return call(state, state.pending);
    case 'dismiss':
      if (state.phase === 'running' || state.phase === 'idle' || state.phase === 'finished') {
        return { ...state, effects: [] };
      }
      return {
        ...settle(state, 'idle', []),
        error: null,
        dialog: state.phase === 'dialog' ? null : state.dialog,
      };
  }
}
