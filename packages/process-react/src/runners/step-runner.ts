import type { ProcessesApi, StepResult } from '@procedo/client-api';
import { parseScriptAction, SCRIPT_ACTIONS } from '../machine/script-actions';
import {
  initialStepMachineState,
  type StepCall,
  type StepEffect,
  type StepEvent,
  type StepMachineState,
  transition,
} from '../machine/step-machine';
import { completionHref, flowHomeHref, stepPageHref } from '../machine/targets';

/**
 * Messages a step's page, open in a step dialog (an iframe of the same origin), posts to the page
 * that opened it.
 */
export const STEP_FRAME_MESSAGES = Object.freeze({
  /** The page completed the step: the dialog closes and the run is over. */
  stepFinished: 'procedo:step-finished',
  /** The page asks for its dialog to close (the `close-dialog` script action). */
  closeDialog: 'procedo:close-step-dialog',
});

/** A message of {@link STEP_FRAME_MESSAGES} as posted. */
export interface StepFrameMessage {
  type: (typeof STEP_FRAME_MESSAGES)[keyof typeof STEP_FRAME_MESSAGES];
  processId?: number;
  stepId?: number;
}

/** Whether a `message` event's data is a step frame message. */
export function isStepFrameMessage(data: unknown): data is StepFrameMessage {
  if (typeof data !== 'object' || data === null) return false;
  const type = (data as { type?: unknown }).type;
  return type === STEP_FRAME_MESSAGES.stepFinished || type === STEP_FRAME_MESSAGES.closeDialog;
}

/** What the step runner needs from its surroundings; the provider builds it from props and context. */
export interface StepRunnerEnvironment {
  api: ProcessesApi;
  /** Read at each effect, so the latest props apply. */
  options(): { isSupervisor: boolean; navigate(url: string): void; onChanged?: (() => void) | undefined };
  toast(level: 'info' | 'warning', text: string): void;
  alert(text: string): void;
  /** Opens a step's page in a window target (`_top`, `_parent`, `_tab…`, `_blank…`, a frame name). */
  openWindow(request: { url: string; target: string; title: string }): void;
  /** Whether this page is a step's page inside a step dialog (an iframe of the same origin). */
  isInStepFrame(): boolean;
  /** Posts a step frame message to the page holding this one's dialog. */
  postToOpener(message: StepFrameMessage): void;
  /** Logs refused scripts. @default console.warn */
  warn?: (message: string) => void;
}

/** The step machine with its effects carried out: what the provider renders from. */
export interface StepRunner {
  subscribe(listener: () => void): () => void;
  getSnapshot(): StepMachineState;
  send(event: StepEvent): void;
}

function callApi(api: ProcessesApi, call: StepCall): Promise<unknown> {
  switch (call.kind) {
    case 'load-step':
      return api.step(call.stepId);
    case 'run':
      return api.run(call.stepId, call.body);
    case 'pick-list-single':
      return api.completePickListSingle(call.stepId, call.selectedItem);
    case 'pick-list-multi':
      return api.completePickListMulti(call.stepId, call.selectedItems);
    case 'report-document':
      return api.completeReportDocument(call.stepId);
  }
}

/**
 * Creates the step runner: the pure machine of `machine/step-machine.ts` plus the code that makes
 * its calls, opens its pages, shows its messages and moves the page on. Framework-free; the React
 * provider subscribes to it.
 */
export function createStepRunner(env: StepRunnerEnvironment): StepRunner {
  const listeners = new Set<() => void>();
  let state: StepMachineState = initialStepMachineState;
  const warn = env.warn ?? ((message: string) => console.warn(message));

  function execute(effect: StepEffect): void {
    const options = env.options();
    switch (effect.type) {
      case 'call': {
        const { call } = effect;
        callApi(env.api, call).then(
          (answer) => {
            // An answer for a call that is no longer the pending one (the run moved on) is dropped.
            if (state.pending !== call) return;
            if (call.kind === 'load-step') {
              const opening = answer as Awaited<ReturnType<ProcessesApi['step']>>;
              runner.send({
                type: 'step-loaded',
                processId: opening.ProcessId,
                step: { Id: opening.Id, Name: opening.StepName, StepKind: opening.StepKind },
              });
            } else {
              runner.send({ type: 'result', result: answer as StepResult });
            }
          },
          (error: unknown) => {
            if (state.pending === call) runner.send({ type: 'failed', error });
          },
        );
        return;
      }
      case 'toast':
        env.toast(effect.level, effect.text);
        return;
      case 'alert':
        env.alert(effect.text);
        return;
      case 'script':
        runScript(effect.script, effect.processId, effect.stepId);
        return;
      case 'ask':
      case 'close-dialog':
        // Rendered from the state (`question`, `dialog`) by the provider.
        return;
      case 'open-url':
        if (effect.targetKind === 'dialog') return;
        if (effect.targetKind === 'self') options.navigate(effect.url);
        else env.openWindow({ url: effect.url, target: effect.target, title: effect.title });
        return;
      case 'finish':
        if (env.isInStepFrame()) {
          env.postToOpener({
            type: STEP_FRAME_MESSAGES.stepFinished,
            processId: effect.processId,
            stepId: effect.stepId,
          });
        } else {
          options.navigate(
            completionHref({
              processId: effect.processId,
              stepId: effect.stepId,
              isSupervisor: options.isSupervisor,
            }),
          );
        }
        return;
      case 'changed':
        options.onChanged?.();
        return;
    }
  }

  function runScript(script: string, processId: number, stepId: number): void {
    const action = parseScriptAction(script);
    const options = env.options();
    switch (action) {
      case 'refresh':
        options.onChanged?.();
        return;
      case 'close-dialog':
        if (state.dialog) runner.send({ type: 'dialog-closed' });
        else if (env.isInStepFrame())
          env.postToOpener({ type: STEP_FRAME_MESSAGES.closeDialog, processId, stepId });
        return;
      case 'go-to-flow-home':
        options.navigate(flowHomeHref(processId, stepId));
        return;
      case 'go-to-step-page':
        options.navigate(stepPageHref(processId));
        return;
      case null:
        // Never evaluated: a Script is a name from a fixed list, not code.
        warn(
          `Procedo: refused the step result's Script ${JSON.stringify(script)}; ` +
            `only these named actions run: ${SCRIPT_ACTIONS.join(', ')}.`,
        );
        return;
    }
  }

  const runner: StepRunner = {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => state,
    send(event) {
      state = transition(state, event);
      const { effects } = state;
      for (const listener of listeners) listener();
      for (const effect of effects) execute(effect);
    },
  };
  return runner;
}
