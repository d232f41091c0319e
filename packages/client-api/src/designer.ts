/**
 * `@procedo/client-api/designer`: the designers' resources of the v1 API (`createDesignerClient`:
 * `designer/forms…`, `designer/commands…`, `designer/navigation…`, `designer/datasources…`,
 * `designer/filters…`, `designer/changes`), their wire schemas and errors, and the rules the
 * designers and the server share (`definitionProblems`, `diffDefinitions`, `diffCommandSteps`,
 * `diffNavigation`, `navigationProblems`, `navigationLinkUrl`) with the navigation tree's schema. An
 * entry of its own, so that only the designers' pages load them; the main entry keeps what every
 * page needs.
 */

export { DefinitionIssueCode, definitionProblems } from './designer/check';
export type { CommandStepChange, CommandStepChangeKind } from './designer/command-diff';
export { diffCommandSteps } from './designer/command-diff';
export type { DefinitionChange, DefinitionChangeKind, ElementPlace } from './designer/diff';
export { diffDefinitions } from './designer/diff';
export type { NavigationChange, NavigationChangeKind, NavigationPath } from './designer/navigation';
export {
  diffNavigation,
  NavigationIssueCode,
  navigationLinkOf,
  navigationLinkUrl,
  navigationProblems,
  walkNavigation,
} from './designer/navigation';
export type {
  DesignerApi,
  DesignerForm,
  DesignerFormList,
  DesignerFormSummary,
  DesignerFormsApi,
  PublishedVersion,
  PublishFormRequest,
} from './v1/designer';
export {
  createDesignerApi,
  DesignerFormListSchema,
  DesignerFormSchema,
  DesignerFormSummarySchema,
  PublishedVersionSchema,
  PublishFormRequestSchema,
} from './v1/designer';
export type {
  DefinitionAuditEntry,
  DefinitionAuditPage,
  DefinitionAuditQuery,
  DefinitionKind,
} from './v1/designer-changes';
export {
  CHANGES_PAGE_DEFAULT,
  CHANGES_PAGE_MAX,
  DefinitionAuditEntrySchema,
  DefinitionAuditPageSchema,
  DefinitionKindSchema,
} from './v1/designer-changes';
export type { DesignerClient } from './v1/designer-client';
export { createDesignerClient } from './v1/designer-client';
export type {
  CommandDiff,
  DesignerCommand,
  DesignerCommandList,
  DesignerCommandSummary,
  DesignerCommandsApi,
  PublishCommandRequest,
  PublishedCommandVersion,
} from './v1/designer-commands';
export {
  CommandDiffSchema,
  DesignerCommandListSchema,
  DesignerCommandSchema,
  DesignerCommandSummarySchema,
  PublishCommandRequestSchema,
  PublishedCommandVersionSchema,
} from './v1/designer-commands';
export type {
  BrokenFilter,
  Datasource,
  DatasourceChange,
  DatasourceDiff,
  DatasourceList,
  DatasourceSummary,
  DatasourcesApi,
  DatasourceVersionList,
  PublishDatasourceRequest,
} from './v1/designer-datasources';
export {
  BrokenFilterSchema,
  createDatasourcesApi,
  DatasourceBreakingBodySchema,
  DatasourceBreakingError,
  DatasourceChangeSchema,
  DatasourceDiffSchema,
  DatasourceListSchema,
  DatasourceSchema,
  DatasourceSummarySchema,
  DatasourceVersionListSchema,
  isDatasourceBreakingError,
  MAX_DATASOURCE_COLUMNS,
  PublishDatasourceRequestSchema,
} from './v1/designer-datasources';
export type {
  FilterChange,
  FilterChangeList,
  FilterManagerApi,
  ManagedFilter,
  ManagedFilterChange,
  ManagedFilterList,
} from './v1/designer-filters';
export {
  createFilterManagerApi,
  FilterChangeListSchema,
  FilterChangeSchema,
  ManagedFilterChangeSchema,
  ManagedFilterListSchema,
  ManagedFilterSchema,
} from './v1/designer-filters';
export type {
  DesignerNavigation,
  DesignerNavigationApi,
  DesignerNavigationList,
  DesignerNavigationSummary,
  NavigationDiff,
  PublishedNavigationVersion,
  PublishNavigationRequest,
} from './v1/designer-navigation';
export {
  DesignerNavigationListSchema,
  DesignerNavigationSchema,
  DesignerNavigationSummarySchema,
  NavigationChangeSchema,
  NavigationDiffSchema,
  PublishedNavigationVersionSchema,
  PublishNavigationRequestSchema,
} from './v1/designer-navigation';
export type {
  BreakingChange,
  DefinitionDiff,
  DefinitionVersion,
  DefinitionVersionList,
  VersionedDefinitionsApi,
} from './v1/designer-versions';
export {
  BreakingChangeError,
  BreakingChangeErrorBodySchema,
  BreakingChangeSchema,
  DefinitionChangeSchema,
  DefinitionConflictBodySchema,
  DefinitionConflictError,
  DefinitionDiffSchema,
  DefinitionVersionListSchema,
  DefinitionVersionSchema,
  isBreakingChangeError,
  isDefinitionConflictError,
} from './v1/designer-versions';
export type {
  NavigationDefinition,
  NavigationLink,
  NavigationLinkKind,
  NavigationNode,
} from './v1/navigation-schemas';
export {
  NAVIGATION_LIMITS,
  NavigationDefinitionSchema,
  NavigationLinkSchema,
  NavigationNodeSchema,
  SAME_ORIGIN_PATH,
} from './v1/navigation-schemas';
