import { createContext, useContext } from 'react';

/**
 * A counter the signed-in layout raises whenever the step runner changed a process (a run, a
 * completion, a reset). Process pages load with it among their dependencies, so they show the
 * new state even when the runner navigates to the page that is already shown.
 */
export const ProcessChangesContext = createContext(0);

/** The current process-change counter (see {@link ProcessChangesContext}). */
export function useProcessChanges(): number {
  return useContext(ProcessChangesContext);
}
