import type { StepResult } from '@procedo/client-api';
import type { AuthContext } from '../session/session-service';
import {
  type Answers,
  commandOf,
  nowIso,
  ProcessMessages,
  readAnswers,
  readVariables,
  type StepContext,
} from './process-context';
import { initialPhase, type StepDefinition } from './process-definitions';
import { flowUrl } from './process-urls';
import { describe, reload } from './process-view';
import type { CommandRecord, ProcessRecord, ProcessStore, StepChange, StepRecord } from './processes-store';

/** A step back to its starting point (answers, data and remembered request forgotten). */
export function freshStep(def: StepDefinition, state: 'active' | 'waiting'): StepChange {
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

export async function activate(
  store: ProcessStore,
  process: ProcessRecord,
  command: CommandRecord,
  step: StepRecord,
) {
  const def = command.steps[step.position];
  if (!def) throw new Error(`no definition at position ${step.position}`);
  await store.updateStep(step.id, freshStep(def, 'active'));
  await store.updateProcess(process.id, { currentStepId: step.id });
}

/**
 * The writes that move processes on: creating one (with its steps), completing a step and
 * activating the next, starting and completing sub-processes, resetting, each with its history
 * event stamped by `now`.
 */
export function createProcessLifecycle(now: () => number) {
  async function event(
    store: ProcessStore,
    auth: AuthContext,
    processId: number,
    stepId: number | null,
    kind: string,
    detail: string | null = null,
  ) {
    await store.appendEvent({
      processId,
      stepId,
      at: nowIso(now),
      by: auth.user.name,
      kind,
      detail: detail === null ? null : detail.slice(0, 2000),
    });
  }

  /**
   * Completes a step and activates the next one: the first waiting step after it (or the step at
   * `proceedTo`, the ones in between skipped), else the first waiting one before it; with none
   * the process completes, and a completed sub-process completes its parent's step. Returns the
   * next active step's id, or null when the process completed.
   */
  async function completeStep(
    store: ProcessStore,
    auth: AuthContext,
    ctx: StepContext,
    answers: Answers,
    proceedTo?: number,
  ): Promise<number | null> {
    const at = nowIso(now);
    await store.updateStep(ctx.step.id, {
      state: 'completed',
      phase: 'done',
      answersJson: JSON.stringify(answers),
      completedAt: at,
      completedBy: auth.user.name,
      bumpRevision: true,
    });
    await event(store, auth, ctx.process.id, ctx.step.id, 'step-completed', ctx.def.name);
    const steps = await store.listSteps(ctx.process.id);
    if (proceedTo !== undefined) {
      for (const step of steps) {
        if (step.position > ctx.step.position && step.position < proceedTo && step.state === 'waiting') {
          await store.updateStep(step.id, { state: 'skipped', bumpRevision: true });
          await event(
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
      await activate(store, ctx.process, ctx.command, next);
      return next.id;
    }
    await store.updateProcess(ctx.process.id, { state: 'completed', currentStepId: null, completedAt: at });
    await event(store, auth, ctx.process.id, null, 'process-completed', ctx.process.name);
    if (ctx.process.parentStepId !== null) await childCompleted(store, auth, ctx.process);
    return null;
  }

  async function childCompleted(store: ProcessStore, auth: AuthContext, child: ProcessRecord) {
    if (child.parentStepId === null) return;
    const step = await store.getStep(child.parentStepId);
    if (step?.state !== 'active' || step.subProcessId !== child.id) return;
    const process = await store.getProcess(step.processId);
    if (!process) return;
    const command = await commandOf(store, process);
    const def = command.steps[step.position];
    if (!def) return;
    await event(store, auth, process.id, step.id, 'sub-process-completed', child.name);
    await completeStep(store, auth, { process, command, step, def }, readAnswers(step));
  }

  async function startSubProcess(
    store: ProcessStore,
    auth: AuthContext,
    ctx: StepContext,
  ): Promise<StepResult> {
    const command = ctx.def.subProcessCommand
      ? await store.getCommandByName(ctx.def.subProcessCommand)
      : null;
    if (!command) throw new Error(`sub-process command ${ctx.def.subProcessCommand} is not defined`);
    const childId = await insertProcess(store, auth, command, {
      name: `${command.name} for ${ctx.process.name}`.slice(0, 200),
      parentProcessId: ctx.process.id,
      parentStepId: ctx.step.id,
      parentUrl: flowUrl(ctx.process.id, ctx.step.id),
      ownerUserId: ctx.process.ownerUserId,
      variables: readVariables(ctx.process),
      propertyBag: null,
      mode: 1,
    });
    await store.updateStep(ctx.step.id, { subProcessId: childId, bumpRevision: true });
    await event(
      store,
      auth,
      ctx.process.id,
      ctx.step.id,
      'sub-process-started',
      `#${childId} ${command.name}`,
    );
    const child = await store.getProcess(childId);
    if (child?.state === 'completed') await childCompleted(store, auth, child);
    return describe(store, await reload(store, ctx));
  }

  async function insertProcess(
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
  ): Promise<number> {
    const at = nowIso(now);
    const id = await store.insertProcess({
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
    const stepIds = await store.insertSteps(id, command.steps.map(initialPhase));
    await event(store, auth, id, null, 'process-created', `${command.name}, mode ${input.mode}`);
    const first = stepIds[0];
    if (first === undefined) {
      // Nothing to do: the process is complete at once (the client says it has no tasks).
      await store.updateProcess(id, { state: 'completed', completedAt: at });
      await event(store, auth, id, null, 'process-completed', input.name);
    } else if (input.mode === 1) {
      await store.updateStep(first, { state: 'active' });
      await store.updateProcess(id, { currentStepId: first });
    }
    return id;
  }

  async function resetProcessTree(store: ProcessStore, auth: AuthContext, process: ProcessRecord, depth = 0) {
    if (depth > 20) throw new Error('sub-processes nested too deeply');
    const command = await commandOf(store, process);
    const steps = await store.listSteps(process.id);
    for (const step of steps) {
      const def = command.steps[step.position];
      if (!def) continue;
      await store.updateStep(step.id, freshStep(def, step.position === 0 ? 'active' : 'waiting'));
    }
    await store.updateProcess(process.id, {
      state: steps.length === 0 ? 'completed' : 'open',
      completedAt: steps.length === 0 ? process.completedAt : null,
      currentStepId: steps[0]?.id ?? null,
    });
    await event(store, auth, process.id, null, 'process-reset', ProcessMessages.ProcessReset);
    for (const child of await store.listSubProcesses(process.id)) {
      const record = await store.getProcess(child.id);
      if (record) await resetProcessTree(store, auth, record, depth + 1);
    }
  }

  return { event, completeStep, startSubProcess, insertProcess, resetProcessTree };
}

/** The lifecycle writes the step calls share (see {@link createProcessLifecycle}). */
export type ProcessLifecycle = ReturnType<typeof createProcessLifecycle>;
