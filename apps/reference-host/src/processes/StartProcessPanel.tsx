import { ProcessCommand } from '@procedo/process-react';
import { useSearchParams } from 'react-router';
import { readPositiveParam } from '../designer/designer-query';

/** Props of {@link StartProcessPanel}. */
export interface StartProcessPanelProps {
  /** The heading's id, for the section's label. */
  headingId: string;
  /** The section's id (the navigation's 'Start a process' item links to `/#start-a-process`). */
  id?: string;
}

/**
 * The process command of spec §4 in a dashboard card: it loads the commands the user can create
 * as a process (`lookup/commands/creatable-as-process`, by name) and starts the chosen one. The
 * address's `CommandId` (a navigation node linking a command: `/?CommandId=N#start-a-process`)
 * chooses that command at first.
 */
export function StartProcessPanel({ headingId, id }: StartProcessPanelProps) {
  const [params] = useSearchParams();
  const commandId = readPositiveParam(params, 'CommandId');
  return (
    <section id={id} aria-labelledby={headingId} className="procedo-Dashboard-card procedo-StartProcess">
      <h2 id={headingId}>Start a process</h2>
      {/* Keyed by the address's command: following another command's link chooses it again. */}
      <ProcessCommand
        key={commandId ?? 'none'}
        {...(commandId === null ? {} : { defaultCommandId: commandId })}
      />
    </section>
  );
}
