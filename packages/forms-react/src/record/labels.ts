/** The fixed texts of the record parts (conflict panel, audit dialog, version history); see {@link RECORD_LABELS}. */
export interface RecordLabels {
  /** Toasts after a write. */
  saved: string;
  deleted: string;
  /** The question before a delete. */
  confirmDelete: string;
  /** A search failed for a reason the server did not explain (without an error handler). */
  searchFailed: string;
  /** A write refused without sending because a past timepoint is viewed. */
  readOnlyTimepoint: (timepoint: string) => string;
  /** Audit dialog (spec §2: legal-name signature and reason; buttons Sign and Cancel Edit). */
  auditTitle: string;
  auditSignature: string;
  auditReason: string;
  auditSign: string;
  auditCancelEdit: string;
  auditFields: (labels: string[]) => string;
  auditSignatureMismatch: string;
  auditReasonRequired: string;
  /** The password field, shown when the server asks for it (the session's first signing). */
  auditPassword: string;
  auditPasswordRequired: string;
  auditPasswordRejected: string;
  /** After three failed attempts (the server's SIGNING_BLOCKED). */
  auditBlocked: string;
  /** Conflict panel (409); the title is also the message of a stale delete. */
  conflictTitle: string;
  conflictIntro: (by: string, at: string) => string;
  conflictField: string;
  conflictMine: string;
  conflictCurrent: string;
  useCurrent: string;
  keepMine: string;
  changedByYou: string;
  changedElsewhere: string;
  /** Version history. */
  historyTitle: string;
  historyEmpty: string;
  historyVersion: (version: number) => string;
  historyCurrent: string;
  historyDeleted: string;
  historyWhoWhen: (by: string, at: string) => string;
  historyLoading: string;
  historyFailed: string;
  historyOlder: (count: number) => string;
}

/** The default (English) {@link RecordLabels}; each part takes `labels` to override some. */
export const RECORD_LABELS: Readonly<RecordLabels> = Object.freeze({
  saved: 'Saved',
  deleted: 'Deleted',
  confirmDelete: 'Delete this record?',
  searchFailed: 'The search failed. Please try again.',
  readOnlyTimepoint: (timepoint: string) =>
    `This is the data as it was at ${timepoint} (UTC): nothing can be changed here.`,
  auditTitle: 'Sign the change',
  auditSignature: 'Signature (your legal name)',
  auditReason: 'Reason for the change',
  auditSign: 'Sign',
  auditCancelEdit: 'Cancel Edit',
  auditFields: (labels: string[]) => `Signed fields: ${labels.join(', ')}`,
  auditSignatureMismatch: 'Type your legal name exactly as it is recorded.',
  auditReasonRequired: 'Give a reason for the change.',
  auditPassword: 'Password',
  auditPasswordRequired: 'Enter your password.',
  auditPasswordRejected: 'The password is incorrect.',
  auditBlocked:
    'Signing is blocked for this session after three failed attempts. Your edits stay on the form; Cancel Edit reloads the page.',
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
  historyTitle: 'Version history',
  historyEmpty: 'No saved versions yet.',
  historyVersion: (version: number) => `Version ${version}`,
  historyCurrent: 'current',
  historyDeleted: 'deleted',
  historyWhoWhen: (by: string, at: string) => `By ${by} at ${at} (UTC)`,
  historyLoading: 'Reading…',
  historyFailed: 'This version could not be read.',
  historyOlder: (count: number) => `${count} older versions are not listed.`,
});
