import {
  createControlPropertyStore,
  type ElementOf,
  type FieldComponentProps,
  ResultsField,
} from '@procedo/forms-react';
import type { ColumnListSelectorProps } from '@procedo/forms-react/column-list';
import { memo, useEffect, useId, useMemo, useState } from 'react';
import { v1 } from '../api';
import { lazyComponent, useLoaded } from '../lazy-component';
import { DelayedStatus } from '../routes/route-loading';
import { COLUMNS_PROPERTY, formatColumnChoice, readColumnChoice, shownColumns } from './column-choice';
import { FORM_PAGE_LABELS as L } from './labels';

/** forms-react's column-list selector, an entry of its own: loaded when the column choice opens. */
const ColumnListSelector = lazyComponent<'ColumnListSelector', ColumnListSelectorProps>(
  () => import('@procedo/forms-react/column-list'),
  'ColumnListSelector',
);

function ColumnChoice(props: ColumnListSelectorProps) {
  const isLoaded = useLoaded(ColumnListSelector);
  return isLoaded ? <ColumnListSelector {...props} /> : <DelayedStatus>{L.loadingColumns}</DelayedStatus>;
}

/** Starts loading the selector's code when the user is about to open it; a failure shows on opening. */
const preloadColumnChoice = () => {
  ColumnListSelector.preload().catch(() => undefined);
};

/**
 * The host's result list: the package's `ResultsField` showing the columns the user chose, and a
 * **Columns** button opening the `ColumnListSelector`. The choice is the control runtime property
 * `Columns` of the results element, kept in a cookie (web template, control name, property), so it
 * survives a reload.
 */
export const HostResults = memo(function HostResults({
  element,
  store,
}: FieldComponentProps<ElementOf<'results'>>) {
  const id = useId();
  const [properties] = useState(() => createControlPropertyStore());
  const webTemplateNo = store.definition.WebTemplateNo;
  const [stored, setStored] = useState(() => properties.get(webTemplateNo, element.Name, COLUMNS_PROPERTY));
  const [isOpen, setIsOpen] = useState(false);
  // The entity's datasource (issue 16) offers more columns than the form's own.
  const [offered, setOffered] = useState<ElementOf<'results'>['Columns']>([]);
  useEffect(() => {
    let isCurrent = true;
    v1.datasources
      .ofForm(webTemplateNo)
      .then(({ Columns }) => {
        if (!isCurrent) return;
        const own = new Set(element.Columns.map((column) => column.Name));
        setOffered(
          Columns.filter((column) => !own.has(column.Name)).map(
            ({ Kind: _kind, Element: _element, ...column }) => column,
          ),
        );
      })
      // Without a datasource the form's own columns are all there is.
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [webTemplateNo, element.Columns]);
  const all = useMemo(() => [...element.Columns, ...offered], [element.Columns, offered]);
  const chosen = useMemo(
    () => readColumnChoice(stored, all, element.Columns),
    [stored, all, element.Columns],
  );
  const shown = useMemo(() => ({ ...element, Columns: shownColumns(all, chosen) }), [element, all, chosen]);
  if (store.isHidden(element.Name)) return null;

  const onChange = (next: string[]) => {
    const text = formatColumnChoice(next, element.Columns);
    setStored(text);
    if (text === null) properties.remove(webTemplateNo, element.Name, COLUMNS_PROPERTY);
    else properties.set(webTemplateNo, element.Name, COLUMNS_PROPERTY, text);
  };

  return (
    <div className="procedo-HostResults">
      <button
        type="button"
        className="procedo-Button procedo-HostResults-columns"
        aria-expanded={isOpen}
        aria-controls={`${id}-columns`}
        onPointerEnter={preloadColumnChoice}
        onFocus={preloadColumnChoice}
        onClick={() => setIsOpen((open) => !open)}
      >
        {L.columns}
      </button>
      <div id={`${id}-columns`} hidden={!isOpen}>
        {/* Loaded and mounted when first opened: react-aria's list boxes cost more than the list itself. */}
        {isOpen ? (
          <ColumnChoice available={all} selected={chosen} onChange={onChange} label={L.columnsSelector} />
        ) : null}
      </div>
      <ResultsField element={shown} store={store} />
    </div>
  );
});
