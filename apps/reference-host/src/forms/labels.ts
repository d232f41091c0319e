/**
 * The reference host's own texts of the form page (spec messages come from `Messages`; the record
 * parts' texts are forms-react's `RECORD_LABELS`).
 */
export const FORM_PAGE_LABELS = Object.freeze({
  loading: 'Loading the form…',
  loadingResults: 'Loading the results…',
  noForm: 'No form was given: open the form page with ?WebTemplateNo={form number}.',
  newRecord: 'New record',
  /** The silent postback of the values on screen into a new record in a popup. */
  copyToNewRecord: 'Copy to a new record',
  version: (version: number, by: string, at: string) => `Version ${version}, saved by ${by} at ${at} (UTC)`,
  deletedRecord: 'This record has been deleted.',
  malformedTimepoint: (text: string) =>
    `The address asks for the data at Timepoint '${text}', which is not a time (yyyy-MM-dd HH:mm in UTC, or ISO 8601 with Z): no data is shown. Type a time above, or show the current data.`,
  showCurrentData: 'Show the current data',
  gridParamProblem: (param: string, message: string) =>
    `The address's '${param}' could not be read: ${message} The list is not shown until it is fixed or removed.`,
  notFoundAtTimepoint: (timepoint: string) =>
    `This record did not exist yet at ${timepoint} (UTC): it was created later.`,
  stepCompletionReadOnly: 'Completing the step is off while a timepoint is viewed.',
  // Leaving a dirty page.
  leaveTitle: 'Unsaved changes',
  leaveMessage: 'This form has changes that are not saved. Leave the page and lose them?',
  leave: 'Leave',
  stay: 'Stay',
  // Result list columns (control runtime property).
  columns: 'Columns',
  columnsSelector: 'Result columns',
  loadingColumns: 'Loading the column choice…',
  // Floating page commands.
  pageCommands: 'Page commands',
  // Previous/next through the parent page's result list.
  recordNavigation: 'Records of the result list',
  previousRecord: 'Previous record',
  nextRecord: 'Next record',
  recordPosition: (position: number, total: number) => `Record ${position} of ${total}`,
});
