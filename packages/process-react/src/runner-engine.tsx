import type { CreatableCommand, PickListData, ProcessesApi } from '@procedo/client-api';
import {
  createFormOpener,
  FormDialog,
  PromptDialog,
  processStepOpenRequest,
  readOpenEnvironment,
  resolveOpenRequest,
  ShellDialog,
  useMessages,
  useShell,
} from '@procedo/forms-react';
import {
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { Button } from 'react-aria-components';
import { ConfirmDialog } from './components/ConfirmDialog';
import { processErrorText } from './errors';
import type { ProcessRunner, StartProcessOptions } from './hooks/runner-context';
import { useProcessTexts } from './i18n/texts';
import type { StepMachineState } from './machine/step-machine';
import { flowHomeHref, stepOpenTarget } from './machine/targets';
import type { ProcessRunnerProviderProps, ProcessRunnerWindow } from './ProcessRunnerProvider';
import { PickListScreen } from './runners/PickListScreen';
import { ReportDocumentScreen } from './runners/ReportDocumentScreen';
import { StepRunError } from './runners/StepRunError';
import {
  createStepRunner,
  isStepFrameMessage,
  STEP_FRAME_MESSAGES,
  type StepRunner,
} from './runners/step-runner';

/** Whether this page is a step's page in a step dialog: an iframe of a page of the same origin. */
function isInStepFrame(win: ProcessRunnerWindow): boolean {
  try {
    const parent = win.parent as (ProcessRunnerWindow & { location: { origin: string } }) | null;
    return parent !== null && parent !== (win as unknown) && parent.location.origin === win.location.origin;
  } catch {
    // A cross-origin parent cannot be read: not one of ours.
    return false;
  }
}

const looksLikeHtml = (text: string) => /<[a-z][^>]*>/i.test(text);

const isPickListCall = (state: StepMachineState) =>
  state.pending?.kind === 'pick-list-single' || state.pending?.kind === 'pick-list-multi';

/** Props of {@link ProcessRunnerEngine}: the provider's, and where the engine hands its runner. */
export interface ProcessRunnerEngineProps extends Omit<ProcessRunnerProviderProps, 'children'> {
  /** Called with the runner whenever it changes; the provider hands it to `useProcessRunner()`. */
  onRunner: (runner: ProcessRunner) => void;
}

/**
 * The step runner: the machine, its calls, and its screens (see {@link ProcessRunnerProvider},
 * which loads this module on the first call that needs it).
 */
export function ProcessRunnerEngine(props: ProcessRunnerEngineProps) {
  const shell = useShell();
  const win = (props.window ?? globalThis.window) as ProcessRunnerWindow;
  const latest = useRef(props);
  const shellRef = useRef(shell);
  const messages = useMessages();
  const messagesRef = useRef(messages);
  useEffect(() => {
    latest.current = props;
    shellRef.current = shell;
    messagesRef.current = messages;
  });

  const opener = useMemo(
    () =>
      createFormOpener({
        window: win,
        // Step dialogs are the runner's own (it must know when they close); see `state.dialog`.
        showDialog: () => {},
        alert: (text) => void shellRef.current.alert(text),
      }),
    [win],
  );

  const [runner] = useState<StepRunner>(() =>
    createStepRunner({
      get api() {
        return latest.current.api;
      },
      options: () => latest.current,
      toast: (level, text) => shellRef.current.toast[level](text),
      // An AlertMessage holding markup goes to the HTML Alert, which sanitises it with DOMPurify.
      alert: (text) =>
        void (looksLikeHtml(text) ? shellRef.current.alertHtml(text) : shellRef.current.alert(text)),
      openWindow: ({ url, target, title }) => {
        try {
          opener.open(
            processStepOpenRequest({ url, urlToOpenTarget: stepOpenTarget(target), stepName: title }),
          );
        } catch (error) {
          shellRef.current.toast.error(processErrorText(error));
        }
      },
      isInStepFrame: () => isInStepFrame(win),
      postToOpener: (message) => {
        const parent = win.parent as ProcessRunnerWindow | null;
        parent?.postMessage?.(message, win.location.origin);
      },
    }),
  );
  const state = useSyncExternalStore(runner.subscribe, runner.getSnapshot, runner.getSnapshot);
  const [operations, setOperations] = useState(0);

  // A step's page in our dialog tells us when it completed the step or wants its dialog closed.
  useEffect(() => {
    if (!win.addEventListener) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== win.location.origin || !isStepFrameMessage(event.data)) return;
      if (!runner.getSnapshot().dialog) return;
      runner.send({ type: 'dialog-closed', completed: event.data.type === STEP_FRAME_MESSAGES.stepFinished });
    };
    win.addEventListener('message', onMessage);
    return () => win.removeEventListener?.('message', onMessage);
  }, [win, runner]);

  const track = useCallback(async <T,>(work: () => Promise<T>): Promise<T> => {
    setOperations((count) => count + 1);
    try {
      return await work();
    } finally {
      setOperations((count) => count - 1);
    }
  }, []);

  const reset = useCallback(
    (call: () => Promise<unknown>, message: string) =>
      track(async () => {
        try {
          await call();
        } catch (error) {
          shellRef.current.toast.error(processErrorText(error));
          return false;
        }
        shellRef.current.toast.info(message);
        latest.current.onChanged?.();
        return true;
      }),
    [track],
  );

  /** Refuses a change while the page is read-only: true when it was refused (and said so). */
  const refused = useCallback(() => {
    const reason = latest.current.readOnlyReason ?? null;
    if (reason !== null) shellRef.current.toast.error(reason);
    return reason !== null;
  }, []);

  const startProcess = useCallback(
    async (command: CreatableCommand | null | undefined, options: StartProcessOptions = {}) => {
      const ui = shellRef.current;
      if (refused()) return null;
      if (!command) {
        await ui.alert(messagesRef.current.commandNotSelected);
        return null;
      }
      if (!command.Id) {
        await ui.alert(messagesRef.current.processCommandIdMissing);
        return null;
      }
      const openFlow = options.openFlow ?? command.OpenFlow;
      const start = options.start ?? command.Start;
      let name = options.name;
      if (name === undefined && command.AskName) {
        const answer = await ui.prompt(messagesRef.current.enterProcessName, command.Name, {
          title: command.Name,
        });
        if (answer === null || answer.trim() === '') return null;
        name = answer.trim();
      }
      const properties = { Variables: [...(options.variables ?? [])] };
      return track(async () => {
        ui.loading.show();
        let process: Awaited<ReturnType<ProcessesApi['createProcess']>>;
        try {
          process = await latest.current.api.createProcess(
            command.Id,
            {
              Name: name ?? null,
              ParentUrl: options.parentUrl === undefined ? (win.location.href ?? null) : options.parentUrl,
              Properties: properties,
              PropertyBag: JSON.stringify(properties),
            },
            // Spec §4: either flag forces mode 1.
            { mode: openFlow || start ? 1 : 0 },
          );
        } catch (error) {
          // Spec §8: hide the loading panel, then an error toast with the JSON Message, else the
          // response text, else the status text.
          ui.loading.hide();
          ui.toast.error(processErrorText(error));
          return null;
        }
        ui.loading.hide();
        latest.current.onChanged?.();
        if (openFlow) {
          latest.current.navigate(flowHomeHref(process.Id));
        } else if (start) {
          const first = process.AllSteps[0];
          if (!first) void ui.alert(messagesRef.current.processHasNoTasks);
          else
            runner.send({
              type: 'run',
              processId: process.Id,
              step: { Id: first.Id, Name: first.StepName, StepKind: first.StepKind },
            });
        }
        return process;
      });
    },
    [track, runner, win, refused],
  );

  const value = useMemo<ProcessRunner>(
    () => ({
      runStep: (processId, step) => {
        if (!refused()) runner.send({ type: 'run', processId, step });
      },
      resetStep: async (stepId) =>
        !refused() && reset(() => latest.current.api.resetStep(stepId), messagesRef.current.stepReset),
      resetStepChain: async (stepId) =>
        !refused() &&
        reset(() => latest.current.api.resetStepChain(stepId), messagesRef.current.stepChainReset),
      resetProcess: async (processId) =>
        !refused() &&
        reset(() => latest.current.api.resetProcess(processId), messagesRef.current.processReset),
      startProcess,
      handleResult: (result) => runner.send({ type: 'result', result }),
      busy: state.phase === 'running' || operations > 0,
      phase: state.phase,
      api: props.api,
      isSupervisor: props.isSupervisor,
      readOnlyReason: props.readOnlyReason ?? null,
    }),
    [
      runner,
      reset,
      refused,
      startProcess,
      state.phase,
      operations,
      props.api,
      props.isSupervisor,
      props.readOnlyReason,
    ],
  );

  // A layout effect: the page sees the new phase and busy flag before the browser paints.
  const { onRunner } = props;
  useLayoutEffect(() => onRunner(value), [onRunner, value]);

  return <RunnerScreens runner={runner} state={state} api={props.api} win={win} />;
}

