import type { ProcessList as ProcessListData } from '@procedo/client-api';
import { utcText } from '@procedo/forms-react';
import { flowHomeHref, stepPageHref } from '@procedo/process-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { v1 } from '../api';
import { useProcessChanges } from './process-changes';
import { useProcessTimeTravel } from './process-time-travel';
import { useLoad } from './useLoad';

/** Rows per page of the process list. */
export const PROCESS_PAGE_SIZE = 20;

/** Props of {@link ProcessList}. */
export interface ProcessListProps {
  /** The heading's id, for the section's label. */
  headingId: string;
  /** Whether the signed-in user sees everyone's processes (supervisors). */
  isSupervisor: boolean;
}

/**
 * The processes the user can see, newest first, a page at a time (`GET user-processes`); with the
 * page's `Timepoint`, those created by then, each as it was then, linked at that timepoint.
 */
export function ProcessList({ headingId, isSupervisor }: ProcessListProps) {
  const [skip, setSkip] = useState(0);
  // A process created or run from this page shows at once.
  const changes = useProcessChanges();
  const timeTravel = useProcessTimeTravel();
  const { timepoint, href } = timeTravel;
  const list = useLoad<ProcessListData>(
    () => v1.processes.list({ skip, top: PROCESS_PAGE_SIZE, ...timeTravel.read }),
    [skip, changes, timepoint],
  );

  return (
    <section aria-labelledby={headingId} className="procedo-Dashboard-card procedo-ProcessList">
      <h2 id={headingId}>{isSupervisor ? 'Processes' : 'Your processes'}</h2>
      {list.kind === 'loading' && <p aria-live="polite">Loading processes…</p>}
      {list.kind === 'error' && (
        <p role="alert">
          {list.message}{' '}
          <button type="button" onClick={list.reload}>
            Try again
          </button>
        </p>
      )}
      {list.kind === 'ready' && list.data.Total === 0 && <p>No processes yet.</p>}
      {list.kind === 'ready' && list.data.Total > 0 && (
        <>
          <table>
            <thead>
              <tr>
                <th scope="col">Process</th>
                <th scope="col">Command</th>
                <th scope="col">Current step</th>
                <th scope="col">State</th>
                {isSupervisor && <th scope="col">Created by</th>}
                <th scope="col">Created (UTC)</th>
              </tr>
            </thead>
            <tbody>
              {list.data.Items.map((item) => (
                <tr key={item.Id}>
                  <td>
                    <Link to={href(flowHomeHref(item.Id))}>{item.Name}</Link>
                  </td>
                  <td>{item.CommandName}</td>
                  <td>
                    {item.CurrentStepName ? (
                      <Link to={href(stepPageHref(item.Id))}>{item.CurrentStepName}</Link>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td>{item.State === 'open' ? 'Open' : 'Completed'}</td>
                  {isSupervisor && <td>{item.CreatedBy}</td>}
                  <td>{utcText(item.CreatedAtUtc, 'minutes')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <nav aria-label="Process list pages" className="procedo-ProcessList-pages">
            <button
              type="button"
              disabled={skip === 0}
              onClick={() => setSkip(Math.max(0, skip - PROCESS_PAGE_SIZE))}
            >
              Previous
            </button>
            <span>
              {skip + 1}–{Math.min(skip + PROCESS_PAGE_SIZE, list.data.Total)} of {list.data.Total}
            </span>
            <button
              type="button"
              disabled={skip + PROCESS_PAGE_SIZE >= list.data.Total}
              onClick={() => setSkip(skip + PROCESS_PAGE_SIZE)}
            >
              Next
            </button>
          </nav>
        </>
      )}
    </section>
  );
}
