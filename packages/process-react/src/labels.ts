/** The fixed texts of the process screens (the §8 messages come from `Messages` of client-api). */
export const PROCESS_LABELS = Object.freeze({
  yes: 'Yes',
  no: 'No',
  ok: 'OK',
  cancel: 'Cancel',
  close: 'Close',
  tryAgain: 'Try again',
  runFailedTitle: 'The step could not run',
  submit: 'Submit',
  loading: 'Loading…',
  pickListSingleHint: 'Choose one item.',
  pickListMultiHint: 'Choose one or more items.',
  chooseItem: 'Choose an item',
  chooseItems: 'Choose at least one item',
  produceDocument: 'Produce the document',
  producing: 'Producing the document…',
  openDocument: 'Open the document',
  continue: 'Continue',
  reportReady: 'The document is ready.',
  reportIntro: "Produce the document of the process's data, then open it.",
  completeStep: 'Complete the step',
  completing: 'Completing…',
  detailPageRegion: 'Process step',
  run: 'Run',
  resetStep: 'Reset step',
  resetChain: 'Reset chain',
  resetProcess: 'Reset process',
  steps: 'Steps',
  step: 'Step',
  kind: 'Kind',
  state: 'State',
  completed: 'Completed',
  actions: 'Actions',
  currentStep: 'current step',
  breadcrumbs: 'Process breadcrumbs',
  command: 'Process command',
  commandPlaceholder: 'Choose a command',
  openFlow: 'Open in the flow page',
  start: 'Start the first step',
  create: 'Create',
  creating: 'Creating…',
  noCommands: 'There are no commands to create a process from.',
  /** Why the controls that change a process are off while a timepoint is viewed. */
  readOnlyTimepoint: (timepoint: string) =>
    `This is the process as it was at ${timepoint} (UTC): steps cannot be run or reset, and no process can be created.`,
});

/** Readable names of the step kinds. */
export const STEP_KIND_LABELS = Object.freeze({
  action: 'Action',
  form: 'Form',
  'pick-list-single': 'Pick list (one)',
  'pick-list-multi': 'Pick list (several)',
  'report-document': 'Report document',
  'detail-page': 'Detail page',
  'sub-process': 'Sub-process',
  'completion-confirm': 'Completion confirm',
  'completion-prompt': 'Completion prompt',
} as const);

/** Readable names of the step states. */
export const STEP_STATE_LABELS = Object.freeze({
  waiting: 'Waiting',
  active: 'Active',
  completed: 'Completed',
  skipped: 'Skipped',
} as const);
