import type { Process } from '@procedo/client-api';
import { utcText } from '@procedo/forms-react';
import { ProcessBreadcrumbs, ProcessSteps, stepPageHref } from '@procedo/process-react';
import { Link, useSearchParams } from 'react-router';
import { v1 } from '../api';
import { positiveIdParam } from '../processes/flow-links';
import { ProcessHistory } from '../processes/ProcessHistory';
import { ProcessList } from '../processes/ProcessList';
import { useProcessChanges } from '../processes/process-changes';
import {
  MalformedTimepoint,
  type ProcessTimeTravel,
  ProcessTimeTravelBar,
  useProcessTimeTravel,
} from '../processes/process-time-travel';
import { StartProcessPanel } from '../processes/StartProcessPanel';
import { useLoad } from '../processes/useLoad';
import { useSignedIn } from '../shell/signed-in-context';

/**
 * The process explorer (flow home page) `/apps/flow/home/flow?id={processId}&stepid={stepId}`:
 * with an id, the process with its steps and their states, breadcrumbs and hints; without one,
 * the processes the user can see and the commands they can start. With a `Timepoint`, both as
 * they were then (nothing can be run, reset or created).
 */
export function FlowHomePage() {
  const [params] = useSearchParams();
  const timeTravel = useProcessTimeTravel();
  const idParam = params.get('id');
  const processId = positiveIdParam(idParam);
  const stepId = positiveIdParam(params.get('stepid'));
  if (idParam !== null && idParam !== '' && processId === null) {
    return (
      <>
        <h1>Process</h1>
        <p role="alert">The process id must be a positive whole number.</p>
      </>
    );
  }
  return (
    <>
      <ProcessTimeTravelBar timeTravel={timeTravel} />
      {timeTravel.malformedTimepoint !== null ? (
        <MalformedTimepoint title="Process" timeTravel={timeTravel} />
      ) : processId === null ? (
        <ProcessOverview />
      ) : (
        <ProcessExplorer processId={processId} stepId={stepId} timeTravel={timeTravel} />
      )}
    </>
  );
}

function ProcessOverview() {
  const { context } = useSignedIn();
  return (
    <>
      <h1>Processes</h1>
      <StartProcessPanel headingId="flow-start" />
      <ProcessList headingId="flow-processes" isSupervisor={context.WebUserIsSupervisor} />
    </>
  );
}

function ProcessExplorer({
  processId,
  stepId,
  timeTravel,
}: {
  processId: number;
  stepId: number | null;
  timeTravel: ProcessTimeTravel;
}) {
  const changes = useProcessChanges();
  const { timepoint } = timeTravel;
  const process = useLoad<Process>(
    () => v1.processes.process(processId, timeTravel.read),
    [processId, changes, timepoint],
  );
  if (process.kind === 'loading') return <p aria-live="polite">Loading the process…</p>;
  if (process.kind === 'error') {
    return (
      <>
        <h1>Process</h1>
        <p role="alert">{process.message}</p>
        <p>
          <Link to={timeTravel.href('/apps/flow/home/flow')}>All processes</Link>
        </p>
      </>
    );
  }
  return <ProcessView process={process.data} stepId={stepId} timeTravel={timeTravel} />;
}

function ProcessView({
  process,
  stepId,
  timeTravel,
}: {
  process: Process;
  stepId: number | null;
  timeTravel: ProcessTimeTravel;
}) {
  const { href } = timeTravel;
  return (
    <div className="procedo-FlowHome">
      {process.BreadCrumbHtml ? <ProcessBreadcrumbs html={process.BreadCrumbHtml} linkHref={href} /> : null}
      <h1>{process.Name}</h1>
      {process.Hint ? <p className="procedo-FlowHome-hint">{process.Hint}</p> : null}
      <dl className="procedo-FlowHome-facts">
        <dt>Command</dt>
        <dd>{process.CommandName}</dd>
        <dt>State</dt>
        <dd>{process.State === 'open' ? 'Open' : 'Completed'}</dd>
        <dt>Created</dt>
        <dd>
          {utcText(process.CreatedAtUtc, 'minutes')} UTC by {process.CreatedBy}
        </dd>
        {process.CompletedAtUtc ? (
          <>
            <dt>Completed</dt>
            <dd>{utcText(process.CompletedAtUtc, 'minutes')} UTC</dd>
          </>
        ) : null}
        {process.ParentProcessId ? (
          <>
            <dt>Part of</dt>
            <dd>
              <Link to={href(`/apps/flow/home/flow?id=${process.ParentProcessId}`)}>
                Process {process.ParentProcessId}
              </Link>
            </dd>
          </>
        ) : null}
      </dl>
      <section aria-labelledby="flow-steps">
        <h2 id="flow-steps">Steps</h2>
        <ProcessSteps process={process} selectedStepId={stepId} />
        {process.State === 'open' ? (
          <p className="procedo-FlowHome-actions">
            <Link to={href(stepPageHref(process.Id))}>Open the step page</Link>
          </p>
        ) : null}
      </section>
      {process.SubProcesses.length > 0 ? (
        <section aria-labelledby="flow-subprocesses">
          <h2 id="flow-subprocesses">Sub-processes</h2>
          <ul>
            {process.SubProcesses.map((child) => (
              <li key={child.Id}>
                <Link to={href(`/apps/flow/home/flow?id=${child.Id}`)}>{child.Name}</Link> (
                {child.State === 'open' ? 'open' : 'completed'})
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <ProcessHistory process={process} headingId="flow-history" />
    </div>
  );
}
