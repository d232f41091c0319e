import type { FormElementKind } from '@procedo/client-api';

/** Texts of the form designer (`@procedo/forms-react/designer`); override any through `labels`. */
export interface FormDesignerLabels {
  title: (formTitle: string) => string;
  tree: string;
  form: string;
  formProperties: string;
  drag: (name: string) => string;
  tab: string;
  kinds: Record<FormElementKind, string>;
  addElement: string;
  addTab: string;
  moveUp: string;
  moveDown: string;
  remove: string;
  moveHint: string;
  properties: string;
  noSelection: string;
  preview: string;
  previewPartial: string;
  previewStale: string;
  previewEmpty: string;
  problemCount: (count: number) => string;
  fields: {
    Name: string;
    Label: string;
    Hint: string;
    Kind: string;
    IsMandatory: string;
    IsReadOnly: string;
    IsAudit: string;
    MaxLength: string;
    MinLength: string;
    Format: string;
    Rows: string;
    AllowTimestamp: string;
    Min: string;
    Max: string;
    Step: string;
    Options: string;
    OptionValue: string;
    OptionLabel: string;
    Source: string;
    PickerMinLength: string;
    DependsOn: string;
    MaxBytes: string;
    Text: string;
    IsCollapsed: string;
    Action: string;
    IsDefault: string;
    Columns: string;
    ColumnName: string;
    Caption: string;
    Description: string;
    DataTextColumn: string;
    DataFormId: string;
    WorkflowId: string;
    OpenWebTemplateNo: string;
    PageSize: string;
    Title: string;
    FormName: string;
    HelpTopic: string;
  };
  none: string;
  addOption: string;
  removeOption: (label: string) => string;
  addColumn: string;
  removeColumn: (name: string) => string;
  missingElement: (name: string) => string;
  changeNote: string;
  changeNoteRequired: string;
  publish: string;
  publishing: string;
  published: (version: number | null) => string;
  fixProblems: (count: number) => string;
  serverProblems: string;
  conflict: (version: number | null) => string;
  breakingTitle: string;
  breakingIntro: string;
  breakingReason: (reason: string) => string;
  confirmBreaking: string;
  cancel: string;
  failed: (message: string) => string;
}

export const FORM_DESIGNER_LABELS: FormDesignerLabels = Object.freeze({
  title: (formTitle: string) => `Design form: ${formTitle}`,
  tree: 'Form elements',
  form: 'Form',
  formProperties: 'Form properties',
  drag: (name: string) => `Drag ${name}`,
  tab: 'Tab',
  kinds: {
    text: 'Text',
    textarea: 'Text area',
    number: 'Number',
    date: 'Date',
    select: 'Choice list',
    checkbox: 'Checkbox',
    picker: 'Picker',
    phone: 'Phone',
    brackets: 'Brackets',
    file: 'File',
    info: 'Info box',
    button: 'Button',
    results: 'Result list',
    tabs: 'Tab strip',
  },
  addElement: 'Add element',
  addTab: 'Add tab',
  moveUp: 'Move up',
  moveDown: 'Move down',
  remove: 'Remove',
  moveHint: 'Alt+Arrow Up or Down moves the selected element.',
  properties: 'Properties',
  noSelection: 'Select an element to edit its properties.',
  preview: 'Preview',
  previewPartial: 'The draft has problems: the preview leaves out the elements that have them.',
  previewStale: 'The draft has problems: the preview shows its last valid state.',
  previewEmpty: 'The draft has problems: fix them to see a preview.',
  problemCount: (count: number) => (count === 1 ? '1 problem' : `${count} problems`),
  fields: {
    Name: 'Name',
    Label: 'Label',
    Hint: 'Hint',
    Kind: 'Kind',
    IsMandatory: 'Mandatory',
    IsReadOnly: 'Read-only',
    IsAudit: 'Audited (signed changes)',
    MaxLength: 'Maximum length',
    MinLength: 'Minimum length',
    Format: 'Format',
    Rows: 'Rows',
    AllowTimestamp: 'Offer the timestamp',
    Min: 'Minimum',
    Max: 'Maximum',
    Step: 'Step',
    Options: 'Options',
    OptionValue: 'Value',
    OptionLabel: 'Label',
    Source: 'Picker source',
    PickerMinLength: 'Minimum search length',
    DependsOn: 'Depends on',
    MaxBytes: 'Maximum size (bytes)',
    Text: 'Text',
    IsCollapsed: 'Collapsed',
    Action: 'Action',
    IsDefault: 'Default button',
    Columns: 'Result columns',
    ColumnName: 'Field',
    Caption: 'Caption',
    Description: 'Description',
    DataTextColumn: 'Text column',
    DataFormId: 'Opens form',
    WorkflowId: 'Starts process command',
    OpenWebTemplateNo: 'Records open in form',
    PageSize: 'Rows per page',
    Title: 'Title',
    FormName: 'Name',
    HelpTopic: 'Help topic',
  },
  none: '(none)',
  addOption: 'Add option',
  removeOption: (label: string) => `Remove option ${label}`,
  addColumn: 'Add column',
  removeColumn: (name: string) => `Remove column ${name}`,
  missingElement: (name: string) => `${name} (no such element)`,
  changeNote: 'Change note',
  changeNoteRequired: 'Say what changed and why (1 to 500 characters).',
  publish: 'Publish',
  publishing: 'Publishing…',
  published: (version: number | null) =>
    version === null ? 'Published.' : `Published as version ${version}.`,
  fixProblems: (count: number) =>
    `The draft has ${count === 1 ? '1 problem' : `${count} problems`}: see the marked elements. Nothing was published.`,
  serverProblems:
    'The server refused the draft: see the marked elements. Nothing was published; your draft is kept.',
  conflict: (version: number | null) =>
    `Another designer published version ${version ?? '?'} first. Nothing was published; your draft is kept. Reload the form to see their version.`,
  breakingTitle: 'This change affects stored records',
  breakingIntro:
    'Publishing changes these elements of records already stored. Their stored values are kept, and older versions still show them.',
  breakingReason: (reason: string) =>
    reason === 'removed-with-values'
      ? 'removed, and records hold values for it'
      : reason === 'kind-changed'
        ? 'its kind changed'
        : reason,
  confirmBreaking: 'Publish anyway',
  cancel: 'Cancel',
  failed: (message: string) => `Publishing failed: ${message} Your draft is kept.`,
});
