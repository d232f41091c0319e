import type { StepKind } from '@procedo/client-api';
import type { PublishLabels } from './publish-bar';

/** Texts of the process command designer (`@procedo/forms-react/designer`); override any through `labels`. */
export interface CommandDesignerLabels extends PublishLabels {
  title: (commandName: string) => string;
  steps: string;
  commandProperties: string;
  kinds: Record<StepKind, string>;
  addStep: string;
  newStepName: string;
  moveUp: string;
  moveDown: string;
  remove: string;
  moveHint: string;
  noSteps: string;
  properties: string;
  stepRow: (position: number, name: string, kind: string) => string;
  fields: {
    Name: string;
    NameKept: string;
    Description: string;
    OpenFlow: string;
    Start: string;
    AskName: string;
    name: string;
    kind: string;
    hint: string;
    url: string;
    urlHint: string;
    target: string;
    confirm: string;
    prompt: string;
    completionConfirm: string;
    completionPrompt: string;
    message: string;
    cancelToast: string;
    noProceedsTo: string;
    suggestion: string;
    variable: string;
    pickList: string;
    entity: string;
    limit: string;
    requiredData: string;
    subProcessCommand: string;
    reportTitle: string;
  };
  /** The switches that add an action step's optional questions. */
  toggles: { confirm: string; prompt: string; completionConfirm: string; completionPrompt: string };
  entities: { supplier: string; product: string; batch: string; deviation: string };
  targets: { _self: string; _blank: string };
  none: string;
  noProceed: string;
  stepAt: (position: number, name: string) => string;
}

export const COMMAND_DESIGNER_LABELS: CommandDesignerLabels = Object.freeze({
  title: (commandName: string) => `Design process command: ${commandName}`,
  steps: 'Steps',
  commandProperties: 'Command properties',
  kinds: {
    action: 'Action',
    form: 'Form',
    'detail-page': 'Detail page',
    'pick-list-single': 'Pick one',
    'pick-list-multi': 'Pick several',
    'report-document': 'Report document',
    'sub-process': 'Sub-process',
    'completion-confirm': 'Completion question',
    'completion-prompt': 'Completion answer',
  },
  addStep: 'Add step',
  newStepName: 'New step',
  moveUp: 'Move up',
  moveDown: 'Move down',
  remove: 'Remove',
  moveHint: 'Alt+Arrow Up or Down moves the selected step.',
  noSteps: 'The command has no steps yet.',
  properties: 'Properties',
  stepRow: (position: number, name: string, kind: string) => `${position}. ${name} (${kind})`,
  fields: {
    Name: 'Name',
    NameKept: 'A new version keeps the command’s name.',
    Description: 'Description',
    OpenFlow: 'Open the flow when a process is created',
    Start: 'Activate the first step when a process is created',
    AskName: 'Ask for the process name',
    name: 'Step name',
    kind: 'Kind',
    hint: 'Hint',
    url: 'URL',
    urlHint: '{StepId}, {ProcessId} and {var:Name|fallback} are filled in when the step runs.',
    target: 'Opens in',
    confirm: 'Confirmation before running',
    prompt: 'Answer before running',
    completionConfirm: 'Completion question',
    completionPrompt: 'Completion answer',
    message: 'Question',
    cancelToast: 'Message when the answer is no',
    noProceedsTo: 'A “no” proceeds to',
    suggestion: 'Suggested answer',
    variable: 'Keep the answer in variable',
    pickList: 'Pick list',
    entity: 'Rows from',
    limit: 'Rows offered at most',
    requiredData: 'Required data (comma-separated query parameters)',
    subProcessCommand: 'Starts process command',
    reportTitle: 'Report title',
  },
  toggles: {
    confirm: 'Ask to confirm before running',
    prompt: 'Ask for an answer before running',
    completionConfirm: 'Ask a question to complete',
    completionPrompt: 'Ask for an answer to complete',
  },
  entities: { supplier: 'Suppliers', product: 'Products', batch: 'Batches', deviation: 'Deviations' },
  targets: { _self: 'The same window', _blank: 'A new window' },
  none: '(none)',
  noProceed: 'Nowhere: “no” cancels the run',
  stepAt: (position: number, name: string) => `${position}. ${name}`,
  changeNote: 'Change note',
  changeNoteRequired: 'Say what changed and why (1 to 500 characters).',
  publish: 'Publish',
  publishing: 'Publishing…',
  published: (version: number | null) =>
    version === null
      ? 'Published. New processes use it; processes already created keep their steps.'
      : `Published as version ${version}. New processes use it; processes already created keep their steps.`,
  problemCount: (count: number) => (count === 1 ? '1 problem' : `${count} problems`),
  fixProblems: (count: number) =>
    `The draft has ${count === 1 ? '1 problem' : `${count} problems`}: see the marked steps. Nothing was published.`,
  serverProblems:
    'The server refused the draft: see the marked steps. Nothing was published; your draft is kept.',
  conflict: (version: number | null) =>
    `Another designer published version ${version ?? '?'} first. Nothing was published; your draft is kept. Reload the command to see their version.`,
  failed: (message: string) => `Publishing failed: ${message} Your draft is kept.`,
});
