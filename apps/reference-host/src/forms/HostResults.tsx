import {
  ColumnListSelector,
  createControlPropertyStore,
  type ElementOf,
  type FieldComponentProps,
  ResultsField,
} from '@procedo/forms-react';
import { memo, useId, useMemo, useState } from 'react';
import { COLUMNS_PROPERTY, formatColumnChoice, readColumnChoice, shownColumns } from './column-choice';
import { FORM_PAGE_LABELS as L } from './labels';

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
  const [chosen, setChosen] = useState(() =>
    readColumnChoice(properties.get(webTemplateNo, element.Name, COLUMNS_PROPERTY), element.Columns),
  );
  const [isOpen, setIsOpen] = useState(false);
  const shown = useMemo(
    () => ({ ...element, Columns: shownColumns(element.Columns, chosen) }),
    [element, chosen],
  );
  if (store.isHidden(element.Name)) return null;

  const onChange = (next: string[]) => {
    setChosen(next);
    const text = formatColumnChoice(next, element.Columns);
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
        onClick={() => setIsOpen((open) => !open)}
      >
        {L.columns}
      </button>
      <div id={`${id}-columns`} hidden={!isOpen}>
        {/* Mounted when first opened: react-aria's list boxes cost more than the list itself. */}
        {isOpen ? (
          <ColumnListSelector
            available={element.Columns}
            selected={chosen}
            onChange={onChange}
            label={L.columnsSelector}
          />
        ) : null}
      </div>
      <ResultsField element={shown} store={store} />
    </div>
  );
});