function RunnerScreens({
  runner,
  state,
  api,
  win,
}: {
  runner: StepRunner;
  state: StepMachineState;
  api: ProcessesApi;
  win: ProcessRunnerWindow;
}) {
  const { question, step, phase } = state;
  const failedMessage = phase === 'failed' ? processErrorText(state.error) : null;
  const kind = step?.StepKind;
  const showsPickList =
    step &&
    (kind === 'pick-list-single' || kind === 'pick-list-multi') &&
    (phase === 'pick-list' || ((phase === 'running' || phase === 'failed') && isPickListCall(state)));
  const showsReport =
    step &&
    kind === 'report-document' &&
    (phase === 'report' ||
      ((phase === 'running' || phase === 'failed') && state.pending?.kind === 'report-document'));

  let screen: ReactNode = null;
  if (question && phase === 'asking') {
    screen =
      question.kind === 'confirm' || question.kind === 'completion-confirm' ? (
        <ConfirmDialog
          title={question.title}
          message={question.message}
          onAnswer={(confirmed) => runner.send({ type: 'confirm', confirmed })}
        />
      ) : (
        <PromptDialog
          isOpen
          title={question.title}
          message={question.message}
          defaultValue={'suggestion' in question ? question.suggestion : ''}
          onSubmit={(value) => runner.send({ type: 'prompt', value })}
          onCancel={() => runner.send({ type: 'prompt', value: null })}
        />
      );
  } else if (showsPickList) {
    screen = (
      <PickListStep
        key={step.Id}
        api={api}
        stepId={step.Id}
        isSubmitting={phase === 'running'}
        errorMessage={failedMessage}
        onSubmit={(selected) => runner.send({ type: 'submit-pick-list', selected })}
        onCancel={() => runner.send({ type: 'dismiss' })}
      />
    );
  } else if (showsReport) {
    screen = (
      <ReportDocumentScreen
        stepName={step.Name}
        documentUrl={state.documentUrl}
        isProducing={phase === 'running'}
        errorMessage={failedMessage}
        onProduce={() => runner.send(phase === 'failed' ? { type: 'retry' } : { type: 'produce-report' })}
        onContinue={() => runner.send({ type: 'report-done' })}
        onCancel={() => runner.send({ type: 'dismiss' })}
      />
    );
  } else if (failedMessage !== null) {
    screen = (
      <StepRunError
        stepName={step?.Name ?? ''}
        message={failedMessage}
        onRetry={() => runner.send({ type: 'retry' })}
        onClose={() => runner.send({ type: 'dismiss' })}
      />
    );
  }

  const dialog = state.dialog;
  const dialogRequest = dialog
    ? resolveOpenRequest(
        processStepOpenRequest({ url: dialog.url, urlToOpenTarget: '_dialog', stepName: dialog.title }),
        readOpenEnvironment(win),
      )
    : null;

  return (
    <>
      {dialog && dialogRequest?.kind === 'dialog' && (
        <FormDialog
          key={`${dialog.stepId} ${dialog.url}`}
          request={dialogRequest}
          onClose={() => runner.send({ type: 'dialog-closed' })}
        />
      )}
      {screen}
    </>
  );
}

