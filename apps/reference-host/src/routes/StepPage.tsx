import type { Process } from '@procedo/client-api';
import {
  flowHomeHref,
  ProcessBreadcrumbs,
  preloadProcessRunner,
  runnableStep,
  StepEnded,
  useProcessRunner,
} from '@procedo/process-react';
import { useEffect, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { v1 } from '../api';
import { positiveIdParam } from '../processes/flow-links';
import { useProcessChanges } from '../processes/process-changes';
import {
  MalformedTimepoint,
  type ProcessTimeTravel,
  ProcessTimeTravelBar,
  useProcessTimeTravel,
} from '../processes/process-time-travel';
import { useLoad } from '../processes/useLoad';

/**
 * The process step page `/apps/flow/step/?id={processId}`: the step the process is at, with
 * **Run**; once the process has no step left to run, 'This part of the process has ended.' With a
 * `Timepoint`, the step the process was at then, and Run off.
 */
export function StepPage() {
  const [params] = useSearchParams();
  const timeTravel = useProcessTimeTravel();
  const processId = positiveIdParam(params.get('id'));
  if (processId === null) {
    return (
      <>
        <h1>Process step</h1>
        <p role="alert">The process id must be a positive whole number.</p>
      </>
    );
  }
  return (
    <>
      <ProcessTimeTravelBar timeTravel={timeTravel} />
      {timeTravel.malformedTimepoint !== null ? (
        <MalformedTimepoint title="Process step" timeTravel={timeTravel} />
      ) : (
        <StepLoader processId={processId} timeTravel={timeTravel} />
      )}
    </>
  );
}

function StepLoader({ processId, timeTravel }: { processId: number; timeTravel: ProcessTimeTravel }) {
  const changes = useProcessChanges();
  const { timepoint } = timeTravel;
  const process = useLoad<Process>(
    () => v1.processes.process(processId, timeTravel.read),
    [processId, changes, timepoint],
  );
  if (process.kind === 'loading') return <p aria-live="polite">Loading the step…</p>;
  if (process.kind === 'error') {
    return (
      <>
        <h1>Process step</h1>
        <p role="alert">{process.message}</p>
      </>
    );
  }
  return <StepView process={process.data} timeTravel={timeTravel} />;
}

function StepView({ process, timeTravel }: { process: Process; timeTravel: ProcessTimeTravel }) {
  const runner = useProcessRunner();
  const reasonId = useId();
  // The step is about to be run: fetch the runner's code now rather than on the first press.
  useEffect(() => {
    void preloadProcessRunner();
  }, []);
  const step = runnableStep(process);
  const flowLink = (
    <Link to={timeTravel.href(flowHomeHref(process.Id, step?.Id))}>Show the whole process</Link>
  );
  const breadcrumbs = process.BreadCrumbHtml ? (
    <ProcessBreadcrumbs html={process.BreadCrumbHtml} linkHref={timeTravel.href} />
  ) : null;
  if (!step) {
    return (
      <div className="procedo-StepPage">
        {breadcrumbs}
        <h1>{process.Name}</h1>
        <StepEnded />
        <p>{flowLink}</p>
      </div>
    );
  }
  const readOnly = runner.readOnlyReason;
  return (
    <div className="procedo-StepPage">
      {breadcrumbs}
      <p className="procedo-StepPage-process">
        {process.Name} · step {step.Position + 1} of {process.AllSteps.length}
      </p>
      <h1>{step.StepName}</h1>
      {step.Hint ? <p className="procedo-StepPage-hint">{step.Hint}</p> : null}
      {readOnly ? (
        <p id={reasonId} className="procedo-StepPage-readOnly">
          {readOnly}
        </p>
      ) : null}
      <p className="procedo-StepPage-actions">
        <button
          type="button"
          className="procedo-Button procedo-Button--primary"
          disabled={runner.busy || readOnly !== null}
          // Off while a timepoint is viewed, saying why (as the form page's read-only buttons do).
          title={readOnly ?? undefined}
          aria-describedby={readOnly ? reasonId : undefined}
          data-read-only={readOnly ? true : undefined}
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
