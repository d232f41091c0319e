import { CommandDefinitionSchema } from '@procedo/client-api';
import { describe, expect, it } from 'vitest';
import {
  addCommandStep,
  commandDraftProblems,
  commandProblemsFromIssues,
  draftFromCommand,
  draftToCommand,
  moveCommandStep,
  removeCommandStep,
  STEP_KINDS,
  setProceedsTo,
  updateCommand,
  updateCommandStep,
} from './command-draft';
import { COMMAND_NAMES, DEVIATION_COMMAND } from './command-fixtures';

const names = (draft: ReturnType<typeof draftFromCommand>) => draft.steps.map((item) => item.step.name);

describe('the command draft', () => {
  it('gives back the command it was made from', () => {
    expect(draftToCommand(draftFromCommand(DEVIATION_COMMAND))).toEqual(DEVIATION_COMMAND);
    expect(commandDraftProblems(draftFromCommand(DEVIATION_COMMAND))).toEqual([]);
  });

  it('keeps a confirm\'s "no" on the same step when steps move, and drops it when that step goes', () => {
    let draft = draftFromCommand(DEVIATION_COMMAND);
    // "Deviation report" (4) moves up to 3: the "no" of "CAPA decision" still proceeds to it.
    draft = moveCommandStep(draft, draft.steps[4]!.id, 'up');
    expect(names(draft).slice(2, 5)).toEqual(['CAPA decision', 'Deviation report', 'Run the CAPA']);
    expect(draftToCommand(draft).Steps[2]!.confirm?.noProceedsTo).toBe(3);
    const report = draft.steps[3]!.id;
    draft = removeCommandStep(draft, report);
    expect(draftToCommand(draft).Steps[2]!.confirm).toEqual({
      message: 'Is a CAPA needed?',
      cancelToast: 'No CAPA needed.',
    });
  });

  it('reports a "no" that proceeds to an earlier step at that step', () => {
    let draft = draftFromCommand(DEVIATION_COMMAND);
    const decision = draft.steps[2]!.id;
    draft = setProceedsTo(draft, decision, draft.steps[0]!.id);
    expect(commandDraftProblems(draft)).toEqual([
      expect.objectContaining({ id: decision, name: 'CAPA decision', path: ['confirm', 'noProceedsTo'] }),
    ]);
  });

  it('adds a step of every kind with a free name, and says what each still needs at the step', () => {
    let draft = draftFromCommand({ ...DEVIATION_COMMAND, Steps: [] });
    for (const kind of STEP_KINDS) {
      draft = addCommandStep(draft, kind, draft.steps.length, { commandNames: COMMAND_NAMES }).draft;
    }
    expect(names(draft).slice(0, 3)).toEqual(['New step', 'New step 2', 'New step 3']);
    expect(draft.steps.map((item) => item.step.kind)).toEqual([...STEP_KINDS]);
    const problems = commandDraftProblems(draft);
    // Only the texts only the designer can write are missing, each at its step and field.
    expect(problems.map((problem) => [problem.name, problem.path.join('.')])).toEqual([
      ['New step 2', 'url'],
      ['New step 3', 'url'],
      ['New step 4', 'pickList.prompt'],
      ['New step 5', 'pickList.prompt'],
      ['New step 8', 'completionConfirm.message'],
      ['New step 8', 'completionConfirm.cancelToast'],
      ['New step 9', 'completionPrompt.message'],
    ]);
  });

  it('changes step fields (undefined removes one) but never the kind, and the command but never its Name', () => {
    const draft = draftFromCommand(DEVIATION_COMMAND);
    const id = draft.steps[1]!.id;
    const next = updateCommandStep(draft, id, { hint: undefined, name: 'Review', kind: 'form' });
    expect(draftToCommand(next).Steps[1]).toEqual({
      name: 'Review',
      kind: 'detail-page',
      url: DEVIATION_COMMAND.Steps[1]!.url,
      target: '_self',
      requiredData: ['UGoToItemNo'],
    });
    expect(draft.steps[1]!.step.name).toBe('Review the deviation record');
    const renamed = updateCommand(draft, { Description: 'New', Name: 'Other' } as never);
    expect(renamed.command).toMatchObject({ Name: 'Deviation handling', Description: 'New' });
  });

  it("maps the server's issues at ['Command', 'Steps', i, …] to the step, others to the command", () => {
    const draft = draftFromCommand(DEVIATION_COMMAND);
    expect(
      commandProblemsFromIssues(draft, [
        { path: ['Command', 'Steps', 3, 'subProcessCommand'], message: 'No process command is named X' },
        { path: ['Command', 'Name'], message: 'renamed' },
      ]),
    ).toEqual([
      {
        id: draft.steps[3]!.id,
        name: 'Run the CAPA',
        path: ['subProcessCommand'],
        message: 'No process command is named X',
      },
      { id: null, name: null, path: ['Name'], message: 'renamed' },
    ]);
  });

  it('passes the schema as it comes from a published command', () => {
    expect(
      CommandDefinitionSchema.safeParse(draftToCommand(draftFromCommand(DEVIATION_COMMAND))).success,
    ).toBe(true);
  });
});
