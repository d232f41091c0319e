import type { Process, ProcessStep } from '@procedo/client-api';

/** A positive integer query parameter (`?id=`, `?stepid=`), or `null` when it is missing or not one. */
export function positiveIdParam(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * The step the step page offers to run: the process's active step, or — for a process created
 * without one (mode 0, whose first run activates the first step) — its first waiting step;
 * `null` when the process is completed or has nothing left to run.
 */
export function stepToRun(
  process: Pick<Process, 'State' | 'CurrentStepId' | 'AllSteps'>,
): ProcessStep | null {
  if (process.State !== 'open') return null;
  if (process.CurrentStepId !== null) {
    return process.AllSteps.find((step) => step.Id === process.CurrentStepId) ?? null;
  }
  return process.AllSteps.find((step) => step.State === 'waiting') ?? null;
}
