import type { StepResult } from '@procedo/client-api';
import type { AuthContext } from '../session/session-service';
import {
  type Answers,
  guarded,
  invalid,
  isQuestion,
  loadStep,
  type RunBody,
  readAnswers,
  remember,
  type StepContext,
  storeOf,
  tokenOf,
  whyNot,
} from './process-context';
import { type QuestionPhase, questionsOf } from './process-definitions';
import { activate, type ProcessLifecycle } from './process-lifecycle';
import { completedResult, describe, reload, resolveUrl } from './process-view';
import type { ProcessesService } from './processes-service';
import type { ProcessStore } from './processes-store';

/** Running a step and answering its questions (confirm, prompt, completion confirm and prompt). */
export function createAnswerCalls({
  event,
  completeStep,
  startSubProcess,
}: ProcessLifecycle): Pick<ProcessesService, 'run' | 'answerPrompt'> {
  /** A step with its question answered: the next question, or the step's end. */
  async function advance(
    store: ProcessStore,
    auth: AuthContext,
    ctx: StepContext,
    phase: QuestionPhase,
    answers: Answers,
  ): Promise<StepResult> {
    const questions = questionsOf(ctx.def);
    const next = questions[questions.indexOf(phase) + 1];
    if (next) {
      await store.updateStep(ctx.step.id, {
        phase: next,
        answersJson: JSON.stringify(answers),
        bumpRevision: true,
      });
      return describe(store, await reload(store, ctx));
    }
    return finishAction(store, auth, ctx, answers);
  }

  /** An action (or completion) step with nothing left to ask completes. */
  async function finishAction(
    store: ProcessStore,
    auth: AuthContext,
    ctx: StepContext,
    answers: Answers,
  ): Promise<StepResult> {
    if (ctx.def.url) {
      const url = await resolveUrl(store, ctx, ctx.def.url);
      await completeStep(store, auth, ctx, answers);
      // The step is complete once the URL is handed out: the runner finishes after opening it.
      return describe(store, await reload(store, ctx), { IsCompletion: true, UrlToOpen: url });
    }
    const nextId = await completeStep(store, auth, ctx, answers);
    return completedResult(store, ctx, nextId, true);
  }

  async function cancel(
    store: ProcessStore,
    auth: AuthContext,
    ctx: StepContext,
    toast: string,
    answered: Partial<StepResult>,
  ): Promise<StepResult> {
    await store.updateStep(ctx.step.id, { bumpRevision: true });
    await event(store, auth, ctx.process.id, ctx.step.id, 'run-cancelled', toast);
    return describe(store, await reload(store, ctx), {
      CancelProceed: true,
      ToastMessage: toast,
      ...answered,
    });
  }

  /** Applies the answer `body` carries for the step's current question (or describes the question). */
  async function answerQuestion(
    store: ProcessStore,
    auth: AuthContext,
    ctx: StepContext,
    body: NonNullable<RunBody>,
  ): Promise<StepResult> {
    const answers = readAnswers(ctx.step);
    const phase = ctx.step.phase;
    switch (phase) {
      case 'confirm': {
        if (body.Confirmed !== true) return describe(store, ctx);
        if (body.ConfirmResult === null || body.ConfirmResult === undefined) {
          throw invalid(['ConfirmResult'], 'Answer the confirmation with yes or no');
        }
        await event(
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
            const nextId = await completeStep(
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
        await event(
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

  async function applyPrompt(
    store: ProcessStore,
    auth: AuthContext,
    ctx: StepContext,
    phase: 'prompt' | 'completion-prompt',
    raw: string,
  ): Promise<StepResult> {
    const text = raw.trim();
    const field = phase === 'prompt' ? 'PromptResult' : 'CompletionPromptResult';
    // spec §5: the action proceeds only with a non-empty answer; nothing changes.
    if (text === '') throw invalid([field], 'Enter an answer to proceed');
    await event(store, auth, ctx.process.id, ctx.step.id, `${phase}-answered`, text);
    const answers = readAnswers(ctx.step);
    return advance(
      store,
      auth,
      ctx,
      phase,
      phase === 'prompt' ? { ...answers, prompt: text } : { ...answers, completionPrompt: text },
    );
  }

  return {
    run(auth, stepId, body) {
      return storeOf(auth).transaction(async (tx) => {
        let ctx = await loadStep(auth, tx, stepId);
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
          await activate(tx, ctx.process, ctx.command, ctx.step);
          await event(tx, auth, ctx.process.id, ctx.step.id, 'process-started', ctx.def.name);
          ctx = await reload(tx, ctx);
        }
        let why = whyNot(ctx);
        if (why === null && answering && body?.ActionState !== tokenOf(ctx.step)) {
          why = 'The answer belongs to an earlier phase of the step (stale ActionState).';
        }
        return guarded(ctx, key, why, async () => {
          if (answering && body !== null && isQuestion(ctx.step.phase)) {
            const result = await answerQuestion(tx, auth, ctx, body);
            return result.ActionState === tokenOf(ctx.step)
              ? result
              : await remember(tx, ctx.step.id, key, result);
          }
          switch (ctx.step.phase) {
            case 'run':
              // An action with nothing to ask: the run completes it.
              return remember(tx, ctx.step.id, key, await finishAction(tx, auth, ctx, readAnswers(ctx.step)));
            case 'sub-process':
              if (ctx.step.subProcessId === null) return startSubProcess(tx, auth, ctx);
              return describe(tx, ctx);
            default:
              return describe(tx, ctx);
          }
        });
      });
    },

    answerPrompt(auth, stepId, promptResult) {
      return storeOf(auth).transaction(async (tx) => {
        const ctx = await loadStep(auth, tx, stepId);
        const key = `prompt-action:${promptResult.trim()}`;
        let why = whyNot(ctx);
        if (why === null && ctx.step.phase !== 'prompt' && ctx.step.phase !== 'completion-prompt') {
          why = 'The step has no pending prompt.';
        }
        return guarded(ctx, key, why, async () => {
          const phase = ctx.step.phase as 'prompt' | 'completion-prompt';
          return remember(tx, ctx.step.id, key, await applyPrompt(tx, auth, ctx, phase, promptResult));
        });
      });
    },
  };
}
