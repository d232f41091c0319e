import { type MessageKey, Messages } from '@procedo/client-api';
import { useCatalogue } from '@procedo/texts';
import { useMemo } from 'react';
import type { UsersAdminLabels } from '../admin/users-admin-labels';
import type { DashboardLabels } from '../dashboard/dashboard-labels';
import type { CommandDesignerLabels } from '../designer/command-labels';
import type { DatasourceDesignerLabels } from '../designer/DatasourceDesigner';
import type { DefinitionChangesLabels } from '../designer/definition-changes-labels';
import type { FilterManagerLabels } from '../designer/FilterManager';
import type { FormDesignerLabels } from '../designer/labels';
import type { NavigationDesignerLabels } from '../designer/navigation/navigation-labels';
import type { DefinitionVersionsLabels } from '../designer/versions-labels';
import type { DeveloperBarLabels } from '../developer/labels';
import type { FieldLabels } from '../fields/labels';
import { FIELD_LABELS } from '../fields/labels';
import type { FILTER_EDITOR_LABELS } from '../filter-editor/labels';
import type { ColumnFilterLabels } from '../grid/ColumnFilters';
import type { CountToggleLabels } from '../grid/CountToggle';
import type { DataGridLabels } from '../grid/DataGrid';
import type { SearchResultsGridLabels } from '../grid/SearchResultsGrid';
import type { PermissionsLabels } from '../permissions/labels';
import { AUDIT_TRAIL_LABELS, type AuditTrailLabels } from '../record/audit-trail-labels';
import { BOOKMARK_TOGGLE_LABELS, type BookmarkToggleLabels } from '../record/bookmark-labels';
import { RECORD_LABELS, type RecordLabels } from '../record/labels';
import { SHELL_LABELS } from '../state/labels';
import { TIME_TRAVEL_LABELS, type TimeTravelLabels } from '../time-travel/labels';
import { TRANSLATION_LABELS } from '../translation/labels';

/** A catalogue's type with its texts as `string` rather than the English literals. */
export type WidenTexts<T> = { readonly [K in keyof T]: T[K] extends string ? string : T[K] };

/** The shell's texts (dialogs, toasts, notifications, loading). */
export type ShellLabels = WidenTexts<typeof SHELL_LABELS>;
/** The filter editor's texts. */
export type FilterEditorLabels = WidenTexts<typeof FILTER_EDITOR_LABELS>;
/** Translation mode's texts: its Translate buttons and the translation prompt. */
export type TranslationLabels = WidenTexts<typeof TRANSLATION_LABELS>;

/**
 * Every text forms-react shows, by section. A host overrides any of them through
 * `<ProcedoTexts texts={{ forms: { … } }}>` (`@procedo/texts`); the German catalogue is
 * `@procedo/forms-react/locales/de`.
 */
export interface FormsTexts {
  shell: ShellLabels;
  fields: FieldLabels;
  record: RecordLabels;
  auditTrail: AuditTrailLabels;
  timeTravel: TimeTravelLabels;
  filterEditor: FilterEditorLabels;
  dashboard: DashboardLabels;
  /** The element permissions editor and its menu (`@procedo/forms-react/permissions`). */
  permissions: PermissionsLabels;
  /** The users administration, form 901 (`@procedo/forms-react/admin`). */
  usersAdmin: UsersAdminLabels;
  /** The form designer (`@procedo/forms-react/designer`). */
  formDesigner: FormDesignerLabels;
  /** The definitions' audit trail (`@procedo/forms-react/designer`). */
  definitionChanges: DefinitionChangesLabels;
  /** A designer's Versions panel (`@procedo/forms-react/designer`'s `DefinitionVersionsPanel`). */
  definitionVersions: DefinitionVersionsLabels;
  /** The process command designer (`@procedo/forms-react/designer`'s `CommandDesigner`). */
  commandDesigner: CommandDesignerLabels;
  /** The navigation designer (`@procedo/forms-react/designer`'s `NavigationDesigner`). */
  navigationDesigner: NavigationDesignerLabels;
  /** The datasource designer (`@procedo/forms-react/designer`'s `DatasourceDesigner`). */
  datasourceDesigner: DatasourceDesignerLabels;
  /** Designers' management of saved filters (`@procedo/forms-react/designer`'s `FilterManager`). */
  filterManager: FilterManagerLabels;
  bookmarkToggle: BookmarkToggleLabels;
  /** The developer bar and its Customise Context dialog (`@procedo/forms-react/developer`). */
  developerBar: DeveloperBarLabels;
  translation: TranslationLabels;
  dataGrid: DataGridLabels;
  columnFilters: ColumnFilterLabels;
  countToggle: CountToggleLabels;
  searchResults: SearchResultsGridLabels;
  /** The result list of a search form. */
  results: { noResults: string; yes: string; no: string };
  /** The form dialog's close button. */
  formDialog: { close: string };
  /** Texts of the form renderer's own parts. */
  form: {
    insertTimestamp: string;
    unsupportedKind: (kind: string) => string;
    /** The filter editor's per-filter buttons. */
    editFilter: string;
    deleteFilter: string;
  };
}

