import { formsOpenedBy } from '../forms/form-access';
import type { CommandRecord } from './processes-store';

/**
 * The forms a command's steps open (the URL of a `form`, `detail-page` or `action` step), those
 * of the sub-process commands it starts included. A form number given by a process variable is
 * not known here; the form endpoints still refuse it when the page opens.
 */
export function formsOfCommand(
  command: CommandRecord,
  commandByName: (name: string) => CommandRecord | null,
): Set<number> {
  const forms = new Set<number>();
  const seen = new Set<number>();
  const visit = (current: CommandRecord) => {
    if (seen.has(current.id)) return;
    seen.add(current.id);
    for (const step of current.steps) {
      for (const no of formsOpenedBy(step.url)) forms.add(no);
      const child = step.subProcessCommand ? commandByName(step.subProcessCommand) : null;
      if (child) visit(child);
    }
  };
  visit(command);
  return forms;
}
