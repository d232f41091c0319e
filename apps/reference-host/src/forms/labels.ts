/**
 * The reference host's own texts of the form page (spec messages come from `Messages`; the record
 * parts' texts are forms-react's `RECORD_LABELS`).
 */
export const FORM_PAGE_LABELS = Object.freeze({
  loading: 'Loading the form…',
  noForm: 'No form was given: open the form page with ?WebTemplateNo={form number}.',
  newRecord: 'New record',
  version: (version: number, by: string, at: string) => `Version ${version}, saved by ${by} at ${at} (UTC)`,
  deletedRecord: 'This record has been deleted.',
  timepointAccepted: (timepoint: string) =>
    `Timepoint ${timepoint} (UTC) was given: time travel is not available yet, so the current data is shown.`,
  // Leaving a dirty page.
  leaveTitle: 'Unsaved changes',
  leaveMessage: 'This form has changes that are not saved. Leave the page and lose them?',
  leave: 'Leave',
  stay: 'Stay',
  // Result list columns (control runtime property).
  columns: 'Columns',
  columnsSelector: 'Result columns',
  // Floating page commands.
  pageCommands: 'Page commands',
  // Previous/next through the parent page's result list.
  recordNavigation: 'Records of the result list',
  previousRecord: 'Previous record',
  nextRecord: 'Next record',
  recordPosition: (position: number, total: number) => `Record ${position} of ${total}`,
});
