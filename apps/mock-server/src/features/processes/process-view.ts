import type { Process, ProcessEvent, ProcessStep, StepResult } from '@procedo/client-api';
import { commandOf, readAnswers, readVariables, type StepContext, tokenOf } from './process-context';
import { escapeHtml } from './process-report';
import { APP_ROOT_URL, flowUrl } from './process-urls';
import type { CommandRecord, ProcessRecord, ProcessStore } from './processes-store';

// What a client is shown of a process and its steps: read only, no rule and no write.

/** History entries `GET process/{id}` carries (newest first). */
export const HISTORY_LIMIT = 50;

/** The process variables: the create payload's, then what completed steps set (prompts, pick lists). */
export async function variablesOf(store: ProcessStore, process: ProcessRecord, command: CommandRecord) {
  const variables = new Map(readVariables(process).map((v) => [v.Name, v.Value]));
  for (const step of await store.listSteps(process.id)) {
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
export async function resolveUrl(store: ProcessStore, ctx: StepContext, template: string): Promise<string> {
  // The variables are read only for a template that names one.
  const variables = /\{var:/.test(template)
    ? new Map((await variablesOf(store, ctx.process, ctx.command)).map((v) => [v.Name, v.Value]))
    : new Map<string, string>();
  let url = template.replace(
    /\{(StepId|ProcessId|var:([A-Za-z0-9_]+)(?:\|([^}]*))?)\}/g,
    (_m, what: string, name?: string, fallback?: string) => {
      if (what === 'StepId') return String(ctx.step.id);
      if (what === 'ProcessId') return String(ctx.process.id);
      return encodeURIComponent(variables.get(name ?? '') ?? fallback ?? '');
    },
  );
  // A page a step opens always learns which step it completes.
  if ((ctx.def.kind === 'form' || ctx.def.kind === 'detail-page') && !/[?&]a_step_id=/.test(url)) {
    url += `${url.includes('?') ? '&' : '?'}a_step_id=${ctx.step.id}`;
  }
  return url;
}

export async function breadcrumb(
  store: ProcessStore,
  process: ProcessRecord,
  stepName: string | null,
  stepId: number | null,
) {
  const parts: string[] = [];
  if (process.parentProcessId !== null) {
    const parent = await store.getProcess(process.parentProcessId);
    if (parent) parts.push(`<a href="${escapeHtml(flowUrl(parent.id))}">${escapeHtml(parent.name)}</a>`);
  }
  parts.push(`<a href="${escapeHtml(flowUrl(process.id, stepId))}">${escapeHtml(process.name)}</a>`);
  if (stepName !== null) parts.push(`<span>${escapeHtml(stepName)}</span>`);
  return `<nav class="procedo-Breadcrumb">${parts.join(' › ')}</nav>`;
}

/** The page a `form`, `detail-page` or (started) `sub-process` step opens. */
export async function pageUrl(store: ProcessStore, ctx: StepContext): Promise<string | null> {
  if ((ctx.def.kind === 'form' || ctx.def.kind === 'detail-page') && ctx.def.url) {
    return resolveUrl(store, ctx, ctx.def.url);
  }
  if (ctx.def.kind === 'sub-process' && ctx.step.subProcessId !== null) return flowUrl(ctx.step.subProcessId);
  return null;
}

/** The step result of a step as it stands, every §3 field set; `extra` overrides. */
export async function describe(
  store: ProcessStore,
  ctx: StepContext,
  extra: Partial<StepResult> = {},
): Promise<StepResult> {
  const { process, step, def } = ctx;
  const answers = readAnswers(step);
  const open = step.state === 'active' && (step.phase === 'page' || step.phase === 'sub-process');
  return {
    ProcessId: process.id,
    ParentProcessId: process.parentProcessId,
    StepId: step.id,
    StepName: def.name,
    Hint: def.hint ?? null,
    BreadCrumbHtml: await breadcrumb(store, process, def.name, step.id),
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
    UrlToOpen: open ? await pageUrl(store, ctx) : null,
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
export async function reload(store: ProcessStore, ctx: StepContext): Promise<StepContext> {
  const step = await store.getStep(ctx.step.id);
  const process = await store.getProcess(ctx.process.id);
  if (!step || !process) throw new Error('step vanished inside its transaction');
  return { ...ctx, step, process };
}

/** Result of a completed step: proceed inside the runner, or completed (last step, or from a page). */
export async function completedResult(
  store: ProcessStore,
  ctx: StepContext,
  nextId: number | null,
  inRunner: boolean,
): Promise<StepResult> {
  const after = await reload(store, ctx);
  return describe(store, after, {
    ProceedToStepId: inRunner && nextId !== null ? nextId : null,
    IsCompleted: !inRunner || nextId === null,
  });
}

export async function toProcess(store: ProcessStore, process: ProcessRecord): Promise<Process> {
  const command = await commandOf(store, process);
  const steps = await store.listSteps(process.id);
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
  const history: ProcessEvent[] = (await store.listEvents(process.id, HISTORY_LIMIT)).map((e) => ({
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
    BreadCrumbHtml: await breadcrumb(store, process, currentDef?.name ?? null, current?.id ?? null),
    Variables: await variablesOf(store, process, command),
    PropertyBag: process.propertyBag,
    AllSteps: allSteps,
    SubProcesses: (await store.listSubProcesses(process.id)).map((c) => ({
      Id: c.id,
      Name: c.name,
      State: c.state,
    })),
    History: history,
  };
}
