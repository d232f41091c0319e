import type { StepResult } from '@procedo/client-api';
import { describe, expect, it } from 'vitest';
import { stepResult } from './fixtures';
import {
  initialStepMachineState,
  isFlagSet,
  type RunnableStep,
  type StepEvent,
  type StepMachineState,
  transition,
} from './step-machine';

const action: RunnableStep = { Id: 70, Name: 'Approve order', StepKind: 'action' };

function run(events: StepEvent[], from: StepMachineState = initialStepMachineState): StepMachineState {
  return events.reduce(transition, from);
}

function runThen(result: Partial<StepResult>, step: RunnableStep = action): StepMachineState {
  return run([
    { type: 'run', processId: 7, step },
    { type: 'result', result: stepResult({ StepId: step.Id, StepName: step.Name, ...result }) },
  ]);
}

describe('step machine: starting a run', () => {
  it('runs a step with a null body first', () => {
    const state = transition(initialStepMachineState, { type: 'run', processId: 7, step: action });
    expect(state.phase).toBe('running');
    expect(state.effects).toEqual([{ type: 'call', call: { kind: 'run', stepId: 70, body: null } }]);
  });

  it('ignores a second run while a call is on its way', () => {
    const running = transition(initialStepMachineState, { type: 'run', processId: 7, step: action });
    const again = transition(running, { type: 'run', processId: 7, step: { Id: 71, Name: 'Other' } });
    expect(again.step?.Id).toBe(70);
    expect(again.effects).toEqual([]);
  });
});