function PickListStep(props: {
  api: ProcessesApi;
  stepId: number;
  isSubmitting: boolean;
  errorMessage: string | null;
  onSubmit: (selected: string | string[]) => void;
  onCancel: () => void;
}) {
  const PROCESS_LABELS = useProcessTexts().process;
  const { api, stepId } = props;
  const [data, setData] = useState<PickListData | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let isCurrent = true;
    setLoadError(null);
    // `attempt` is read so that Try again loads once more.
    void attempt;
    api.pickListData(stepId).then(
      (answer) => {
        if (isCurrent) setData(answer);
      },
      (error: unknown) => {
        if (isCurrent) setLoadError(processErrorText(error));
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [api, stepId, attempt]);

  if (!data) {
    return (
      <ShellDialog
        title={PROCESS_LABELS.loading}
        className="procedo-PickListScreen"
        onDismiss={props.onCancel}
      >
        <div className="procedo-Dialog-body">
          {loadError ? (
            <p className="procedo-Field-error" role="alert">
              {loadError}
            </p>
          ) : (
            <p role="status">{PROCESS_LABELS.loading}</p>
          )}
        </div>
        <div className="procedo-Dialog-actions">
          {loadError && (
            <Button
              className="procedo-Button"
              data-variant="primary"
              onPress={() => setAttempt((n) => n + 1)}
            >
              {PROCESS_LABELS.tryAgain}
            </Button>
          )}
          <Button className="procedo-Button" onPress={props.onCancel}>
            {PROCESS_LABELS.cancel}
          </Button>
        </div>
      </ShellDialog>
    );
  }
  return (
    <PickListScreen
      data={data}
      isSubmitting={props.isSubmitting}
      errorMessage={props.errorMessage}
      onSubmit={props.onSubmit}
      onCancel={props.onCancel}
    />
  );
}
