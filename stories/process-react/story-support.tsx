import {
  type CreatableCommand,
  HttpStatusError,
  type PickListData,
  type Process,
  type ProcessesApi,
  type StepResult,
} from '@procedo/client-api';
import { ShellProvider } from '@procedo/forms-react';
import { type ProcessRunner, ProcessRunnerProvider, useProcessRunner } from '@procedo/process-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { stepResult } from '../../packages/process-react/src/machine/fixtures';

/** A step result with every field unset (the tests' fixture); stories set what they show. */
export function storyResult(patch: Partial<StepResult> = {}): StepResult {
  return stepResult({ ActionState: 'story', ...patch });
}

/** Fixed example data of the stories: one open process of the Interaction tour. */
export const storyProcess: Process = {
  Id: 7,
  Name: 'Interaction tour — March',
  CommandId: 1,
  CommandName: 'Interaction tour',
  ParentProcessId: null,
  ParentUrl: null,
  State: 'open',
  CurrentStepId: 73,
  CreatedBy: 'Olive Operator',
  CreatedAtUtc: '2024-03-09T08:00:00.000Z',
  CompletedAtUtc: null,
  Hint: 'Walks through every kind of step interaction.',
  BreadCrumbHtml: '<a href="#">Processes</a> › <a href="#">Interaction tour</a> › <b>Pick colours</b>',
  Variables: [],
  PropertyBag: null,
  AllSteps: [
    ['Confirm the start', 'action', 'completed'],
    ['Order reference', 'action', 'completed'],
    ['Read the help', 'action', 'completed'],
    ['Pick colours', 'pick-list-multi', 'active'],
    ['Pick a carrier', 'pick-list-single', 'waiting'],
    ['Order summary', 'report-document', 'waiting'],
    ['Check the supplier', 'detail-page', 'waiting'],
    ['Is everything done?', 'completion-confirm', 'waiting'],
    ['Closing remark', 'completion-prompt', 'waiting'],
  ].map(([name, kind, state], index) => ({
    Id: 70 + index,
    ProcessId: 7,
    ParentProcessId: null,
    StepName: name as string,
    StepKind: kind as Process['AllSteps'][number]['StepKind'],
    State: state as Process['AllSteps'][number]['State'],
    Position: index,
    Hint: null,
    UrlToOpenTarget: null,
    SubProcessId: null,
    CompletedAtUtc: state === 'completed' ? `2024-03-09T08:0${index + 1}:00.000Z` : null,
    CompletedBy: state === 'completed' ? 'Olive Operator' : null,
  })),
  SubProcesses: [],
  History: [],
};

export const storyCommands: CreatableCommand[] = [
  {
    Id: 1,
    Name: 'Interaction tour',
    Description: 'Every kind of step, in order.',
    OpenFlow: false,
    Start: true,
    AskName: false,
    StepCount: 9,
  },
  {
    Id: 2,
    Name: 'Supplier onboarding',
    Description: 'Qualify a new supplier.',
    OpenFlow: true,
    Start: false,
    AskName: true,
    StepCount: 5,
  },
  {
    Id: 3,
    Name: 'Empty checklist',
    Description: 'No steps yet.',
    OpenFlow: false,
    Start: true,
    AskName: false,
    StepCount: 0,
  },
];

export const storyColours: PickListData = {
  StepId: 73,
  StepName: 'Pick colours',
  IsMulti: true,
  Prompt: 'Which colours does the order come in?',
  Items: [
    { Id: 'red', Text: 'Red', Description: 'RAL 3020' },
    { Id: 'green', Text: 'Green', Description: 'RAL 6018' },
    { Id: 'blue', Text: 'Blue', Description: null },
  ],
  Selected: ['green'],
};

export const storyCarriers: PickListData = {
  StepId: 74,
  StepName: 'Pick a carrier',
  IsMulti: false,
  Prompt: 'Which carrier ships the order?',
  Items: [
    { Id: 'dhl', Text: 'DHL', Description: 'Next day' },
    { Id: 'ups', Text: 'UPS', Description: 'Two days' },
    { Id: 'post', Text: 'Post', Description: null },
  ],
  Selected: [],
};

const failure = (status: number, body: { Message: string; Code: string } | null, bodyText = '') =>
  new HttpStatusError({
    status,
    method: 'POST',
    url: '/api/v1/user/system/user-processes/command/create-process',
    bodyText: body ? JSON.stringify(body) : bodyText,
    ...(body ? { body } : {}),
  });

