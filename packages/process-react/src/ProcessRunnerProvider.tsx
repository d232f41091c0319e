import type { ProcessesApi } from '@procedo/client-api';
import { type OpenerWindow, useShell } from '@procedo/forms-react';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { processErrorText } from './errors';
import { type ProcessRunner, ProcessRunnerContext } from './hooks/runner-context';

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
 * The runner's code (its machine, calls and screens) is loaded on the first run, reset, start or
 * result, so a page that starts no process does not fetch it (docs/ARCHITECTURE.md, Host bundle).
 * Until then `useProcessRunner()` answers at once: idle, and busy while a call waits for the code.
 * {@link preloadProcessRunner} fetches it ahead, for a page that is about to run steps.
 *
 * @example
 * <ShellProvider>
 *   <ProcessRunnerProvider api={v1.processes} isSupervisor={user.isSupervisor} navigate={navigate}>
 *     <StepPage />
 *   </ProcessRunnerProvider>
 * </ShellProvider>
 */
export function ProcessRunnerProvider({ children, ...props }: ProcessRunnerProviderProps) {
  const shell = useShell();
  const shellRef = useRef(shell);
  useEffect(() => {
    shellRef.current = shell;
  });
  // Mounted at once when an earlier page (or a preload) already fetched the code.
  const [Engine, setEngine] = useState<EngineModule['ProcessRunnerEngine'] | null>(
    () => loadedEngine?.ProcessRunnerEngine ?? null,
  );
  const [engineRunner, setEngineRunner] = useState<ProcessRunner | null>(null);
  const [waitingCalls, setWaitingCalls] = useState(0);
  const current = useRef<ProcessRunner | null>(null);
  const waiting = useRef<((runner: ProcessRunner | null) => void)[]>([]);

  const onRunner = useCallback((runner: ProcessRunner) => {
    current.current = runner;
    setEngineRunner(runner);
    for (const resolve of waiting.current.splice(0)) resolve(runner);
  }, []);

  /** The engine's runner, loading its code first if need be; `null` when the code could not load. */
  const whenLoaded = useCallback(async (): Promise<ProcessRunner | null> => {
    if (current.current) return current.current;
    setWaitingCalls((count) => count + 1);
    try {
      return await new Promise<ProcessRunner | null>((resolve) => {
        waiting.current.push(resolve);
        loadEngine().then(
          (module) => setEngine(() => module.ProcessRunnerEngine),
          (error: unknown) => {
            const failed = waiting.current.splice(0);
            if (failed.length === 0) return;
            shellRef.current.toast.error(processErrorText(error));
            for (const answer of failed) answer(null);
          },
        );
      });
    } finally {
      setWaitingCalls((count) => count - 1);
    }
  }, []);

  const { api, isSupervisor } = props;
  const readOnlyReason = props.readOnlyReason ?? null;
  const deferred = useMemo<ProcessRunner>(
    () => ({
      runStep: (processId, step) => void whenLoaded().then((runner) => runner?.runStep(processId, step)),
      resetStep: async (stepId) => (await whenLoaded())?.resetStep(stepId) ?? false,
      resetStepChain: async (stepId) => (await whenLoaded())?.resetStepChain(stepId) ?? false,
      resetProcess: async (processId) => (await whenLoaded())?.resetProcess(processId) ?? false,
      startProcess: async (command, options) => (await whenLoaded())?.startProcess(command, options) ?? null,
      handleResult: (result) => void whenLoaded().then((runner) => runner?.handleResult(result)),
      busy: waitingCalls > 0,
      phase: 'idle',
      api,
      isSupervisor,
      readOnlyReason,
    }),
    [whenLoaded, waitingCalls, api, isSupervisor, readOnlyReason],
  );

  return (
    <ProcessRunnerContext.Provider value={engineRunner ?? deferred}>
      {children}
      {Engine && <Engine {...props} onRunner={onRunner} />}
    </ProcessRunnerContext.Provider>
  );
}

type EngineModule = typeof import('./runner-engine');
let loadedEngine: EngineModule | null = null;
let loadingEngine: Promise<EngineModule> | null = null;

/** Fetches the runner's code once per page; a failed fetch is tried again on the next call. */
function loadEngine(): Promise<EngineModule> {
  loadingEngine ??= import('./runner-engine').then(
    (module) => {
      loadedEngine = module;
      return module;
    },
    (error: unknown) => {
      loadingEngine = null;
      throw error;
    },
  );
  return loadingEngine;
}

/**
 * Fetches the step runner's code ahead of its first use, e.g. on a page that is about to run
 * steps: a `ProcessRunnerProvider` mounted afterwards has it at once, one already mounted fetches
 * nothing on its first call. A failure is left to the first call, which tries again and says why.
 */
export function preloadProcessRunner(): Promise<void> {
  return loadEngine().then(
    () => undefined,
    () => undefined,
  );
}