describe('step machine: a result is handled in the order of spec §4', () => {
  it('1. proceeds to another step: loads its opening, then runs it', () => {
    const state = runThen({ ProceedToStepId: 71, ConfirmRequired: true, IsCompleted: true });
    expect(state.phase).toBe('running');
    expect(state.effects).toEqual([
      { type: 'changed' },
      { type: 'call', call: { kind: 'load-step', stepId: 71 } },
    ]);
    const loaded = transition(state, {
      type: 'step-loaded',
      processId: 7,
      step: { Id: 71, Name: 'Pick colours', StepKind: 'pick-list-multi' },
    });
    expect(loaded.step).toEqual({ Id: 71, Name: 'Pick colours', StepKind: 'pick-list-multi' });
    expect(loaded.effects).toEqual([{ type: 'call', call: { kind: 'run', stepId: 71, body: null } }]);
  });

  it('2. cancel stops the run (before completion or a question) and shows the toast as a warning', () => {
    const state = runThen({
      CancelProceed: true,
      IsCompleted: true,
      ConfirmRequired: true,
      ToastMessage: 'Not now',
    });
    expect(state.phase).toBe('idle');
    expect(state.question).toBeNull();
    expect(state.effects).toEqual([
      { type: 'toast', level: 'warning', text: 'Not now' },
      { type: 'changed' },
    ]);
  });

  it('3. completed: finishes the run (the page moves on) before any question', () => {
    const state = runThen({ IsCompleted: true, ConfirmRequired: true, UrlToOpen: '/x' });
    expect(state.phase).toBe('finished');
    expect(state.effects).toEqual([{ type: 'changed' }, { type: 'finish', processId: 7, stepId: 70 }]);
  });

  it('3. completed while the step dialog is open: the dialog closes and the page stays', () => {
    const opened = runThen({ UrlToOpen: '/form?a_step_id=70', UrlToOpenTarget: '_dialog' });
    expect(opened.dialog).not.toBeNull();
    const state = transition(opened, { type: 'result', result: stepResult({ IsCompleted: true }) });
    expect(state.phase).toBe('finished');
    expect(state.dialog).toBeNull();
    expect(state.effects).toEqual([{ type: 'close-dialog' }, { type: 'changed' }]);
  });

  it('4. confirm: asks the message, then re-runs with Confirmed and the answer, ActionState unchanged', () => {
    const asking = runThen({ ConfirmRequired: true, ConfirmMessage: 'Approve?', PromptRequired: true });
    expect(asking.phase).toBe('asking');
    expect(asking.question).toEqual({ kind: 'confirm', title: 'Approve order', message: 'Approve?' });
    expect(asking.effects).toEqual([{ type: 'ask', question: asking.question }]);

    const yes = transition(asking, { type: 'confirm', confirmed: true });
    expect(yes.phase).toBe('running');
    expect(yes.effects).toEqual([
      {
        type: 'call',
        call: {
          kind: 'run',
          stepId: 70,
          body: expect.objectContaining({ Confirmed: true, ConfirmResult: true, ActionState: 'phase-1' }),
        },
      },
    ]);
    const no = transition(asking, { type: 'confirm', confirmed: false });
    expect(no.effects[0]).toMatchObject({ call: { body: { Confirmed: true, ConfirmResult: false } } });
  });

  it('4. a confirm already answered is not asked again', () => {
    const state = runThen({ ConfirmRequired: true, Confirmed: true, ConfirmResult: true });
    expect(state.phase).toBe('idle');
  });

  it('5. prompt: asks with the suggestion, then re-runs with Prompted and the answer', () => {
    const asking = runThen({ PromptRequired: true, PromptMessage: 'Reference?', PromptSuggestion: 'PO-1' });
    expect(asking.question).toEqual({
      kind: 'prompt',
      title: 'Approve order',
      message: 'Reference?',
      suggestion: 'PO-1',
    });
    expect(asking.effects).toEqual([{ type: 'ask', question: asking.question }]);
    const answered = transition(asking, { type: 'prompt', value: 'PO-2' });
    expect(answered.effects).toEqual([
      {
        type: 'call',
        call: {
          kind: 'run',
          stepId: 70,
          body: expect.objectContaining({ Prompted: true, PromptResult: 'PO-2', ActionState: 'phase-1' }),
        },
      },
    ]);
  });

  it('5. an empty or cancelled prompt does not proceed: the run stops with no call', () => {
    const asking = runThen({ PromptRequired: true, PromptMessage: 'Reference?' });
    for (const value of ['', '   ', null]) {
      const state = transition(asking, { type: 'prompt', value });
      expect(state.phase).toBe('idle');
      expect(state.question).toBeNull();
      expect(state.effects).toEqual([]);
    }
  });

  it('5. a prompt comes after the confirm is answered', () => {
    const state = runThen({
      ConfirmRequired: true,
      Confirmed: true,
      PromptRequired: true,
      PromptMessage: 'Why?',
    });
    expect(state.question?.kind).toBe('prompt');
  });

  it('6. opens a URL with an empty target in a dialog titled with the step name, not a window', () => {
    const state = runThen({ UrlToOpen: '/help/processes', UrlToOpenTarget: null });
    expect(state.phase).toBe('dialog');
    expect(state.dialog).toEqual({
      url: '/help/processes',
      title: 'Approve order',
      processId: 7,
      stepId: 70,
      finishesRun: false,
    });
    expect(state.effects).toEqual([
      { type: 'open-url', url: '/help/processes', target: '', targetKind: 'dialog', title: 'Approve order' },
    ]);
  });

  it.each([
    ['_top', 'top'],
    ['_parent', 'parent'],
    ['_tab_orders', 'tab'],
    ['_blank_report', 'window'],
    ['_self', 'self'],
    ['sidebar', 'frame'],
  ] as const)('6. opens a URL in target %s (%s)', (target, targetKind) => {
    const state = runThen({ UrlToOpen: '/form?WebTemplateNo=1', UrlToOpenTarget: target });
    expect(state.dialog).toBeNull();
    expect(state.effects[0]).toEqual({
      type: 'open-url',
      url: '/form?WebTemplateNo=1',
      target,
      targetKind,
      title: 'Approve order',
    });
    expect(state.phase).toBe('idle');
  });

  it('6. with IsCompletion in a dialog: the run finishes when the dialog closes', () => {
    const opened = runThen({ UrlToOpen: '/help/processes', UrlToOpenTarget: '_dialog', IsCompletion: true });
    expect(opened.phase).toBe('dialog');
    expect(opened.dialog?.finishesRun).toBe(true);
    const closed = transition(opened, { type: 'dialog-closed' });
    expect(closed.phase).toBe('finished');
    expect(closed.dialog).toBeNull();
    expect(closed.effects).toEqual([{ type: 'changed' }]);
  });

  it('6. without IsCompletion, closing the dialog ends the run with the step still open', () => {
    const opened = runThen({ UrlToOpen: '/form?a_step_id=70', UrlToOpenTarget: '' });
    const closed = transition(opened, { type: 'dialog-closed' });
    expect(closed.phase).toBe('idle');
    expect(closed.effects).toEqual([{ type: 'changed' }]);
  });

  it('6. a page in the dialog that completes the step finishes the run when it closes', () => {
    const opened = runThen({ UrlToOpen: '/form?a_step_id=70', UrlToOpenTarget: '' });
    expect(transition(opened, { type: 'dialog-closed', completed: true }).phase).toBe('finished');
  });

  it('6. with IsCompletion in a new window or tab: the page moves on once the URL is open', () => {
    const state = runThen({ UrlToOpen: '/docs/1.pdf', UrlToOpenTarget: '_blank', IsCompletion: true });
    expect(state.phase).toBe('finished');
    expect(state.effects.map((effect) => effect.type)).toEqual(['open-url', 'changed', 'finish']);
  });

  it('6. with IsCompletion in this page (_self): the page goes to the URL, nowhere else', () => {
    const state = runThen({ UrlToOpen: '/form?a_step_id=70', UrlToOpenTarget: '_self', IsCompletion: true });
    expect(state.phase).toBe('finished');
    expect(state.effects.map((effect) => effect.type)).toEqual(['open-url', 'changed']);
  });

  it('7. completion confirm after the URL is open; the answer re-runs with CompletionConfirmed', () => {
    const asking = runThen({
      UrlToOpen: '/help/processes',
      UrlToOpenTarget: '_dialog',
      CompletionConfirmRequired: true,
      ConfirmMessage: 'Is the step done?',
      CompletionPromptRequired: true,
    });
    expect(asking.dialog).not.toBeNull();
    expect(asking.question).toEqual({
      kind: 'completion-confirm',
      title: 'Approve order',
      message: 'Is the step done?',
    });
    const answered = transition(asking, { type: 'confirm', confirmed: true });
    expect(answered.effects[0]).toMatchObject({
      call: { kind: 'run', body: { CompletionConfirmed: true, CompletionConfirmResult: true } },
    });
    const no = transition(asking, { type: 'confirm', confirmed: false });
    expect(no.effects[0]).toMatchObject({
      call: { body: { CompletionConfirmed: true, CompletionConfirmResult: false } },
    });
  });

  it('7. a completion confirm with no message asks with the step hint, else the step name', () => {
    expect(
      runThen({ CompletionConfirmRequired: true, Hint: 'Answer yes when done.' }).question?.message,
    ).toBe('Answer yes when done.');
    expect(runThen({ CompletionConfirmRequired: true }).question?.message).toBe('Approve order');
  });

  it('7. a re-run answering the same URL does not open it again', () => {
    const asking = runThen({
      UrlToOpen: '/docs/1.pdf',
      UrlToOpenTarget: '_blank',
      CompletionConfirmRequired: true,
    });
    expect(asking.effects.map((effect) => effect.type)).toEqual(['open-url', 'ask']);
    const answered = transition(asking, { type: 'confirm', confirmed: true });
    const next = transition(answered, {
      type: 'result',
      result: stepResult({
        UrlToOpen: '/docs/1.pdf',
        UrlToOpenTarget: '_blank',
        CompletionConfirmRequired: true,
        CompletionConfirmed: true,
        IsCompletion: true,
      }),
    });
    expect(next.effects.map((effect) => effect.type)).toEqual(['changed', 'finish']);
  });

  it('8. completion prompt: asks, re-runs with CompletionPrompted; an empty answer does not proceed', () => {
    const asking = runThen({
      CompletionPromptRequired: true,
      CompletionPromptMessage: 'Closing remark',
      CompletionPromptSuggestion: 'All good',
    });
    expect(asking.question).toEqual({
      kind: 'completion-prompt',
      title: 'Approve order',
      message: 'Closing remark',
      suggestion: 'All good',
    });
    expect(asking.effects).toEqual([{ type: 'ask', question: asking.question }]);
    const answered = transition(asking, { type: 'prompt', value: 'Fine' });
    expect(answered.effects[0]).toMatchObject({
      call: { body: { CompletionPrompted: true, CompletionPromptResult: 'Fine' } },
    });
    expect(transition(asking, { type: 'prompt', value: '' }).effects).toEqual([]);
    expect(transition(asking, { type: 'prompt', value: '' }).phase).toBe('idle');
  });

  it('8. a completion prompt already answered is not asked again; IsCompletion then finishes', () => {
    const state = runThen({ CompletionPromptRequired: true, CompletionPrompted: true, IsCompletion: true });
    expect(state.phase).toBe('finished');
    expect(state.effects).toEqual([{ type: 'changed' }, { type: 'finish', processId: 7, stepId: 70 }]);
  });

  it('a result that asks nothing ends the run with the process changed', () => {
    const state = runThen({});
    expect(state.phase).toBe('idle');
    expect(state.effects).toEqual([{ type: 'changed' }]);
  });
});

