import type { ProcessStep } from '@procedo/client-api';
import { describe, expect, it } from 'vitest';
import { runnableStep } from './runnable-step';

const step = (Id: number, Position: number, State: ProcessStep['State']): ProcessStep => ({
  Id,
  ProcessId: 1,
  ParentProcessId: null,
  StepName: `Step ${Id}`,
  StepKind: 'action',
  State,
  Position,
  Hint: null,
  UrlToOpenTarget: null,
  SubProcessId: null,
  CompletedAtUtc: null,
  CompletedBy: null,
});

describe('runnableStep', () => {
  const steps = [step(10, 0, 'completed'), step(11, 1, 'active'), step(12, 2, 'waiting')];

  it('is the active step of an open process', () => {
    expect(runnableStep({ State: 'open', CurrentStepId: 11, AllSteps: steps })?.Id).toBe(11);
  });

  it('is the first step by position while a mode-0 process has no active step', () => {
    const fresh = [step(21, 1, 'waiting'), step(20, 0, 'waiting')];
    expect(runnableStep({ State: 'open', CurrentStepId: null, AllSteps: fresh })?.Id).toBe(20);
    // Once the first step is no longer waiting, nothing else starts by itself.
    const passed = [step(20, 0, 'completed'), step(21, 1, 'waiting')];
    expect(runnableStep({ State: 'open', CurrentStepId: null, AllSteps: passed })).toBeNull();
  });

  it('is nothing once the process is completed', () => {
    expect(runnableStep({ State: 'completed', CurrentStepId: null, AllSteps: steps })).toBeNull();
    expect(runnableStep({ State: 'completed', CurrentStepId: 11, AllSteps: steps })).toBeNull();
  });
});
