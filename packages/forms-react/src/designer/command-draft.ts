import {
  type CommandDefinition,
  CommandDefinitionSchema,
  type StepDefinition,
  type StepKind,
} from '@procedo/client-api';
import type { DraftProblem } from './draft-problems';

/**
 * The process command designer's draft: a command's fields and its ordered steps, each step
 * with a stable `id` while its name, place and options change. A confirm's "no proceeds to" is
 * kept as the target step's id, so moving steps keeps it on the same step (the definition's
 * `noProceedsTo` is a position). Framework-free: every operation returns a new draft and leaves
 * its input as it was.
 */

/** Every step kind the engine runs (client-api `StepKindSchema`), in the order Add offers them. */
export const STEP_KINDS = [
  'action',
  'form',
  'detail-page',
  'pick-list-single',
  'pick-list-multi',
  'report-document',
  'sub-process',
  'completion-confirm',
  'completion-prompt',
] as const satisfies readonly StepKind[];

/** A step as the draft holds it: the engine's fields, but the confirm's target as a step id. */
export type DraftStepFields = Omit<StepDefinition, 'confirm'> & {
  confirm?: Omit<NonNullable<StepDefinition['confirm']>, 'noProceedsTo'> | undefined;
};
export interface DraftStep {
  id: string;
  step: DraftStepFields;
  /** The id of the step a confirm's "no" proceeds to. */
  proceedsTo?: string | undefined;
}
/** The command's own fields (its Name stays: a version keeps the command's name). */
export type DraftCommand = Omit<CommandDefinition, 'Steps'>;
export interface CommandDraft {
  command: DraftCommand;
  steps: DraftStep[];
  /** The next step id's number. */
  nextId: number;
}
/** A change of a step's fields; `undefined` removes a field. */
export type StepPatch = { [K in keyof DraftStepFields]?: DraftStepFields[K] | undefined };

/** A draft of a published command. */
export function draftFromCommand(command: CommandDefinition): CommandDraft {
  const { Steps, ...fields } = command;
  const ids = Steps.map((_, i) => `s${i + 1}`);
  const steps = Steps.map((definition, i): DraftStep => {
    const { confirm, ...rest } = definition;
    const step: DraftStepFields = { ...rest };
    if (confirm) {
      const { noProceedsTo, ...question } = confirm;
      step.confirm = question;
      const target = noProceedsTo === undefined ? undefined : ids[noProceedsTo];
      // A position outside the steps has no step to follow; it would fail the schema anyway.
      if (target !== undefined) return { id: ids[i]!, step, proceedsTo: target };
    }
    return { id: ids[i]!, step };
  });
  return { command: fields, steps, nextId: Steps.length + 1 };
}

/** The command a draft stands for (valid or not: see {@link commandDraftProblems}). */
export function draftToCommand(draft: CommandDraft): CommandDefinition {
  const position = new Map(draft.steps.map((item, i) => [item.id, i]));
  const Steps = draft.steps.map(({ step, proceedsTo }) => {
    const out = Object.fromEntries(
      Object.entries(step).filter(([, value]) => value !== undefined),
    ) as StepDefinition;
    const to = proceedsTo === undefined ? undefined : position.get(proceedsTo);
    if (step.confirm)
      out.confirm = to === undefined ? { ...step.confirm } : { ...step.confirm, noProceedsTo: to };
    return out;
  });
  return { ...draft.command, Steps };
}

/** The step with this id. */
export const findStep = (draft: CommandDraft, id: string): DraftStep | undefined =>
  draft.steps.find((item) => item.id === id);

/** A free step name: `New step`, `New step 2`… */
function freeName(draft: CommandDraft, base: string): string {
  const names = new Set(draft.steps.map((item) => item.step.name));
  if (!names.has(base)) return base;
  let n = 2;
  while (names.has(`${base} ${n}`)) n++;
  return `${base} ${n}`;
}

/**
 * What a new step of a kind starts with: the options its kind needs, empty where only the
 * designer can say (a form step's URL, a question's text): those show as problems at the step.
 */
function newStepFields(kind: StepKind, name: string, commandNames: readonly string[]): DraftStepFields {
  switch (kind) {
    case 'form':
    case 'detail-page':
      return { name, kind, url: '' };
    case 'pick-list-single':
    case 'pick-list-multi':
      return { name, kind, pickList: { entity: 'supplier', prompt: '', limit: 50, variable: 'Selection' } };
    case 'sub-process':
      return { name, kind, subProcessCommand: commandNames[0] ?? '' };
    case 'completion-confirm':
      return { name, kind, completionConfirm: { message: '', cancelToast: '' } };
    case 'completion-prompt':
      return { name, kind, completionPrompt: { message: '' } };
    default:
      return { name, kind };
  }
}

