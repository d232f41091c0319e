/**
 * `@procedo/forms-react/filter-editor`: the filter editor page's component, a separate entry so
 * that only the page that edits filters loads it. Opening the editor and receiving its result
 * (`openFilterEditor`, `useFilterEditorResult`, `readFilterEditorParams`, `postFilterEditorResult`)
 * stay in the main entry: a grid's page needs them without the editor.
 */
export type { FilterEditorDraft, FilterEditorProps } from './filter-editor/FilterEditor';
export { FilterEditor } from './filter-editor/FilterEditor';
export { FILTER_EDITOR_LABELS } from './filter-editor/labels';