const SCREEN_STEPS: Record<number, string> = {
  73: 'Pick colours',
  74: 'Pick a carrier',
  75: 'Order summary',
};

/** How the story API's creation answers. */
export type CreateOutcome = 'ok' | 'no-steps' | 'json-message' | 'text' | 'status-only';

/**
 * A `ProcessesApi` over the fixed example data, for the visual stories only (tests run against the
 * real server). Every answer completes the step; creation answers as `create` says.
 */
export function storyApi(
  options: { create?: CreateOutcome; detailPage?: 'ok' | 'missing-data'; runFails?: boolean } = {},
): ProcessesApi {
  const done = () => Promise.resolve(storyResult({ IsCompleted: true }));
  const unsupported = () => Promise.reject(new Error('Not in the stories.'));
  return {
    list: unsupported,
    creatableCommands: () => Promise.resolve(storyCommands),
    createProcess: (commandId) => {
      switch (options.create ?? 'ok') {
        case 'json-message':
          return Promise.reject(
            failure(400, { Message: 'The command is not available to you.', Code: 'FORBIDDEN' }),
          );
        case 'text':
          return Promise.reject(failure(502, null, 'Upstream proxy error'));
        case 'status-only':
          return Promise.reject(failure(503, null));
        case 'no-steps':
          return Promise.resolve({ ...storyProcess, CommandId: commandId, AllSteps: [] });
        case 'ok':
          return Promise.resolve({ ...storyProcess, CommandId: commandId });
      }
    },
    process: () => Promise.resolve(storyProcess),
    resetProcess: () => Promise.resolve(storyProcess),
    step: unsupported,
    run: (id, previous) =>
      options.runFails
        ? Promise.reject(
            new HttpStatusError({
              status: 409,
              method: 'POST',
              url: `/api/v1/user/system/user-processes/steps/${id}/action/run`,
              bodyText: '',
              body: { Message: 'The step is not the active step of its process.', Code: 'OUT_OF_ORDER' },
            }),
          )
        : Promise.resolve(
            // The pick lists and the report ask nothing on their first run: the runner shows their screen.
            previous === null && SCREEN_STEPS[id]
              ? storyResult({ StepId: id, StepName: SCREEN_STEPS[id] })
              : previous?.Confirmed && previous.ConfirmResult === false
                ? storyResult({ CancelProceed: true, ToastMessage: 'The order was not approved.' })
                : storyResult({ IsCompleted: true }),
          ),
    answerPrompt: done,
    pickListData: (id) => Promise.resolve(id === 74 ? storyCarriers : storyColours),
    completePickListMulti: done,
    completePickListSingle: done,
    completeReportDocument: () =>
      Promise.resolve(storyResult({ StepId: 75, UrlToOpen: 'about:blank', IsCompletion: true })),
    completeDetailPage: () =>
      options.detailPage === 'missing-data'
        ? Promise.reject(
            new HttpStatusError({
              status: 400,
              method: 'POST',
              url: '/api/v1/user/system/user-processes/steps/76/action/complete/detail-page',
              bodyText: '',
              body: { Message: 'The page is missing the required data: SupplierId.', Code: 'BAD_REQUEST' },
            }),
          )
        : done(),
    resetStep: () => Promise.resolve(storyResult()),
    resetStepChain: () => Promise.resolve(storyResult()),
  };
}

/** Runs a story's runner calls once when it mounts, so each story opens in a fixed state. */
function RunOnMount({ action }: { action?: (runner: ProcessRunner) => void }) {
  const runner = useProcessRunner();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !action) return;
    done.current = true;
    action(runner);
  }, [action, runner]);
  return null;
}

/** The providers a process screen needs, over the story API; navigation is shown, not followed. */
export function ProcessStoryFrame({
  children,
  action,
  api,
  isSupervisor = false,
}: {
  children?: ReactNode;
  action?: (runner: ProcessRunner) => void;
  api?: ProcessesApi;
  isSupervisor?: boolean;
}) {
  return (
    <ShellProvider>
      <ProcessRunnerProvider
        api={api ?? storyApi()}
        isSupervisor={isSupervisor}
        navigate={(url) => {
          const output = document.getElementById('story-navigation');
          if (output) output.textContent = `Would go to ${url}`;
        }}
      >
        <div style={{ fontFamily: 'sans-serif', display: 'grid', gap: 12 }}>
          {children}
          <output id="story-navigation" />
        </div>
        <RunOnMount action={action} />
      </ProcessRunnerProvider>
    </ShellProvider>
  );
}
