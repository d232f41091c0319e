/** The bookmark toggle's texts; see {@link BOOKMARK_TOGGLE_LABELS}. */
export interface BookmarkToggleLabels {
  /** The button's accessible name; `aria-pressed` says whether the record is bookmarked. */
  name: string;
  /** Tooltips. */
  add: string;
  remove: string;
  /** A failure the server did not explain. */
  failed: string;
}

export const BOOKMARK_TOGGLE_LABELS: BookmarkToggleLabels = Object.freeze({
  name: 'Bookmark',
  add: 'Bookmark this record',
  remove: 'Remove the bookmark of this record',
  failed: 'The bookmark could not be changed.',
});