/** The §8 messages as components show them: client-api's {@link Messages}, overridable. */
export type MessageCatalogue = { readonly [K in MessageKey]: string };

declare module '@procedo/texts' {
  interface ProcedoTextCatalogues {
    forms: FormsTexts;
    messages: MessageCatalogue;
  }
}

/**
 * Sections whose English ships with their on-demand entry (`@procedo/forms-react/filter-editor`,
 * `/dashboard`, `/permissions`, `/admin`, `/developer`), so the main entry does not carry their
 * texts; read with {@link useOnDemandTexts}.
 */
export type OnDemandSection =
  | 'filterEditor'
  | 'dashboard'
  | 'permissions'
  | 'usersAdmin'
  | 'developerBar'
  | 'formDesigner'
  | 'definitionChanges'
  | 'definitionVersions'
  | 'commandDesigner'
  | 'navigationDesigner'
  | 'datasourceDesigner'
  | 'filterManager';

/**
 * The English {@link FormsTexts} of the main entry: the defaults every component falls back to
 * (the on-demand sections' English is `FILTER_EDITOR_LABELS`, `DASHBOARD_LABELS`,
 * `PERMISSIONS_LABELS`, `USERS_ADMIN_LABELS`, `DEVELOPER_BAR_LABELS`, `FORM_DESIGNER_LABELS`, `DEFINITION_CHANGES_LABELS`, `DEFINITION_VERSIONS_LABELS`, `COMMAND_DESIGNER_LABELS`, `NAVIGATION_DESIGNER_LABELS`, `DATASOURCE_DESIGNER_LABELS` and `FILTER_MANAGER_LABELS`).
 */
export const FORMS_TEXTS: Readonly<Omit<FormsTexts, OnDemandSection>> = Object.freeze({
  shell: SHELL_LABELS,
  fields: FIELD_LABELS,
  record: RECORD_LABELS,
  auditTrail: AUDIT_TRAIL_LABELS,
  timeTravel: TIME_TRAVEL_LABELS,
  bookmarkToggle: BOOKMARK_TOGGLE_LABELS,
  translation: TRANSLATION_LABELS,
  dataGrid: Object.freeze({
    loading: 'Loading…',
    empty: 'No results.',
    error: 'The rows could not be loaded.',
    retry: 'Retry',
    selectAll: 'Select all loaded rows',
  }),
  columnFilters: Object.freeze({
    group: 'Column filters',
    any: 'Any',
    yes: 'Yes',
    no: 'No',
    contains: (header: string) => `${header} contains`,
    equals: (header: string) => `${header} is`,
    from: (header: string) => `${header} from`,
    to: (header: string) => `${header} to`,
    datePlaceholder: 'yyyy-MM-dd',
  }),
  countToggle: Object.freeze({
    button: 'Count',
    on: Messages.countOn,
    off: Messages.countOff,
    rows: (count: string, n: number) => `${count} ${n === 1 ? 'row' : 'rows'}`,
    atLeast: (count: string) => `${count}+ rows`,
    moreThan: (count: string) => `more than ${count}`,
  }),
  searchResults: Object.freeze({
    asOf: 'Rows as they were at {timepoint} UTC.',
    exportCsv: 'Export to CSV',
    columns: 'Columns',
    savedFilters: (count: number) => (count > 0 ? `Saved filters (${count})` : 'Saved filters'),
  }),
  results: Object.freeze({ noResults: 'No results.', yes: 'Yes', no: 'No' }),
  formDialog: Object.freeze({ close: 'Close' }),
  form: Object.freeze({
    insertTimestamp: 'Insert timestamp',
    unsupportedKind: (kind: string) => `Unsupported field kind: ${kind}`,
    editFilter: 'Edit',
    deleteFilter: 'Delete',
  }),
});

/** forms-react's texts as the nearest `ProcedoTexts` gives them (English without one). */
export function useFormsTexts(): Omit<FormsTexts, OnDemandSection> {
  return useCatalogue('forms', FORMS_TEXTS as FormsTexts);
}

/** An on-demand section as the nearest `ProcedoTexts` gives it, over the English its entry ships. */
export function useOnDemandTexts<S extends OnDemandSection>(
  section: S,
  english: FormsTexts[S],
): FormsTexts[S] {
  const overrides = (useFormsTexts() as Partial<FormsTexts>)[section];
  return useMemo(() => (overrides ? { ...english, ...overrides } : english), [english, overrides]);
}

/** The §8 messages as the nearest `ProcedoTexts` gives them (client-api's English without one). */
export function useMessages(): MessageCatalogue {
  return useCatalogue('messages', Messages);
}

const keyOfEnglish = new Map<string, MessageKey>(
  Object.entries(Messages).map(([key, text]) => [text, key as MessageKey]),
);

/**
 * A text that may be one of client-api's English §8 messages (made where no React context
 * reaches: the error handler, the form opener) in the catalogue's language; any other text as it is.
 */
export function localizeMessage(text: string, messages: MessageCatalogue): string {
  const key = keyOfEnglish.get(text);
  return key === undefined ? text : messages[key];
}
