/** The reference host's own texts of the form page (spec messages come from `Messages`). */
export const FORM_PAGE_LABELS = Object.freeze({
  saved: 'Saved',
  deleted: 'Deleted',
  loading: 'Loading the form…',
  noForm: 'No form was given: open the form page with ?WebTemplateNo={form number}.',
  newRecord: 'New record',
  version: (version: number, by: string, at: string) => `Version ${version}, saved by ${by} at ${at} (UTC)`,
  deletedRecord: 'This record has been deleted.',
  timepointAccepted: (timepoint: string) =>
    `Timepoint ${timepoint} (UTC) was given: time travel is not available yet, so the current data is shown.`,
  confirmDelete: 'Delete this record?',
  // Audit dialog (spec §2: legal-name signature and reason; buttons Sign and Cancel Edit).
  auditTitle: 'Sign the change',
  auditSignature: 'Signature (your legal name)',
  auditReason: 'Reason for the change',
  auditSign: 'Sign',
  auditCancelEdit: 'Cancel Edit',
  auditFields: (labels: string[]) => `Signed fields: ${labels.join(', ')}`,
  auditSignatureMismatch: 'Type your legal name exactly as it is recorded.',
  auditReasonRequired: 'Give a reason for the change.',
  // Conflict panel (409).
  conflictTitle: 'This record was changed by someone else',
  conflictIntro: (by: string, at: string) =>
    `${by} saved version at ${at} (UTC) while you were editing. Your changes are still on screen; compare them with the saved values.`,
  conflictField: 'Field',
  conflictMine: 'Yours (on screen)',
  conflictCurrent: 'Saved now',
  useCurrent: 'Use current',
  keepMine: 'Keep mine',
  changedByYou: 'changed by you',
  changedElsewhere: 'changed by them',
  // Leaving a dirty page.
  leaveTitle: 'Unsaved changes',
  leaveMessage: 'This form has changes that are not saved. Leave the page and lose them?',
  leave: 'Leave',
  stay: 'Stay',
  // Result list columns (control runtime property).
  columns: 'Columns',
  columnsSelector: 'Result columns',
  // Side panel: version history.
  historyTitle: 'Version history',
  historyEmpty: 'No saved versions yet.',
  historyVersion: (version: number) => `Version ${version}`,
  historyCurrent: 'current',
  historyDeleted: 'deleted',
  historyWhoWhen: (by: string, at: string) => `By ${by} at ${at} (UTC)`,
  historyLoading: 'Reading…',
  historyFailed: 'This version could not be read.',
  historyOlder: (count: number) => `${count} older versions are not listed.`,
  // Floating page commands.
  pageCommands: 'Page commands',
  // Previous/next through the parent page's result list.
  recordNavigation: 'Records of the result list',
  previousRecord: 'Previous record',
  nextRecord: 'Next record',
  recordPosition: (position: number, total: number) => `Record ${position} of ${total}`,
});
