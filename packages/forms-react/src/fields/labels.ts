/** The fixed texts of the picker, file field and form chrome; see {@link FIELD_LABELS}. */
export interface FieldLabels {
  /** Picker: a search is running. */
  searching: string;
  /** Picker: the search found nothing. */
  noMatches: string;
  /** Picker: the text is shorter than the minimum length. */
  typeMore: (minLength: number) => string;
  /** Picker: the server has more matches than it sent. */
  moreMatches: string;
  /** Picker: the search failed. */
  searchFailed: string;
  /** File field: an upload is running. */
  uploading: string;
  /** File field: the upload failed. */
  uploadFailed: string;
  /** File field: the remove button's name. */
  removeFile: (fileName: string) => string;
  /** Column selector and file field. */
  availableColumns: string;
  selectedColumns: string;
  add: string;
  remove: string;
  moveUp: string;
  moveDown: string;
  /** Side panel. */
  pin: string;
  hide: string;
  show: (title: string) => string;
  /** Help. */
  help: string;
  closeHelp: string;
}

/**
 * The fixed texts of the picker, file field and form chrome. Every component takes a partial
 * `labels` prop that overrides these, so hosts can translate them.
 */
export const FIELD_LABELS: Readonly<FieldLabels> = Object.freeze({
  searching: 'Searching…',
  noMatches: 'No matches',
  typeMore: (minLength: number) => `Type at least ${minLength} characters to search.`,
  moreMatches: 'More matches exist: type more to narrow the list.',
  searchFailed: 'The search failed. Try again.',
  uploading: 'Uploading…',
  uploadFailed: 'The file could not be uploaded.',
  removeFile: (fileName: string) => `Remove ${fileName}`,
  availableColumns: 'Available columns',
  selectedColumns: 'Selected columns',
  add: 'Add',
  remove: 'Remove',
  moveUp: 'Move up',
  moveDown: 'Move down',
  pin: 'Pin panel',
  hide: 'Hide panel',
  show: (title: string) => `Show ${title}`,
  help: 'Help',
  closeHelp: 'Close help',
});
