import { useContext } from 'react';
import { type ProcessRunner, ProcessRunnerContext } from './runner-context';

/**
 * Returns the step runner of the nearest `ProcessRunnerProvider`. Throws when there is none above.
 *
 * @example
 * const runner = useProcessRunner();
 * runner.runStep(process.Id, { Id: step.Id, Name: step.StepName, StepKind: step.StepKind });
 */
export function useProcessRunner(): ProcessRunner {
  const runner = useContext(ProcessRunnerContext);
  if (!runner) throw new Error('useProcessRunner() needs a <ProcessRunnerProvider> above it in the tree.');
  return runner;
}
