/**
 * `@procedo/forms-react/designer`: the designers of issue 16 — forms, process commands — with
 * their framework-free draft models, the Versions panel and the definitions' audit trail, a
 * separate entry so that only the designer's pages load them.
 */

export type { CommandDesignerProps, CommandPublishRequest } from './designer/CommandDesigner';
export { CommandDesigner } from './designer/CommandDesigner';
export type {
  CommandDraft,
  DraftCommand,
  DraftStep,
  DraftStepFields,
  StepPatch,
} from './designer/command-draft';
export {
  addCommandStep,
  commandDraftProblems,
  commandProblemsFromIssues,
  draftFromCommand,
  draftToCommand,
  moveCommandStep,
  removeCommandStep,
  STEP_KINDS,
  setProceedsTo,
  updateCommand,
  updateCommandStep,
} from './designer/command-draft';
export type { CommandDesignerLabels } from './designer/command-labels';
export { COMMAND_DESIGNER_LABELS } from './designer/command-labels';
export type {
  DatasourceDesignerLabels,
  DatasourceDesignerProps,
  DatasourcePublishRequest,
} from './designer/DatasourceDesigner';
export { DATASOURCE_DESIGNER_LABELS, DatasourceDesigner } from './designer/DatasourceDesigner';
export type { DefinitionChangesProps, DefinitionChangesQuery } from './designer/DefinitionChanges';
export { DefinitionChanges } from './designer/DefinitionChanges';
export type {
  DefinitionVersionsPanelProps,
  DefinitionVersionsSource,
} from './designer/DefinitionVersionsPanel';
export { DefinitionVersionsPanel } from './designer/DefinitionVersionsPanel';
export type { ColumnProblem, DatasourcePublishFailure, DraftColumn } from './designer/datasource-draft';
export {
  columnProblems,
  DATASOURCE_KINDS,
  moveColumn,
  readDatasourceFailure,
} from './designer/datasource-draft';
export type { DefinitionChangesLabels } from './designer/definition-changes-labels';
export { DEFINITION_CHANGES_LABELS } from './designer/definition-changes-labels';
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
export type {
  NavigationDesignerProps,
  NavigationPublishRequest,
  NavigationTarget,
} from './designer/navigation/NavigationDesigner';
export { NavigationDesigner } from './designer/navigation/NavigationDesigner';
export type {
  DraftNavNode,
  NavDraftProblem,
  NavigationDraft,
  NavMove,
  NavPatch,
  NavPlace,
} from './designer/navigation/navigation-draft';
export {
  addNavChild,
  addNavSibling,
  eachNavNode,
  findNavNode,
  moveNavNode,
  navigationDraftFrom,
  navigationDraftProblems,
  navigationDraftToDefinition,
  navProblemsFromIssues,
  removeNavNode,
  updateNavNode,
} from './designer/navigation/navigation-draft';
export type { NavigationDesignerLabels } from './designer/navigation/navigation-labels';
export { NAVIGATION_DESIGNER_LABELS } from './designer/navigation/navigation-labels';
export type { PublishLabels } from './designer/publish-bar';
export type { BreakingElement, PublishFailure, PublishRequest } from './designer/publish-errors';
export { readPublishFailure } from './designer/publish-errors';
export type { DefinitionVersionsLabels } from './designer/versions-labels';
export { DEFINITION_VERSIONS_LABELS } from './designer/versions-labels';
