/**
 * `@procedo/forms-react/designer`: the form designer (issue 16) and its framework-free draft
 * model, a separate entry so that only the designer's pages load them.
 */

export type {
  DefinitionVersionsPanelProps,
  DefinitionVersionsSource,
} from './designer/DefinitionVersionsPanel';
export { DefinitionVersionsPanel } from './designer/DefinitionVersionsPanel';
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
export type { BreakingElement, PublishFailure, PublishRequest } from './designer/publish-errors';
export { readPublishFailure } from './designer/publish-errors';
export type { DefinitionVersionsLabels } from './designer/versions-labels';
export { DEFINITION_VERSIONS_LABELS } from './designer/versions-labels';