describe('step machine: flags', () => {
  it("counts '0' (and 0, 'false', '') as false and '1', 1, 'true' as true", () => {
    for (const value of ['0', 0, 'false', '', null, undefined, false]) expect(isFlagSet(value)).toBe(false);
    for (const value of ['1', 1, 'true', true, ' TRUE ']) expect(isFlagSet(value)).toBe(true);
  });

  it("does not ask a confirm flagged '0', even if a result arrives unparsed", () => {
    const state = runThen({
      ConfirmRequired: '0' as unknown as boolean,
      CancelProceed: '0' as unknown as boolean,
    });
    expect(state.phase).toBe('idle');
    expect(state.question).toBeNull();
  });

  it("asks a confirm flagged '1'", () => {
    expect(runThen({ ConfirmRequired: '1' as unknown as boolean }).question?.kind).toBe('confirm');
  });
});

describe('step machine: messages and scripts', () => {
  it('shows ToastMessage as info, AlertMessage as an alert, and hands Script to the driver', () => {
    const state = runThen({ ToastMessage: 'Saved', AlertMessage: 'Check the totals', Script: 'refresh' });
    expect(state.effects).toEqual([
      { type: 'toast', level: 'info', text: 'Saved' },
      { type: 'alert', text: 'Check the totals' },
      { type: 'script', script: 'refresh', processId: 7, stepId: 70 },
      { type: 'changed' },
    ]);
  });
});

