import type { Process } from '@procedo/client-api';
import { utcText } from '@procedo/forms-react';

/** Props of {@link ProcessHistory}. */
export interface ProcessHistoryProps {
  process: Process;
  headingId: string;
}

/** The newest events of a process (at most 50, newest first, as the server sends them). */
export function ProcessHistory({ process, headingId }: ProcessHistoryProps) {
  if (process.History.length === 0) return null;
  const stepNames = new Map(process.AllSteps.map((step) => [step.Id, step.StepName]));
  return (
    <section aria-labelledby={headingId} className="procedo-ProcessHistory">
      <h2 id={headingId}>History</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">When (UTC)</th>
            <th scope="col">Who</th>
            <th scope="col">Step</th>
            <th scope="col">What</th>
          </tr>
        </thead>
        <tbody>
          {process.History.map((event, index) => (
            // Events have no id of their own; the list is replaced as a whole on every load.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <tr key={index}>
              <td>{utcText(event.At)}</td>
              <td>{event.By}</td>
              <td>{event.StepId === null ? '—' : (stepNames.get(event.StepId) ?? `Step ${event.StepId}`)}</td>
              <td>
                {event.Kind}
                {event.Detail ? `: ${event.Detail}` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
