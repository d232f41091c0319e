import type { CreatableCommand } from '@procedo/client-api';
import { ProcessCommand } from '@procedo/process-react';
import { v1 } from '../api';
import { useLoad } from './useLoad';

/** Props of {@link StartProcessPanel}. */
export interface StartProcessPanelProps {
  /** The heading's id, for the section's label. */
  headingId: string;
  /** The section's id (the navigation's 'Start a process' item links to `/#start-a-process`). */
  id?: string;
}

/** The commands the user can create as a process, and the process command that starts one (spec §4). */
export function StartProcessPanel({ headingId, id }: StartProcessPanelProps) {
  const commands = useLoad<CreatableCommand[]>(() => v1.processes.creatableCommands('Name'), []);
  return (
    <section id={id} aria-labelledby={headingId} className="procedo-Dashboard-card procedo-StartProcess">
      <h2 id={headingId}>Start a process</h2>
      {commands.kind === 'loading' && <p aria-live="polite">Loading commands…</p>}
      {commands.kind === 'error' && (
        <p role="alert">
          {commands.message}{' '}
          <button type="button" onClick={commands.reload}>
            Try again
          </button>
        </p>
      )}
      {commands.kind === 'ready' && <ProcessCommand commands={commands.data} />}
    </section>
  );
}
