export {
  type ProcedoTextOverrides,
  ProcedoTexts,
  type ProcedoTextsProps,
  useTextsLocale,
} from '@procedo/texts';
export type { I18nProviderProps } from 'react-aria-components';
/**
 * Sets the locale, and with it the reading direction (right-to-left for Arabic, Hebrew…), of the
 * Procedo components below it; re-exported from react-aria-components so hosts need no direct
 * dependency on it.
 */
export { I18nProvider } from 'react-aria-components';
export type { SanitizeHtmlOptions } from './browser/sanitize-html';
export { isSanitizerLoaded, loadSanitizer, sanitizeHtml } from './browser/sanitize-html';
export type { AlertDialogProps } from './components/AlertDialog';
export { AlertDialog } from './components/AlertDialog';
export type { HtmlAlertDialogProps } from './components/HtmlAlertDialog';
export { HtmlAlertDialog } from './components/HtmlAlertDialog';
export type { InfoMessageBoxProps } from './components/InfoMessageBox';
export { InfoMessageBox } from './components/InfoMessageBox';
export type { LoadingPanelProps } from './components/LoadingPanel';
export { LoadingPanel } from './components/LoadingPanel';
export type { NotificationItem, NotificationListProps } from './components/NotificationList';
export { NotificationList } from './components/NotificationList';
export type { PromptDialogProps } from './components/PromptDialog';
export { PromptDialog } from './components/PromptDialog';
export type { ShellDialogProps } from './components/ShellDialog';
export { ShellDialog } from './components/ShellDialog';
export type { ShellProviderProps } from './components/ShellProvider';
export { ShellProvider } from './components/ShellProvider';
export type { ControlPropertyStore, ControlPropertyStoreOptions } from './fields/control-properties';
export {
  CONTROL_PROPERTY_COOKIE_PREFIX,
  CONTROL_PROPERTY_MAX_AGE_SECONDS,
  controlPropertyCookieName,
  createControlPropertyStore,
} from './fields/control-properties';
export type { FileFieldProps } from './fields/FileField';
export { FileField } from './fields/FileField';
export type { FileElementOptions } from './fields/file-element';
export { createFileElement } from './fields/file-element';
export type { HelpFrameProps, HelpIconProps } from './fields/HelpIcon';
export { HELP_WINDOW_FEATURES, HELP_WINDOW_NAME, HelpFrame, HelpIcon, helpTopicUrl } from './fields/HelpIcon';
export type { FieldLabels } from './fields/labels';
export { FIELD_LABELS } from './fields/labels';
export type { PickerFieldProps } from './fields/PickerField';
export { PickerField } from './fields/PickerField';
export type { PickerElementOptions, PickerElementSearch } from './fields/picker-element';
export { createPickerElement } from './fields/picker-element';
export type { PanelStorage, SidePanelProps } from './fields/SidePanel';
export { panelHiddenStorageKey, SidePanel, UNPINNED_PANEL_WIDTH } from './fields/SidePanel';
export type { PickerSearch, PickerSearchResult, PickerSearchStatus } from './fields/usePickerSearch';
export { PICKER_SEARCH_DELAY_MS } from './fields/usePickerSearch';
export type { FilterEditorMessage, FilterEditorParams } from './filter-editor/open-filter-editor';
export {
  FILTER_EDITOR_MESSAGE,
  FILTER_EDITOR_PATH,
  filterEditorUrl,
  isFilterEditorMessage,
  openFilterEditor,
  postFilterEditorResult,
  readFilterEditorParams,
  useFilterEditorResult,
} from './filter-editor/open-filter-editor';
export { ButtonField } from './form/components/ButtonField';
export { CheckboxField } from './form/components/CheckboxField';
export type { ControlledFieldProps } from './form/components/createControlledField';
export { createControlledField } from './form/components/createControlledField';
export { DateField } from './form/components/DateField';
export type { FormRendererProps } from './form/components/FormRenderer';
export { FormRenderer } from './form/components/FormRenderer';
export { InfoField } from './form/components/InfoField';
export { NumberField } from './form/components/NumberField';
export { formatCellValue, ResultsField, ResultsLabels } from './form/components/ResultsField';
export { SelectField } from './form/components/SelectField';
export { TabsField } from './form/components/TabsField';
export { INSERT_TIMESTAMP_LABEL, TextAreaField } from './form/components/TextAreaField';
export { TextInputField } from './form/components/TextInputField';
export type { UnknownFieldProps } from './form/components/UnknownField';
export { UnknownField } from './form/components/UnknownField';
export { defaultFieldRegistry } from './form/default-registry';
export type { FormSaveEvent, FormSearchEvent, ResultRow, TabSelectEvent } from './form/hooks/form-context';
export { useDirtyGuard } from './form/hooks/useDirtyGuard';
export { useField } from './form/hooks/useField';
export { useFormSnapshot } from './form/hooks/useFormSnapshot';
export type {
  FieldComponent,
  FieldComponentProps,
  FieldRegistry,
  FieldRegistryOptions,
} from './form/registry';
export { createFieldRegistry } from './form/registry';
export type { ElementOf } from './form/state/elements';
export type { FormAction, FormController } from './form/state/form-controller';
export { createFormController } from './form/state/form-controller';
export type {
  FieldSnapshot,
  FormSnapshot,
  FormStore,
  FormStoreOptions,
  FormTimers,
  ServerIssue,
} from './form/state/form-store';
export { createFormStore, DIRTY_CLEAR_DELAY_MS, sameValue } from './form/state/form-store';
export type { KeyInfo } from './form/state/input-rules';
export {
  filterBracketText,
  filterPhoneText,
  formatTimestamp,
  isBracketKeyAllowed,
  isPhoneKeyAllowed,
} from './form/state/input-rules';
export type { ArrayRowSourceOptions } from './grid/array-source';
export { createArrayRowSource } from './grid/array-source';
export type { ColumnFilterColumn, ColumnFilterLabels, ColumnFiltersProps } from './grid/ColumnFilters';
export { COLUMN_FILTER_LABELS, ColumnFilters, columnCondition } from './grid/ColumnFilters';
export type { CountToggleLabels, CountToggleProps } from './grid/CountToggle';
export { COUNT_TOGGLE_LABELS, CountToggle } from './grid/CountToggle';
export type { CountPreference, CountPreferenceStorage } from './grid/count-preference';
export { countPreference, countPreferenceKey } from './grid/count-preference';
export type { CursorPage, CursorPageRequest } from './grid/cursor-source';
export { CURSOR_STEP_LIMIT, createCursorRowSource } from './grid/cursor-source';
export type { DataGridColumn, DataGridLabels, DataGridProps } from './grid/DataGrid';
export { DATA_GRID_LABELS, DataGrid, useGridStore } from './grid/DataGrid';
export type { GridCell, GridFocusBounds, GridKey } from './grid/grid-focus';
export { moveFocus as moveGridFocus } from './grid/grid-focus';
export type {
  GridFilters,
  GridPage,
  GridPageRequest,
  GridRowSource,
  GridSelectAction,
  GridSelectionMode,
  GridSnapshot,
  GridSort,
  GridStore,
  GridStoreOptions,
} from './grid/grid-state';
export { createGridStore } from './grid/grid-state';
export type {
  ResultsColumn,
  ResultsElement,
  SearchResultsGridLabels,
  SearchResultsGridProps,
  SearchRow,
} from './grid/SearchResultsGrid';
export { SEARCH_RESULTS_GRID_LABELS, SearchResultsGrid } from './grid/SearchResultsGrid';
export type { Shell } from './hooks/shell-context';
export { useSanitizer } from './hooks/useSanitizer';
export { useShell } from './hooks/useShell';
export {
  type FilterEditorLabels,
  FORMS_TEXTS,
  type FormsTexts,
  localizeMessage,
  type MessageCatalogue,
  type OnDemandSection,
  type ShellLabels,
  type TranslationLabels,
  useFormsTexts,
  useMessages,
  useOnDemandTexts,
} from './i18n/texts';
export type { ChildSubmit, ChildSubmitListenerOptions } from './opening/child-submit';
export { CHILD_SUBMITS_SOURCE, listenForChildSubmits, notifyChildSubmit } from './opening/child-submit';
export type { FormDialogProps } from './opening/FormDialog';
export { CLOSE_DIALOG_MESSAGE, FORM_DIALOG_LABELS, FormDialog } from './opening/FormDialog';
export type { FormOpenerProviderProps } from './opening/FormOpenerProvider';
export { FormOpenerProvider } from './opening/FormOpenerProvider';
export type {
  FormOpener,
  FormOpenerOptions,
  NavigableWindow,
  OpenerWindow,
  OpenOutcome,
  PopupWindow,
} from './opening/form-opener';
export {
  clearAndClosePopup,
  createFormOpener,
  installPopupCleanup,
  readOpenEnvironment,
} from './opening/form-opener';
export type {
  DialogTarget,
  FrameTarget,
  OpenEnvironment,
  OpenRequest,
  OpenSize,
  OpenSizeKeyword,
  OpenSizePixels,
  OpenTarget,
  PopupFeatures,
  PopupTarget,
  TabTarget,
  WindowTarget,
} from './opening/open-target';
export {
  DEFAULT_POPUP_SIZE,
  DIALOG_WINDOW_INSET,
  FILTER_EDITOR_POPUP_SIZE,
  formatPopupFeatures,
  isSafeOpenUrl,
  MIN_OPEN_SIZE,
  POPUP_MARGIN,
  parseOpenSize,
  processStepOpenRequest,
  resolveOpenRequest,
} from './opening/open-target';
export {
  SHOWS_PAGE_COMMANDS_PROPERTY,
  setShowsPageCommands,
  shouldShowFloatingCommands,
} from './opening/page-commands';
export type { LinkedWindow } from './opening/parent-data-source';
export {
  DATA_SOURCES_PROPERTY,
  findParentDataSource,
  isParentDataSourceError,
  ParentDataSourceError,
  registerDataSource,
} from './opening/parent-data-source';
export type { PostbackWindow, SilentPostbackOptions, SilentPostbackResult } from './opening/silent-postback';
export { readSilentPostback, SILENT_POSTBACK_PARAM, silentPostback } from './opening/silent-postback';
export { useFormOpener } from './opening/useFormOpener';
export {
  PERMISSIONS_COOKIE,
  readPermissionsMode,
  setPermissionsMode,
  usePermissionsMode,
} from './permissions/permissions-mode';
export type { AuditDialogProps } from './record/AuditDialog';
export { AuditDialog } from './record/AuditDialog';
export type {
  AuditEventsTableProps,
  AuditVerificationMarkProps,
  SignatureManifestationViewProps,
} from './record/AuditEventsTable';
export {
  AuditEventsTable,
  AuditVerificationMark,
  SignatureManifestationView,
} from './record/AuditEventsTable';
export type { AuditTrailApi, AuditTrailPanelProps, AuditTrailTarget } from './record/AuditTrailPanel';
export { AuditTrailPanel, useAuditTrail } from './record/AuditTrailPanel';
export type { AuditTrailPrintProps, LastSignatureProps } from './record/AuditTrailPrint';
export { AuditTrailPrint, LastSignature } from './record/AuditTrailPrint';
export type { AuditTrailFilter, SignatureManifestation } from './record/audit-trail';
export {
  AUDIT_CSV_HEADER,
  auditCsv,
  auditCsvFileName,
  auditCsvRows,
  auditFieldNames,
  auditUsers,
  auditValueText,
  csvCell,
  escapeFormula,
  filterAuditEvents,
  lastSignedEvent,
  loadAllAuditEvents,
  localZoneText,
  signatureManifestation,
  toCsv,
  utcZoneText,
  verificationText,
} from './record/audit-trail';
export type { AuditTrailLabels } from './record/audit-trail-labels';
export { AUDIT_TRAIL_LABELS } from './record/audit-trail-labels';
export type { BookmarkToggleLabels, BookmarkToggleProps } from './record/BookmarkToggle';
export { BOOKMARK_TOGGLE_LABELS, BookmarkToggle } from './record/BookmarkToggle';
export type { ConflictPanelProps } from './record/ConflictPanel';
export { ConflictPanel } from './record/ConflictPanel';
export type { ConflictRow } from './record/conflict-rows';
export { conflictRows, currentValuesFor } from './record/conflict-rows';
export { copyRecordValues } from './record/copy-values';
export type { RecordLabels } from './record/labels';
export { RECORD_LABELS } from './record/labels';
export type {
  AuditRequest,
  RecordConflict,
  RecordSearchOutcome,
  RecordSession,
  RecordSessionApi,
  RecordSessionOptions,
  RecordSessionSnapshot,
  RecordWriteOutcome,
  SignatureRefusal,
  SignatureRefusalCode,
} from './record/record-session';
export { createRecordSession } from './record/record-session';
export type { SearchPageScope } from './record/search-conditions';
export { criteriaConditions, searchPageFetcher, withCriteria } from './record/search-conditions';
export { searchFilters } from './record/search-filters';
export type { RecordSessionView, UseRecordSessionOptions } from './record/useRecordSession';
export { useRecordSession } from './record/useRecordSession';
export { utcText } from './record/utc-text';
export type { VersionHistoryProps } from './record/VersionHistory';
export { VERSION_HISTORY_LIMIT, VersionHistory } from './record/VersionHistory';
export type { NotificationType, ToastType } from './state/durations';
export { INFO_BOX_COLLAPSED_HEIGHT, NOTIFICATION_DURATIONS, TOAST_DURATIONS } from './state/durations';
export { parseHideDelay } from './state/hide-delay';
export type { DeferTimers } from './state/page-timeouts';
export {
  CHILD_SUBMIT_TIMEOUT_MS,
  deferCall,
  TOOLTIP_DELAY_MS,
  TOP_MENU_BAR_DELAY_MS,
} from './state/page-timeouts';
export type { ShellDialogOptions } from './state/shell-store';
export type { TimeTravelLabels } from './time-travel/labels';
export { TIME_TRAVEL_LABELS } from './time-travel/labels';
export type { TimeTravelBannerProps } from './time-travel/TimeTravelBanner';
export { TimeTravelBanner } from './time-travel/TimeTravelBanner';
export type { TimeTravelChangeEvent, TimeTravelToggleProps } from './time-travel/TimeTravelToggle';
export { TimeTravelToggle } from './time-travel/TimeTravelToggle';
export type {
  TimepointDescription,
  TimepointEntry,
  TimeTravelQuery,
  TimeTravelState,
} from './time-travel/time-travel';
export {
  describeTimepoint,
  readTimepointEntry,
  readTimeTravelQuery,
  TIME_TRAVEL_PARAMS,
  travelTo,
  writeTimeTravelQuery,
} from './time-travel/time-travel';
export type { HelpTooltipParts } from './tooltip/HelpTooltip';
export { loadHelpTooltip, useHelpTooltip } from './tooltip/HelpTooltip';
export { TRANSLATION_LABELS } from './translation/labels';
export type {
  TranslateButtonProps,
  TranslateGroupProps,
  TranslationContextValue,
} from './translation/TranslateButton';
export { TranslateButton, TranslateGroup, TranslationContext } from './translation/TranslateButton';
export {
  readTranslationMode,
  setTranslationMode,
  TRANSLATION_COOKIE,
  useTranslationMode,
} from './translation/translation-mode';
export type { TranslationTarget } from './translation/translation-target';
export {
  columnTarget,
  FormTextProperty,
  formTitleTarget,
  labelTarget,
  navigationTarget,
  TranslationEntity,
} from './translation/translation-target';