describe('step machine: pick lists', () => {
  const single: RunnableStep = { Id: 72, Name: 'Choose a carrier', StepKind: 'pick-list-single' };
  const multi: RunnableStep = { Id: 73, Name: 'Choose colours', StepKind: 'pick-list-multi' };

  it('shows the pick list when the run of a pick-list step asks nothing', () => {
    expect(runThen({}, single).phase).toBe('pick-list');
    expect(runThen({}, multi).phase).toBe('pick-list');
  });

  it('completes a single pick list with the chosen item', () => {
    const state = transition(runThen({}, single), { type: 'submit-pick-list', selected: 'dhl' });
    expect(state.phase).toBe('running');
    expect(state.effects).toEqual([
      { type: 'call', call: { kind: 'pick-list-single', stepId: 72, selectedItem: 'dhl' } },
    ]);
  });

  it('completes a multi pick list with every chosen item', () => {
    const state = transition(runThen({}, multi), { type: 'submit-pick-list', selected: ['red', 'blue'] });
    expect(state.effects).toEqual([
      { type: 'call', call: { kind: 'pick-list-multi', stepId: 73, selectedItems: ['red', 'blue'] } },
    ]);
  });

  it('does not submit an empty choice', () => {
    expect(transition(runThen({}, multi), { type: 'submit-pick-list', selected: [] }).phase).toBe(
      'pick-list',
    );
    expect(transition(runThen({}, single), { type: 'submit-pick-list', selected: '' }).phase).toBe(
      'pick-list',
    );
  });

  it('goes on with the completion result (proceed to the next step)', () => {
    const submitted = transition(runThen({}, single), { type: 'submit-pick-list', selected: 'dhl' });
    const next = transition(submitted, {
      type: 'result',
      result: stepResult({ StepId: 72, StepName: 'Choose a carrier', ProceedToStepId: 74 }),
    });
    expect(next.effects.at(-1)).toEqual({ type: 'call', call: { kind: 'load-step', stepId: 74 } });
  });

  it('after a failed post the pick list can send its choice again', () => {
    const submitted = transition(runThen({}, single), { type: 'submit-pick-list', selected: 'dhl' });
    const failed = transition(submitted, { type: 'failed', error: new Error('HTTP 409') });
    const again = transition(failed, { type: 'submit-pick-list', selected: 'ups' });
    expect(again.effects).toEqual([
      { type: 'call', call: { kind: 'pick-list-single', stepId: 72, selectedItem: 'ups' } },
    ]);
  });

  it('dismissing the pick list leaves the step where it is', () => {
    const state = transition(runThen({}, single), { type: 'dismiss' });
    expect(state.phase).toBe('idle');
    expect(state.effects).toEqual([]);
  });
});

describe('step machine: report document', () => {
  const report: RunnableStep = { Id: 75, Name: 'Order summary', StepKind: 'report-document' };

  it('shows the report screen, produces the document and offers its link', () => {
    const screen = runThen({}, report);
    expect(screen.phase).toBe('report');
    const producing = transition(screen, { type: 'produce-report' });
    expect(producing.effects).toEqual([{ type: 'call', call: { kind: 'report-document', stepId: 75 } }]);
    const produced = transition(producing, {
      type: 'result',
      result: stepResult({
        StepId: 75,
        StepName: 'Order summary',
        UrlToOpen: '/api/v1/documents/9',
        UrlToOpenTarget: '_blank',
        IsCompletion: true,
      }),
    });
    expect(produced.phase).toBe('report');
    expect(produced.documentUrl).toBe('/api/v1/documents/9');
    expect(produced.effects).toEqual([]);
    const done = transition(produced, { type: 'report-done' });
    expect(done.phase).toBe('finished');
    expect(done.effects).toEqual([{ type: 'changed' }, { type: 'finish', processId: 7, stepId: 75 }]);
  });
});

