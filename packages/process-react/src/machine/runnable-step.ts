import type { Process, ProcessStep } from '@procedo/client-api';

/**
 * The step a user can run now: the active step of an open process, or — for a process created
 * with mode 0, which has no active step until its first run — its first step (by position) while
 * that is still waiting. `null` when the process is completed or nothing can run.
 */
export function runnableStep(
  process: Pick<Process, 'State' | 'CurrentStepId' | 'AllSteps'>,
): ProcessStep | null {
  if (process.State !== 'open') return null;
  if (process.CurrentStepId !== null) {
    return (
      process.AllSteps.find((step) => step.Id === process.CurrentStepId && step.State === 'active') ?? null
    );
  }
  const first = process.AllSteps.reduce<ProcessStep | null>(
    (earliest, step) => (earliest === null || step.Position < earliest.Position ? step : earliest),
    null,
  );
  return first?.State === 'waiting' ? first : null;
}
