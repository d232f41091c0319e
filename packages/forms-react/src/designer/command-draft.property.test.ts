import { CommandDefinitionSchema } from '@procedo/client-api';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addCommandStep,
  type CommandDraft,
  commandDraftProblems,
  draftFromCommand,
  draftToCommand,
  moveCommandStep,
  removeCommandStep,
  STEP_KINDS,
  type StepPatch,
  setProceedsTo,
  updateCommand,
  updateCommandStep,
} from './command-draft';
import { COMMAND_NAMES, DEVIATION_COMMAND } from './command-fixtures';

/** A designer operation; the numbers pick among the steps the draft has when it runs. */
type Operation =
  | { op: 'add'; kind: number; index: number }
  | { op: 'remove'; target: number }
  | { op: 'move'; target: number; up: boolean }
  | { op: 'update'; target: number; patch: StepPatch }
  | { op: 'proceed'; target: number; to: number | null }
  | {
      op: 'command';
      patch: { Description?: string; OpenFlow?: boolean; Start?: boolean; AskName?: boolean };
    };

const text = fc.oneof(
  fc.constant(''),
  fc.constantFrom('Check certificate', 'Run the CAPA', 'x'),
  fc.string(),
);
const question = fc.record({ message: text, cancelToast: text });
const prompt = fc.record({ message: text, suggestion: fc.option(text, { nil: undefined }) });
const patch: fc.Arbitrary<StepPatch> = fc.record(
  {
    name: text,
    hint: fc.option(text, { nil: undefined }),
    url: fc.option(fc.constantFrom('', '/form?WebTemplateNo=102', 'https://example.com/{StepId}'), {
      nil: undefined,
    }),
    target: fc.option(fc.constantFrom('_self', '_blank'), { nil: undefined }),
    confirm: fc.option(question, { nil: undefined }),
    prompt: fc.option(prompt, { nil: undefined }),
    completionConfirm: fc.option(question, { nil: undefined }),
    completionPrompt: fc.option(prompt, { nil: undefined }),
    requiredData: fc.option(fc.array(fc.constantFrom('', 'UGoToItemNo', 'a')), { nil: undefined }),
    subProcessCommand: fc.option(fc.constantFrom('', ...COMMAND_NAMES), { nil: undefined }),
    reportTitle: fc.option(text, { nil: undefined }),
    pickList: fc.option(
      fc.record({
        entity: fc.constantFrom('supplier', 'product', 'batch', 'deviation' as const),
        prompt: text,
        limit: fc.integer({ min: -1, max: 300 }),
        variable: text,
      }),
      { nil: undefined },
    ),
  },
  { requiredKeys: [] },
);

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ op: fc.constant('add' as const), kind: fc.nat(), index: fc.nat(20) }),
  fc.record({ op: fc.constant('remove' as const), target: fc.nat() }),
  fc.record({ op: fc.constant('move' as const), target: fc.nat(), up: fc.boolean() }),
  fc.record({ op: fc.constant('update' as const), target: fc.nat(), patch }),
  fc.record({
    op: fc.constant('proceed' as const),
    target: fc.nat(),
    to: fc.option(fc.nat(), { nil: null }),
  }),
  fc.record({
    op: fc.constant('command' as const),
    patch: fc.record(
      { Description: text, OpenFlow: fc.boolean(), Start: fc.boolean(), AskName: fc.boolean() },
      { requiredKeys: [] },
    ),
  }),
);

function apply(draft: CommandDraft, operation: Operation): CommandDraft {
  const pick = (n: number) => draft.steps[n % Math.max(1, draft.steps.length)]?.id;
  switch (operation.op) {
    case 'add':
      return addCommandStep(draft, STEP_KINDS[operation.kind % STEP_KINDS.length]!, operation.index, {
        commandNames: COMMAND_NAMES,
      }).draft;
    case 'remove': {
      const id = pick(operation.target);
      return id ? removeCommandStep(draft, id) : draft;
    }
    case 'move': {
      const id = pick(operation.target);
      return id ? moveCommandStep(draft, id, operation.up ? 'up' : 'down') : draft;
    }
    case 'update': {
      const id = pick(operation.target);
      return id ? updateCommandStep(draft, id, operation.patch) : draft;
    }
    case 'proceed': {
      const id = pick(operation.target);
      return id ? setProceedsTo(draft, id, operation.to === null ? undefined : pick(operation.to)) : draft;
    }
    case 'command':
      return updateCommand(draft, operation.patch);
  }
}

const deepFreeze = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
};

describe('the command draft, for any sequence of designer operations', () => {
  it('yields a command that passes CommandDefinitionSchema exactly when the draft has no problems, keeps its Name and never changes its inputs', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 25 }), (operations) => {
        let draft = deepFreeze(draftFromCommand(DEVIATION_COMMAND));
        for (const operation of operations) draft = deepFreeze(apply(draft, operation));
        const command = draftToCommand(draft);
        const problems = commandDraftProblems(draft);
        expect(CommandDefinitionSchema.safeParse(command).success).toBe(problems.length === 0);
        // Every problem names a step of the draft or the command itself.
        for (const problem of problems) {
          expect(problem.id === null || draft.steps.some((item) => item.id === problem.id)).toBe(true);
        }
        expect(command.Name).toBe(DEVIATION_COMMAND.Name);
        expect(new Set(draft.steps.map((item) => item.id)).size).toBe(draft.steps.length);
        if (problems.length === 0) {
          // A valid command survives a round trip through a new draft unchanged.
          expect(draftToCommand(draftFromCommand(command))).toEqual(command);
        }
      }),
      { numRuns: 300 },
    );
  });
});
