export type { AjaxCounter, AjaxCounterOptions, AjaxCounterWindow } from './ajax-counter';
export { AJAX_COUNTER_KEY, createAjaxCounter, getWindowAjaxCounter } from './ajax-counter';
export type {
  CallbackClient,
  CallbackClientOptions,
  SendOptions,
  SendRawOptions,
  TranslationRequest,
  XmlOfIdOptions,
} from './callback/client';
export { createCallbackClient } from './callback/client';
export type {
  CallbackCommand,
  CallbackCommandType,
  KeepAliveCommand,
  SiteMapNode,
  SiteMapXmlCommand,
  TabSelectCommand,
  TemplateCacheRefreshCommand,
  ToggleBookmarkCommand,
  TranslationGetCommand,
  TranslationResult,
  TranslationSaveCommand,
  XmlOfComponentNameCommand,
  XmlOfIdCommand,
} from './callback/commands';
export {
  CALLBACK_COMMAND_TYPES,
  CALLBACK_MAX_BYTES,
  CallbackParamsSchema,
  CallbackStatus,
  KeepAliveCommandSchema,
  SiteMapXmlCommandSchema,
  TabSelectCommandSchema,
  TemplateCacheRefreshCommandSchema,
  ToggleBookmarkCommandSchema,
  TranslationGetCommandSchema,
  TranslationResultSchema,
  TranslationSaveCommandSchema,
  XmlOfComponentNameCommandSchema,
  XmlOfIdCommandSchema,
} from './callback/commands';
export type { GetDataOfIdOptions } from './callback/get-data-of-id';
export { getDataOfId } from './callback/get-data-of-id';
export type {
  CommandFieldValue,
  DecodedResponse,
  EncodableCommand,
  EscapeXmlOptions,
  ParseXmlOptions,
  SerializeXmlOptions,
  XmlElement,
  XmlElementInput,
  XmlNode,
  XmlNodeInput,
  XmlText,
} from './callback/xml';
export {
  decodeResponse,
  encodeCommand,
  escapeXml,
  hasDoctype,
  parseSiteMap,
  parseXml,
  serializeXml,
  textContent,
} from './callback/xml';
export { csvCell, csvLine, escapeFormula } from './csv/csv';
export type {
  ErrorHandler,
  ErrorHandlerOptions,
  ErrorHandlerUi,
  ErrorWindowOptions,
  HandleErrorOptions,
} from './error-handler';
export { createErrorHandler } from './error-handler';
export type {
  CallbackErrorOptions,
  HtmlResponseErrorOptions,
  HttpStatusErrorOptions,
  ProcedoApiErrorKind,
  ProcedoApiErrorOptions,
  ReadOnlyTimepointErrorOptions,
  ResponseShapeErrorOptions,
  ResponseShapeIssue,
} from './errors';
export {
  CallbackError,
  HtmlResponseError,
  HttpStatusError,
  isCallbackError,
  isHtmlResponseError,
  isHttpStatusError,
  isNetworkError,
  isNotLoggedOnError,
  isProcedoApiError,
  isReadOnlyTimepointError,
  isResponseShapeError,
  NetworkError,
  NotLoggedOnError,
  ProcedoApiError,
  ReadOnlyTimepointError,
  ResponseShapeError,
} from './errors';
export { auditedChanges, isLegalNameSignature } from './forms/audit';
export type { ElementAccess, PermissionEditorRow } from './forms/permissions';
export { effectivePermissions, permissionEditorRows } from './forms/permissions';
export type {
  RuleResult,
  ValidateOptions,
  ValidateValuesOptions,
  ValidationCodeValue,
  ValidationIssue,
  ValueElement,
} from './forms/validate';
export {
  BRACKETS_PATTERN,
  fileExtension,
  flattenElements,
  isEmptyValue,
  isIsoDate,
  isValueElement,
  PHONE_PATTERN,
  URL_PROTOCOLS,
  ValidationCode,
  ValidationMessages,
  validateBrackets,
  validateDate,
  validateElementValue,
  validateEmail,
  validateFileExtension,
  validateLength,
  validateMandatory,
  validateNumberRange,
  validateNumberStep,
  validatePhone,
  validateSelectOption,
  validateUrl,
  validateValues,
} from './forms/validate';
export { sameValue, valueChanged } from './forms/values';
export type { FetchLike } from './http';
export { BACKGROUND_HEADER, CSRF_COOKIE, CSRF_HEADER, isHtmlResponse, TIMEPOINT_HEADER } from './http';
export type { MessageKey } from './messages';
export { apiErrorText, HTTP_500_SUFFIX, http500Text, Messages } from './messages';
export type {
  SearchCondition,
  SearchFilter,
  SearchOperator,
  SearchParamProblem,
  SearchQueryParams,
  SearchSort,
} from './search/search-query';
export {
  conditionProblem,
  filterProblems,
  operatorsFor,
  readSearchParams,
  SearchConditionMessages,
  SearchConditionSchema,
  SearchFilterSchema,
  SearchOperatorSchema,
  SearchParamNames,
  writeSearchParams,
} from './search/search-query';
export type {
  CookieAttributes,
  CookieJar,
  ServerTimeoutCookie,
  ServerTimeoutCookieOptions,
} from './server-timeout';
export {
  createDocumentCookieJar,
  createServerTimeoutCookie,
  readCookie,
  SERVER_TIMEOUT_COOKIE,
  SERVER_TIMEOUT_MARGIN_MS,
} from './server-timeout';
export type { LocalTimepoint, LocalTimeResolution, TimepointInput } from './time/timepoint';
export {
  formatLocalTimepoint,
  formatTimepoint,
  localTimepointToUtc,
  localTimeZone,
  parseTimepoint,
  TIMEPOINT_PARAM,
  TimepointSchema,
  timepointText,
} from './time/timepoint';
export type { AuditApi, AuditSearchQuery } from './v1/audit';
export { createAuditApi } from './v1/audit';
export type { AuditSearchItem, AuditSearchPage } from './v1/audit-schemas';
export { AuditSearchItemSchema, AuditSearchPageSchema } from './v1/audit-schemas';
export type { Bookmark, BookmarkList, BookmarkState, BookmarksApi } from './v1/bookmarks';
export {
  BookmarkListSchema,
  BookmarkSchema,
  BookmarkStateSchema,
  createBookmarksApi,
} from './v1/bookmarks';
export type { V1Client } from './v1/client';
export { createV1Client } from './v1/client';
export { createV1Request, type V1ClientOptions } from './v1/create-request';
export type {
  BarWidget,
  Dashboard,
  DashboardBar,
  DashboardDefinition,
  DashboardList,
  DashboardWidget,
  DashboardWidgetDefinition,
  KpiWidget,
  LinePoint,
  LineWidget,
  MyStepsWidget,
  PieWidget,
} from './v1/dashboard-schemas';
export {
  BarWidgetDefinitionSchema,
  BarWidgetSchema,
  DashboardBarSchema,
  DashboardDefinitionSchema,
  DashboardListSchema,
  DashboardSchema,
  DashboardWidgetDefinitionSchema,
  DashboardWidgetSchema,
  KpiWidgetDefinitionSchema,
  KpiWidgetSchema,
  LINE_POINTS_MAX,
  LinePointSchema,
  LineWidgetDefinitionSchema,
  LineWidgetSchema,
  linePointEnd,
  linePointWhere,
  MyStepsWidgetDefinitionSchema,
  MyStepsWidgetSchema,
  PieWidgetDefinitionSchema,
  PieWidgetSchema,
} from './v1/dashboard-schemas';
export type { DashboardGetOptions, DashboardsApi } from './v1/dashboards';
export { createDashboardsApi } from './v1/dashboards';
export type {
  FiltersApi,
  SavedFilter,
  SavedFilterCreate,
  SavedFilterList,
  SavedFilterUpdate,
} from './v1/filters';
export {
  createFiltersApi,
  SavedFilterCreateSchema,
  SavedFilterListSchema,
  SavedFilterSchema,
  SavedFilterUpdateSchema,
} from './v1/filters';
export type {
  DatasourceColumn,
  DatasourceValueKind,
  FormDatasource,
  FormDatasourceApi,
} from './v1/form-datasource';
export {
  createFormDatasourceApi,
  DatasourceColumnSchema,
  DatasourceValueKindSchema,
  FormDatasourceSchema,
} from './v1/form-datasource';
export type {
  ElementPermission,
  FieldValue,
  FieldValues,
  FileRef,
  FormDefinition,
  FormElement,
  FormElementKind,
  FormResponse,
  LeafElement,
  PickerValue,
} from './v1/form-schemas';
export {
  BracketsElementSchema,
  ButtonElementSchema,
  CheckboxElementSchema,
  DateElementSchema,
  ElementPermissionSchema,
  FieldValueSchema,
  FieldValuesSchema,
  FileElementSchema,
  FileRefSchema,
  FORM_SCHEMA_VERSION,
  FormDefinitionSchema,
  FormElementSchema,
  FormResponseSchema,
  InfoElementSchema,
  LeafElementSchema,
  NumberElementSchema,
  PhoneElementSchema,
  PickerElementSchema,
  PickerSearchResultSchema,
  PickerValueSchema,
  ResultListElementSchema,
  SelectElementSchema,
  SelectOptionSchema,
  TabsElementSchema,
  TextAreaElementSchema,
  TextElementSchema,
} from './v1/form-schemas';
export type {
  FormSearchQuery,
  FormsApi,
  PickerSearchQuery,
  PickerSearchResult,
  RecordReadOptions,
} from './v1/forms';
export { createFormsApi, fileDownloadUrl } from './v1/forms';
export { IDEMPOTENCY_KEY_MAX, type IdempotencyOptions, idempotencyHeaders } from './v1/idempotency';
export type { Language, LanguageList, LanguagesApi } from './v1/languages';
export { createLanguagesApi, LanguageListSchema, LanguageSchema } from './v1/languages';
export type {
  ElementPermissionChange,
  ElementPermissionEntry,
  FormPermissions,
  PermissionChange,
  PermissionHistoryPage,
  PermissionOverview,
  PermissionOwner,
  PermissionOwners,
  PermissionOwnerType,
  PermissionRow,
  SavePermissionsRequest,
} from './v1/permission-schemas';
export {
  ElementPermissionChangeSchema,
  ElementPermissionEntrySchema,
  FormPermissionsSchema,
  PermissionChangeSchema,
  PermissionHistoryPageSchema,
  PermissionOverviewSchema,
  PermissionOwnerSchema,
  PermissionOwnersSchema,
  PermissionOwnerTypeSchema,
  PermissionRowSchema,
  SavePermissionsRequestSchema,
} from './v1/permission-schemas';
export type { PermissionHistoryQuery, PermissionsApi } from './v1/permissions';
export { createPermissionsApi } from './v1/permissions';
export type {
  CommandDefinition,
  ProcessCommandDefinition,
  StepDefinition,
} from './v1/process-command-schemas';
export {
  CommandDefinitionSchema,
  ConfirmDefinitionSchema,
  PickListDefinitionSchema,
  ProcessCommandDefinitionSchema,
  PromptDefinitionSchema,
  StepDefinitionSchema,
} from './v1/process-command-schemas';
export type {
  CreatableCommand,
  CreateProcessRequest,
  PickListData,
  PickListItem,
  Process,
  ProcessEvent,
  ProcessList,
  ProcessState,
  ProcessStep,
  ProcessSummary,
  ProcessVariable,
  StepKind,
  StepOpening,
  StepResult,
  StepRunRequest,
  StepState,
} from './v1/process-schemas';
export {
  CREATABLE_COMMAND_ORDER_COLUMNS,
  CreatableCommandListSchema,
  CreatableCommandSchema,
  CreateProcessRequestSchema,
  DetailPageCompleteRequestSchema,
  FlagSchema,
  PickListDataSchema,
  PickListItemSchema,
  PickListMultiRequestSchema,
  PickListSingleRequestSchema,
  PROCESS_ORDER_COLUMNS,
  ProcessEventSchema,
  ProcessListSchema,
  ProcessSchema,
  ProcessStateSchema,
  ProcessStepSchema,
  ProcessSummarySchema,
  ProcessVariableSchema,
  PromptActionRequestSchema,
  StepKindSchema,
  StepOpeningSchema,
  StepResultSchema,
  StepRunRequestSchema,
  StepStateSchema,
} from './v1/process-schemas';
export type {
  CreateProcessOptions,
  ProcessesApi,
  ProcessListQuery,
  ProcessReadOptions,
} from './v1/processes';
export { createProcessesApi, USER_PROCESSES_PATH } from './v1/processes';
export type {
  AuditChange,
  AuditEvent,
  AuditEventKind,
  AuditSignOff,
  AuditTrail,
  AuditVerification,
  ElementData,
  LastSignature,
  RecordVersion,
} from './v1/record-schemas';
export {
  AuditChangeSchema,
  AuditEventKindSchema,
  AuditEventSchema,
  AuditSignOffSchema,
  AuditTrailSchema,
  AuditVerificationSchema,
  ConflictBodySchema,
  CreateRecordRequestSchema,
  DeleteRecordRequestSchema,
  ElementDataSchema,
  LastSignatureSchema,
  RecordSchema,
  SearchPageSchema,
  SearchResultSchema,
  UpdateRecordRequestSchema,
} from './v1/record-schemas';
export type {
  AuditTrailQuery,
  CreateRecordRequest,
  DeleteRecordRequest,
  RecordGetOptions,
  RecordSearchPageQuery,
  RecordSearchQuery,
  RecordsApi,
  SearchPage,
  SearchResult,
  UpdateRecordRequest,
} from './v1/records';
export { createRecordsApi, isVersionConflictError, VersionConflictError } from './v1/records';
export type { V1Method, V1Request, V1RequestOptions } from './v1/request';
export type {
  ApiErrorBody,
  ApiIssue,
  Database,
  LogonRequest,
  PreferencesPatch,
  Role,
  SessionContext,
  SessionProfile,
  SwitchProfileRequest,
  UiMode,
  User,
  UserPreferences,
} from './v1/schemas';
export {
  ApiErrorBodySchema,
  ApiErrorCode,
  ApiIssueSchema,
  DatabaseListSchema,
  DatabaseSchema,
  LogonRequestSchema,
  PreferencesPatchSchema,
  RoleSchema,
  SessionContextSchema,
  SessionProfileSchema,
  SwitchProfileRequestSchema,
  UiModeSchema,
  UserPreferencesSchema,
  UserSchema,
} from './v1/schemas';
export type {
  SecurityEvent,
  SecurityEventKind,
  SecurityEventPage,
  SecurityEventQuery,
  SecurityEventsApi,
} from './v1/security-events';
export {
  createSecurityEventsApi,
  SecurityEventKindSchema,
  SecurityEventPageSchema,
  SecurityEventSchema,
} from './v1/security-events';
export type { SessionApi } from './v1/session';
export { createSessionApi, IgnoredBodySchema } from './v1/session';
export type {
  OwnAccount,
  UserAccount,
  UserAuditEvent,
  UserChoices,
  UserCreate,
  UserDetail,
  UserFieldName,
  UserFields,
  UserPatch,
  UsersPage,
} from './v1/user-schemas';
export {
  OwnAccountSchema,
  USER_FIELD_MAX,
  USER_FIELD_MESSAGES,
  USER_FIELD_NAMES,
  USER_PASSWORD_MIN,
  UserAccountSchema,
  UserAuditEventSchema,
  UserChoicesSchema,
  UserConflictBodySchema,
  UserCreateSchema,
  UserDetailSchema,
  UserFieldSchemas,
  UserPatchSchema,
  UsersPageSchema,
} from './v1/user-schemas';
export type { UsersApi, UsersListQuery } from './v1/users';
export { createUsersApi, isUserConflictError, UserConflictError } from './v1/users';
export { APPLICATION_VERSION, CLIENT_WEB_API_VERSION } from './versions';