/**
 * Adds a step of `kind` at `index` (clamped to the list) with a free name (`baseName`, then
 * `baseName 2`…); returns the new draft and the step's id.
 */
export function addCommandStep(
  draft: CommandDraft,
  kind: StepKind,
  index: number,
  options: { baseName?: string; commandNames?: readonly string[] } = {},
): { draft: CommandDraft; id: string } {
  const id = `s${draft.nextId}`;
  const at = Math.max(0, Math.min(index, draft.steps.length));
  const step = newStepFields(
    kind,
    freeName(draft, options.baseName ?? 'New step'),
    options.commandNames ?? [],
  );
  const steps = [...draft.steps.slice(0, at), { id, step }, ...draft.steps.slice(at)];
  return { draft: { ...draft, steps, nextId: draft.nextId + 1 }, id };
}

/** Removes a step; a confirm whose "no" proceeded to it proceeds nowhere (cancels) again. */
export function removeCommandStep(draft: CommandDraft, id: string): CommandDraft {
  if (!findStep(draft, id)) return draft;
  const steps = draft.steps
    .filter((item) => item.id !== id)
    .map((item) => (item.proceedsTo === id ? { id: item.id, step: item.step } : item));
  return { ...draft, steps };
}

/** Moves a step one place up or down (at an end: the draft as it was). */
export function moveCommandStep(draft: CommandDraft, id: string, direction: 'up' | 'down'): CommandDraft {
  const from = draft.steps.findIndex((item) => item.id === id);
  const to = from + (direction === 'up' ? -1 : 1);
  if (from < 0 || to < 0 || to >= draft.steps.length) return draft;
  const steps = [...draft.steps];
  [steps[from], steps[to]] = [steps[to]!, steps[from]!];
  return { ...draft, steps };
}

/** Changes a step's fields (its kind stays: a kind decides which fields it has). */
export function updateCommandStep(draft: CommandDraft, id: string, patch: StepPatch): CommandDraft {
  if (!findStep(draft, id)) return draft;
  const steps = draft.steps.map((item) => {
    if (item.id !== id) return item;
    const step = { ...item.step, ...patch, kind: item.step.kind } as DraftStepFields;
    for (const key of Object.keys(patch) as (keyof DraftStepFields)[]) {
      if (patch[key] === undefined) delete step[key];
    }
    // Without its question a confirm has no "no" to follow.
    const keeps = step.confirm !== undefined && item.proceedsTo !== undefined;
    return keeps ? { ...item, step } : { id: item.id, step };
  });
  return { ...draft, steps };
}

/** Sets (or, with `undefined`, clears) the step a confirm's "no" proceeds to. */
export function setProceedsTo(draft: CommandDraft, id: string, target: string | undefined): CommandDraft {
  const item = findStep(draft, id);
  if (!item?.step.confirm || (target !== undefined && !findStep(draft, target))) return draft;
  const steps = draft.steps.map((candidate) =>
    candidate.id !== id
      ? candidate
      : target === undefined
        ? { id, step: item.step }
        : { ...item, proceedsTo: target },
  );
  return { ...draft, steps };
}

/** Changes the command's own fields; its Name stays (a version keeps the command's name). */
export function updateCommand(draft: CommandDraft, patch: Partial<Omit<DraftCommand, 'Name'>>): CommandDraft {
  return { ...draft, command: { ...draft.command, ...patch, Name: draft.command.Name } };
}

/**
 * Maps issue paths of the command (`['Steps', i, …]`, as `CommandDefinitionSchema` and the
 * server report them after `'Command'`) to the draft's steps; others are the command's (`id` null).
 */
export function commandProblemsFromIssues(
  draft: CommandDraft,
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): DraftProblem[] {
  return issues.map((issue) => {
    let path = issue.path.filter((part): part is string | number => typeof part !== 'symbol');
    if (path[0] === 'Command') path = path.slice(1);
    const item = path[0] === 'Steps' && typeof path[1] === 'number' ? draft.steps[path[1]] : undefined;
    return item
      ? { id: item.id, name: item.step.name, path: path.slice(2), message: issue.message }
      : { id: null, name: null, path, message: issue.message };
  });
}

/** Everything that keeps the draft from publishing, each at its step: `CommandDefinitionSchema`'s issues. */
export function commandDraftProblems(draft: CommandDraft): DraftProblem[] {
  const result = CommandDefinitionSchema.safeParse(draftToCommand(draft));
  return result.success ? [] : commandProblemsFromIssues(draft, result.error.issues);
}
