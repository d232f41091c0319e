import type { Process } from '@procedo/client-api';
import {
  flowHomeHref,
  ProcessBreadcrumbs,
  runnableStep,
  StepEnded,
  useProcessRunner,
} from '@procedo/process-react';
import { Link, useSearchParams } from 'react-router';
import { v1 } from '../api';
import { positiveIdParam } from '../processes/flow-links';
import { useProcessChanges } from '../processes/process-changes';
import { useLoad } from '../processes/useLoad';

/**
 * The process step page `/apps/flow/step/?id={processId}`: the step the process is at, with
 * **Run**; once the process has no step left to run, 'This part of the process has ended.'
 */
export function StepPage() {
  const [params] = useSearchParams();
  const processId = positiveIdParam(params.get('id'));
  if (processId === null) {
    return (
      <>
        <h1>Process step</h1>
        <p role="alert">The process id must be a positive whole number.</p>
      </>
    );
  }
  return <StepLoader processId={processId} />;
}

function StepLoader({ processId }: { processId: number }) {
  const changes = useProcessChanges();
  const process = useLoad<Process>(() => v1.processes.process(processId), [processId, changes]);
  if (process.kind === 'loading') return <p aria-live="polite">Loading the step…</p>;
  if (process.kind === 'error') {
    return (
      <>
        <h1>Process step</h1>
        <p role="alert">{process.message}</p>
      </>
    );
  }
  return <StepView process={process.data} />;
}

function StepView({ process }: { process: Process }) {
  const runner = useProcessRunner();
  const step = runnableStep(process);
  const flowLink = <Link to={flowHomeHref(process.Id, step?.Id)}>Show the whole process</Link>;
  if (!step) {
    return (
      <div className="procedo-StepPage">
        {process.BreadCrumbHtml ? <ProcessBreadcrumbs html={process.BreadCrumbHtml} /> : null}
        <h1>{process.Name}</h1>
        <StepEnded />
        <p>{flowLink}</p>
      </div>
    );
  }
  return (
    <div className="procedo-StepPage">
      {process.BreadCrumbHtml ? <ProcessBreadcrumbs html={process.BreadCrumbHtml} /> : null}
      <p className="procedo-StepPage-process">
        {process.Name} · step {step.Position + 1} of {process.AllSteps.length}
      </p>
      <h1>{step.StepName}</h1>
      {step.Hint ? <p className="procedo-StepPage-hint">{step.Hint}</p> : null}
      <p className="procedo-StepPage-actions">
        <button
          type="button"
          className="procedo-Button procedo-Button--primary"
          disabled={runner.busy}
          onClick={() =>
            runner.runStep(process.Id, { Id: step.Id, Name: step.StepName, StepKind: step.StepKind })
          }
        >
          Run
        </button>{' '}
        {flowLink}
      </p>
    </div>
  );
}
