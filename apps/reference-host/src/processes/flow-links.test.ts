import type { ProcessStep } from '@procedo/client-api';
import { describe, expect, it } from 'vitest';
import { positiveIdParam, stepToRun } from './flow-links';

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

describe('positiveIdParam', () => {
  it('reads a positive whole number and nothing else', () => {
    expect(positiveIdParam('17')).toBe(17);
    for (const bad of [null, '', '0', '-1', '1.5', 'abc', ' 3', '1e3', '1234567890123456']) {
      expect(positiveIdParam(bad)).toBeNull();
    }
  });
});

describe('stepToRun', () => {
  const steps = [step(10, 0, 'completed'), step(11, 1, 'active'), step(12, 2, 'waiting')];

  it('is the active step of an open process', () => {
    expect(stepToRun({ State: 'open', CurrentStepId: 11, AllSteps: steps })?.Id).toBe(11);
  });

  it('is the first waiting step when the process has no active step yet (mode 0)', () => {
    const fresh = [step(20, 0, 'waiting'), step(21, 1, 'waiting')];
    expect(stepToRun({ State: 'open', CurrentStepId: null, AllSteps: fresh })?.Id).toBe(20);
  });

  it('is nothing once the process is completed', () => {
    expect(stepToRun({ State: 'completed', CurrentStepId: null, AllSteps: steps })).toBeNull();
    expect(stepToRun({ State: 'completed', CurrentStepId: 11, AllSteps: steps })).toBeNull();
  });
});
