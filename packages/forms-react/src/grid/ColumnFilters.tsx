import {
  conditionProblem,
  type SearchCondition,
  type SearchFilter,
  type ValueElement,
} from '@procedo/client-api';
import { type CSSProperties, type KeyboardEvent, useId, useState } from 'react';
import { FORMS_TEXTS, useFormsTexts } from '../i18n/texts';

/** The column filters' texts; see {@link COLUMN_FILTER_LABELS}. */
export interface ColumnFilterLabels {
  group: string;
  any: string;
  yes: string;
  no: string;
  contains: (header: string) => string;
  equals: (header: string) => string;
  from: (header: string) => string;
  to: (header: string) => string;
  datePlaceholder: string;
}

export const COLUMN_FILTER_LABELS: ColumnFilterLabels = FORMS_TEXTS.columnFilters;

/** A column as the filters row sees it: its field, header, width, and the element whose kind picks the control. */
export interface ColumnFilterColumn {
  key: string;
  header: string;
  width?: string;
  element?: ValueElement;
}

/** Props of {@link ColumnFilters}. */
export interface ColumnFiltersProps {
  columns: readonly ColumnFilterColumn[];
  /** The filter in effect (the grid store's `filters`). */
  filter: SearchFilter | null;
  /** A control was committed with a valid value: the new filter, `null` when no column filters. */
  onFilterChange: (event: { filter: SearchFilter | null }) => void;
  /** Space before the first column (the grid's selection column). */
  leadingWidth?: string;
  labels?: Partial<ColumnFilterLabels>;
}

/** What one control holds: the typed text, and the upper end of a from–to range. */
interface Draft {
  value: string;
  value2: string;
}

type FilterKind = 'text' | 'select' | 'range' | 'checkbox';

function filterKind(element: ValueElement | undefined): FilterKind | null {
  switch (element?.Kind) {
    case 'text':
    case 'textarea':
    case 'phone':
    case 'brackets':
      return 'text';
    case 'select':
      return 'select';
    case 'number':
    case 'date':
      return 'range';
    case 'checkbox':
      return 'checkbox';
    default:
      return null;
  }
}

/** The condition a draft asks for, or `null` when the control is empty (no condition). */
export function columnCondition(column: ColumnFilterColumn, draft: Draft): SearchCondition | null {
  const Field = column.key;
  const value = draft.value.trim();
  const value2 = draft.value2.trim();
  switch (filterKind(column.element)) {
    case 'text':
      return value ? { Field, Op: 'contains', Value: value } : null;
    case 'select':
    case 'checkbox':
      return value ? { Field, Op: 'equals', Value: value } : null;
    case 'range':
      if (value && value2) return { Field, Op: 'between', Value: value, Value2: value2 };
      if (value) return { Field, Op: 'ge', Value: value };
      if (value2) return { Field, Op: 'le', Value: value2 };
      return null;
    default:
      return null;
  }
}

/** The draft that shows a condition of the filter in effect (an address restored, say). */
function draftOf(condition: SearchCondition | undefined): Draft {
  if (!condition) return { value: '', value2: '' };
  if (condition.Op === 'le') return { value: '', value2: condition.Value ?? '' };
  return { value: condition.Value ?? '', value2: condition.Value2 ?? '' };
}

const cellStyle = (width: string | undefined): CSSProperties =>
  width ? { flex: `0 0 ${width}`, width } : { flex: '1 1 0', minWidth: 0 };

/**
 * One filter control per column, by the column's element kind: text contains, a select equals
 * ("Any" for none), a number or date from–to (dates yyyy-MM-dd), a checkbox any/yes/no. The
 * conditions are and-ed into one {@link SearchFilter}. A value the search would reject shows the
 * shared check's message on its control and is not applied; the typed text stays for fixing.
 * Text and range controls apply on Enter or when they lose focus; selects apply on change.
 */
