/**
 * `@procedo/forms-react/designer`: the form designer (issue 16) and its framework-free draft
 * model, a separate entry so that only the designer's pages load them.
 */

export type {
  DatasourceDesignerLabels,
  DatasourceDesignerProps,
  DatasourcePublishRequest,
} from './designer/DatasourceDesigner';
export { DATASOURCE_DESIGNER_LABELS, DatasourceDesigner } from './designer/DatasourceDesigner';
export type { ColumnProblem, DatasourcePublishFailure, DraftColumn } from './designer/datasource-draft';
export {
  columnProblems,
  DATASOURCE_KINDS,
  moveColumn,
  readDatasourceFailure,
} from './designer/datasource-draft';
export type {
  DraftElement,
  DraftForm,
  DraftNode,
  DraftParent,
  DraftTab,
  FormDraft,
  LeafKind,
  PropertyPatch,
} from './designer/draft';
export {
  addElement,
  addTab,
  draftFromDefinition,
  draftToDefinition,
  ELEMENT_KINDS,
  removeElement,
  updateProperties,
} from './designer/draft';
export { dropMove, moveElement, moveStep } from './designer/draft-moves';
export type { DraftProblem } from './designer/draft-problems';
export {
  draftProblems,
  previewDefinition,
  problemsFromIssues,
} from './designer/draft-problems';
export type { FilterManagerLabels, FilterManagerProps } from './designer/FilterManager';
export { FILTER_MANAGER_LABELS, FilterManager } from './designer/FilterManager';
export type { FormDesignerProps } from './designer/FormDesigner';
export { FormDesigner } from './designer/FormDesigner';
export type { FormDesignerLabels } from './designer/labels';
export { FORM_DESIGNER_LABELS } from './designer/labels';
export type { BreakingElement, PublishFailure, PublishRequest } from './designer/publish-errors';
export { readPublishFailure } from './designer/publish-errors';
