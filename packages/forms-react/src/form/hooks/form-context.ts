import type { FieldValue, FieldValues, LeafElement } from '@procedo/client-api';
import { createContext, type ReactNode, useContext } from 'react';
import type { FieldRegistry } from '../registry';
import type { FormStore } from '../state/form-store';

/** A search form's result list element. */
export type ResultsElementOf = Extract<LeafElement, { Kind: 'results' }>;

/** A row of a search form's result list. */
export interface ResultRow {
  Id: number;
  Values: Readonly<Record<string, FieldValue>>;
}

/** What `onSearch` receives. */
export interface FormSearchEvent {
  /** Every visible field's value. */
  values: FieldValues;
}

/** What `onSave` receives. */
export interface FormSaveEvent {
  /** Every visible field's value. */
  values: FieldValues;
  /** Only the values changed since load (or the last save). */
  changedValues: FieldValues;
}

/** What `onTabSelect` receives. */
export interface TabSelectEvent {
  /** The `Name` of the selected tab. */
  tabName: string;
  /** The `Name` of its tab strip element. */
  tabsName: string;
}

/** What the renderer shares with the element components below it. */
export interface FormRendererContextValue {
  store: FormStore;
  registry: FieldRegistry;
  results?: readonly ResultRow[];
  /** Renders a result list element instead of the static table (a search grid). */
  renderResults?: (element: ResultsElementOf) => ReactNode;
  getRowHref: (input: { row: ResultRow; webTemplateNo: number }) => string;
  runSearch: () => void;
  runSave: () => void;
  runDelete: () => void;
  runReset: () => void;
  onTabSelect?: (event: TabSelectEvent) => Promise<unknown> | unknown;
}

export const FormRendererContext = createContext<FormRendererContextValue | null>(null);

/** The renderer context; element components only work inside `FormRenderer`. */
export function useFormRendererContext(): FormRendererContextValue {
  const context = useContext(FormRendererContext);
  if (!context) throw new Error('Form element components must be rendered inside FormRenderer');
  return context;
}