export function ColumnFilters(props: ColumnFiltersProps) {
  const { columns, filter, onFilterChange, leadingWidth } = props;
  const L = { ...useFormsTexts().columnFilters, ...props.labels };
  const idPrefix = useId();
  const [drafts, setDrafts] = useState<Record<string, Draft>>(() =>
    Object.fromEntries(
      columns.map((column) => [column.key, draftOf(filter?.Conditions.find((c) => c.Field === column.key))]),
    ),
  );
  const [problems, setProblems] = useState<Record<string, string>>({});
  const elements = new Map(
    columns.flatMap((column) => (column.element ? [[column.key, column.element] as const] : [])),
  );

  const commit = (column: ColumnFilterColumn, draft: Draft) => {
    const condition = columnCondition(column, draft);
    const problem = condition ? conditionProblem(condition, elements) : null;
    setProblems(({ [column.key]: _, ...rest }) => (problem ? { ...rest, [column.key]: problem } : rest));
    if (problem) return;
    const others = (filter?.Conditions ?? []).filter((c) => c.Field !== column.key);
    const conditions = condition ? [...others, condition] : others;
    const next: SearchFilter | null =
      conditions.length > 0 ? { Combine: 'and', Conditions: conditions } : null;
    if (JSON.stringify(next) !== JSON.stringify(filter)) onFilterChange({ filter: next });
  };

  const draftFor = (key: string) => drafts[key] ?? { value: '', value2: '' };
  const edit = (column: ColumnFilterColumn, patch: Partial<Draft>, apply = false) => {
    const draft = { ...draftFor(column.key), ...patch };
    setDrafts((all) => ({ ...all, [column.key]: draft }));
    if (apply) commit(column, draft);
  };
  const onEnter = (column: ColumnFilterColumn) => (event: KeyboardEvent) => {
    if (event.key === 'Enter') commit(column, draftFor(column.key));
  };

  return (
    <fieldset
      aria-label={L.group}
      className="procedo-ColumnFilters"
      style={{ display: 'flex', border: 0, margin: 0, padding: 0, minWidth: 0 }}
    >
      {leadingWidth && <div style={cellStyle(leadingWidth)} />}
      {columns.map((column) => {
        const kind = filterKind(column.element);
        const draft = draftFor(column.key);
        const problem = problems[column.key];
        const errorId = `${idPrefix}-${column.key}-error`;
        const invalid = {
          'aria-invalid': problem ? true : undefined,
          'aria-describedby': problem ? errorId : undefined,
        };
        const text = (part: keyof Draft, label: string, placeholder?: string) => (
          <input
            type="text"
            aria-label={label}
            placeholder={placeholder}
            inputMode={column.element?.Kind === 'number' ? 'decimal' : undefined}
            value={draft[part]}
            {...invalid}
            onChange={(event) => edit(column, { [part]: event.target.value })}
            onBlur={() => commit(column, draftFor(column.key))}
            onKeyDown={onEnter(column)}
          />
        );
        const choice = (label: string, options: readonly { Value: string; Label: string }[]) => (
          <select
            aria-label={label}
            value={draft.value}
            {...invalid}
            onChange={(event) => edit(column, { value: event.target.value }, true)}
          >
            <option value="">{L.any}</option>
            {options.map((option) => (
              <option key={option.Value} value={option.Value}>
                {option.Label}
              </option>
            ))}
          </select>
        );
        const date = column.element?.Kind === 'date' ? L.datePlaceholder : undefined;
        return (
          <div
            key={column.key}
            className="procedo-ColumnFilters-cell"
            data-invalid={problem ? true : undefined}
            style={cellStyle(column.width)}
          >
            {kind === 'text' && text('value', L.contains(column.header))}
            {kind === 'select' &&
              column.element?.Kind === 'select' &&
              choice(L.equals(column.header), column.element.Options)}
            {kind === 'checkbox' &&
              choice(L.equals(column.header), [
                { Value: 'true', Label: L.yes },
                { Value: 'false', Label: L.no },
              ])}
            {kind === 'range' && (
              <>
                {text('value', L.from(column.header), date)}
                {text('value2', L.to(column.header), date)}
              </>
            )}
            {problem && (
              <span id={errorId} className="procedo-ColumnFilters-problem">
                {problem}
              </span>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