describe('step machine: failures', () => {
  it('keeps a failed call so it can be made again, and the step where it was', () => {
    const asking = runThen({ ConfirmRequired: true, ConfirmMessage: 'Approve?' });
    const sent = transition(asking, { type: 'confirm', confirmed: true });
    const failed = transition(sent, { type: 'failed', error: new Error('HTTP 500') });
    expect(failed.phase).toBe('failed');
    expect(failed.error).toBeInstanceOf(Error);
    expect(failed.result).toBe(asking.result);
    const retried = transition(failed, { type: 'retry' });
    expect(retried.phase).toBe('running');
    expect(retried.effects).toEqual(sent.effects);
    expect(retried.error).toBeNull();
  });

  it('dismissing a failure goes back to idle', () => {
    const failed = transition(
      transition(initialStepMachineState, { type: 'run', processId: 7, step: action }),
      {
        type: 'failed',
        error: new Error('x'),
      },
    );
    const state = transition(failed, { type: 'dismiss' });
    expect(state.phase).toBe('idle');
    expect(state.error).toBeNull();
    expect(transition(state, { type: 'retry' }).effects).toEqual([]);
  });

  it('a failed run can be run again from the start', () => {
    const failed = transition(
      transition(initialStepMachineState, { type: 'run', processId: 7, step: action }),
      {
        type: 'failed',
        error: new Error('x'),
      },
    );
    expect(transition(failed, { type: 'run', processId: 7, step: action }).phase).toBe('running');
  });
});

describe('step machine: the step dialog', () => {
  it('closing the dialog while a completion question is open keeps the question', () => {
    const asking = runThen({
      UrlToOpen: '/help/processes',
      UrlToOpenTarget: '_dialog',
      CompletionConfirmRequired: true,
    });
    const closed = transition(asking, { type: 'dialog-closed' });
    expect(closed.dialog).toBeNull();
    expect(closed.phase).toBe('asking');
    expect(closed.question?.kind).toBe('completion-confirm');
    expect(closed.effects).toEqual([{ type: 'changed' }]);
  });

  it('dismiss while waiting on the dialog closes it without finishing', () => {
    const opened = runThen({ UrlToOpen: '/help/processes', UrlToOpenTarget: '_dialog', IsCompletion: true });
    const state = transition(opened, { type: 'dismiss' });
    expect(state.phase).toBe('idle');
    expect(state.dialog).toBeNull();
  });

  it('a new run keeps an open step dialog', () => {
    const opened = runThen({ UrlToOpen: '/form?a_step_id=70', UrlToOpenTarget: '' });
    const running = transition(opened, { type: 'run', processId: 7, step: { Id: 71, Name: 'Next' } });
    expect(running.dialog).toEqual(opened.dialog);
  });
});

describe('step machine: events that do not fit', () => {
  it('ignores answers with no question, a pick list outside its screen, a closed dialog twice', () => {
    const idle = runThen({});
    expect(transition(idle, { type: 'confirm', confirmed: true }).effects).toEqual([]);
    expect(transition(idle, { type: 'prompt', value: 'x' }).effects).toEqual([]);
    expect(transition(idle, { type: 'submit-pick-list', selected: 'a' }).effects).toEqual([]);
    expect(transition(idle, { type: 'produce-report' }).effects).toEqual([]);
    expect(transition(idle, { type: 'report-done' }).effects).toEqual([]);
    expect(transition(idle, { type: 'dialog-closed' }).effects).toEqual([]);
    expect(transition(idle, { type: 'step-loaded', processId: 7, step: action }).effects).toEqual([]);
  });

  it('a confirm answer to a prompt, or a prompt answer to a confirm, changes nothing', () => {
    const confirm = runThen({ ConfirmRequired: true });
    expect(transition(confirm, { type: 'prompt', value: 'x' }).phase).toBe('asking');
    const prompt = runThen({ PromptRequired: true });
    expect(transition(prompt, { type: 'confirm', confirmed: true }).phase).toBe('asking');
  });
});
