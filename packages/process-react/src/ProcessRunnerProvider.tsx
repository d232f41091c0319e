import type { ProcessesApi } from '@procedo/client-api';
import type { OpenerWindow } from '@procedo/forms-react';
import type { ReactNode } from 'react';
import { ProcessRunnerEngine } from './runner-engine';

/** The window the runner works in: the form opener's window plus messaging. A real `Window` fits. */
export type ProcessRunnerWindow = OpenerWindow & {
  readonly location: OpenerWindow['location'] & { readonly origin: string };
  postMessage?(message: unknown, targetOrigin: string): void;
  addEventListener?(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener?(type: 'message', listener: (event: MessageEvent) => void): void;
};

/** Props of {@link ProcessRunnerProvider}. */
export interface ProcessRunnerProviderProps {
  /** The user-process API, e.g. `createV1Client(…).processes`. */
  api: ProcessesApi;
  /** The user's supervisor flag: a finished run goes to the flow home page, else to the step page. */
  isSupervisor: boolean;
  /** Moves the page to an app URL (`/apps/flow/step/?id=7`); hosts with a router pass its navigate. */
  navigate: (url: string) => void;
  /** Called when a process changed (a step ran, completed or was reset, a process was created). */
  onChanged?: () => void;
  /**
   * Why nothing can be changed, e.g. `PROCESS_LABELS.readOnlyTimepoint(timepoint)` while the page
   * views a timepoint (CONTRACT "Time travel"): runs, resets and creations are refused before any
   * call, with this text as an error toast, and the process controls are off with it as reason.
   * @default null
   */
  readOnlyReason?: string | null;
  /**
   * The window steps open from.
   * @default the global `window`
   */
  window?: ProcessRunnerWindow;
  children: ReactNode;
}

/**
 * Provides `useProcessRunner()` and renders the step runner's screens: confirm and prompt
 * questions, the pick-list and report-document screens, the step's page in a non-modal dialog
 * titled with the step name, and a failed call with Try again. Needs a `ShellProvider` of `@procedo/forms-react` above it
 * (alerts, toasts, the loading panel).
 *
 * @example
 * <ShellProvider>
 *   <ProcessRunnerProvider api={v1.processes} isSupervisor={user.isSupervisor} navigate={navigate}>
 *     <StepPage />
 *   </ProcessRunnerProvider>
 * </ShellProvider>
 */
export function ProcessRunnerProvider(props: ProcessRunnerProviderProps) {
  return <ProcessRunnerEngine {...props} />;
}
