import type { ProcessesApi } from '@procedo/client-api';
import { describe, expect, it, vi } from 'vitest';
import { stepResult } from '../machine/fixtures';
import { createStepRunner, STEP_FRAME_MESSAGES, type StepRunnerEnvironment } from './step-runner';

// These cases feed results to the runner directly: none of them reaches the API.
const unusedApi = {} as ProcessesApi;

function setup(overrides: Partial<StepRunnerEnvironment> = {}, isSupervisor = false) {
  const navigate = vi.fn();
  const onChanged = vi.fn();
  const env: StepRunnerEnvironment = {
    api: unusedApi,
    options: () => ({ isSupervisor, navigate, onChanged }),
    toast: vi.fn(),
    alert: vi.fn(),
    openWindow: vi.fn(),
    isInStepFrame: () => false,
    postToOpener: vi.fn(),
    warn: vi.fn(),
    ...overrides,
  };
  return { runner: createStepRunner(env), env, navigate, onChanged };
}

describe('step runner: scripts are named actions, never code', () => {
  it('runs refresh, go-to-flow-home and go-to-step-page', () => {
    const { runner, navigate, onChanged } = setup();
    runner.send({ type: 'result', result: stepResult({ Script: 'refresh', CancelProceed: true }) });
    expect(onChanged).toHaveBeenCalled();
    runner.send({ type: 'result', result: stepResult({ Script: 'go-to-flow-home', CancelProceed: true }) });
    runner.send({ type: 'result', result: stepResult({ Script: 'go-to-step-page', CancelProceed: true }) });
    expect(navigate.mock.calls).toEqual([['/apps/flow/home/flow?id=7&stepid=70'], ['/apps/flow/step/?id=7']]);
  });

  it('refuses anything else with a warning and does nothing', () => {
    const evaluated = vi.fn();
    (globalThis as { evaluated?: () => void }).evaluated = evaluated;
    const { runner, env, navigate } = setup();
    runner.send({ type: 'result', result: stepResult({ Script: 'evaluated()', CancelProceed: true }) });
    expect(evaluated).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(env.warn).toHaveBeenCalledWith(expect.stringContaining('refused'));
    expect(env.warn).toHaveBeenCalledWith(expect.stringContaining('"evaluated()"'));
  });

  it('close-dialog closes the step dialog; inside a step dialog page it asks the opener', () => {
    const { runner } = setup();
    runner.send({ type: 'result', result: stepResult({ UrlToOpen: '/form?a_step_id=70' }) });
    expect(runner.getSnapshot().dialog).not.toBeNull();
    runner.send({ type: 'result', result: stepResult({ Script: 'close-dialog', CancelProceed: true }) });
    expect(runner.getSnapshot().dialog).toBeNull();

    const framed = setup({ isInStepFrame: () => true });
    framed.runner.send({
      type: 'result',
      result: stepResult({ Script: 'close-dialog', CancelProceed: true }),
    });
    expect(framed.env.postToOpener).toHaveBeenCalledWith({
      type: STEP_FRAME_MESSAGES.closeDialog,
      processId: 7,
      stepId: 70,
    });
  });
});

describe('step runner: finishing a run', () => {
  it('sends others to the step page and supervisors to the flow home page', () => {
    const operator = setup({}, false);
    operator.runner.send({ type: 'result', result: stepResult({ IsCompleted: true }) });
    expect(operator.navigate).toHaveBeenCalledWith('/apps/flow/step/?id=7');
    expect(operator.onChanged).toHaveBeenCalled();

    const supervisor = setup({}, true);
    supervisor.runner.send({ type: 'result', result: stepResult({ IsCompleted: true }) });
    expect(supervisor.navigate).toHaveBeenCalledWith('/apps/flow/home/flow?id=7&stepid=70');
  });

  it('inside a step dialog page, tells the opener instead of navigating', () => {
    const { runner, env, navigate } = setup({ isInStepFrame: () => true });
    runner.send({ type: 'result', result: stepResult({ IsCompleted: true }) });
    expect(navigate).not.toHaveBeenCalled();
    expect(env.postToOpener).toHaveBeenCalledWith({
      type: STEP_FRAME_MESSAGES.stepFinished,
      processId: 7,
      stepId: 70,
    });
  });

  it('shows the result toast and alert', () => {
    const { runner, env } = setup();
    runner.send({
      type: 'result',
      result: stepResult({ CancelProceed: true, ToastMessage: 'No', AlertMessage: 'Stop' }),
    });
    expect(env.toast).toHaveBeenCalledWith('warning', 'No');
    expect(env.alert).toHaveBeenCalledWith('Stop');
  });
});

describe('step runner: opening pages', () => {
  it('navigates this page for _self through the injected navigate, other windows through the opener', () => {
    const { runner, env, navigate } = setup();
    runner.send({
      type: 'result',
      result: stepResult({ UrlToOpen: '/form?a_step_id=70', UrlToOpenTarget: '_self' }),
    });
    expect(navigate).toHaveBeenCalledWith('/form?a_step_id=70');
    runner.send({
      type: 'result',
      result: stepResult({ UrlToOpen: '/form?x=1', UrlToOpenTarget: '_tab_orders' }),
    });
    expect(env.openWindow).toHaveBeenCalledWith({
      url: '/form?x=1',
      target: '_tab_orders',
      title: 'Approve order',
    });
  });
});
