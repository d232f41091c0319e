import type { FieldValue, PickerValue } from '@procedo/client-api';
import { useCallback } from 'react';
import { type ControlledFieldProps, createControlledField } from '../form/components/createControlledField';
import type { FieldComponent } from '../form/registry';
import type { ElementOf } from '../form/state/elements';
import { PickerField } from './PickerField';
import type { PickerSearchResult } from './usePickerSearch';

/** What a picker element's search is asked. */
export interface PickerElementSearch {
  /** The picker element (its `Source`, `Name`, `MinLength`). */
  element: ElementOf<'picker'>;
  /** The typed text. */
  text: string;
  /** The values of the elements it depends on (`DependsOn`), by name, as the form holds them now. */
  deps: Readonly<Record<string, FieldValue | undefined>>;
  /** The form the picker is on. */
  webTemplateNo: number;
  /** Aborted when a newer search replaces this one. */
  signal: AbortSignal;
}

/** Options of {@link createPickerElement}. */
export interface PickerElementOptions {
  /** Searches the picker's list (the v1 client: `forms.pickerSearch`, see the example). */
  search(input: PickerElementSearch): Promise<PickerSearchResult>;
}

/**
 * The `picker` element of a registry: a {@link PickerField} bound to its field of the form, which
 * searches with the values of the elements it depends on.
 *
 * @example
 * createPickerElement({
 *   search: ({ element, text, deps, webTemplateNo, signal }) =>
 *     v1.forms.pickerSearch(element.Source, { text, deps, webTemplateNo, element: element.Name }, signal),
 * })
 */
export function createPickerElement(options: PickerElementOptions): FieldComponent {
  return createControlledField<PickerValue | null, PickerElementOptions>(PickerElement, {
    search: options.search,
  });
}

function PickerElement({
  element,
  store,
  label,
  value,
  onChange,
  isMandatory,
  isLocked,
  errorMessage,
  search: searchList,
}: ControlledFieldProps<PickerValue | null> & PickerElementOptions) {
  const picker = element.Kind === 'picker' ? element : null;
  const search = useCallback(
    (text: string, signal: AbortSignal): Promise<PickerSearchResult> => {
      if (!picker) return Promise.resolve({ Items: [], HasMore: false });
      const deps = Object.fromEntries(
        (picker.DependsOn ?? []).map((name) => [name, store?.getField(name).value]),
      );
      return searchList({
        element: picker,
        text,
        deps,
        webTemplateNo: store?.definition.WebTemplateNo ?? 0,
        signal,
      });
    },
    [picker, store, searchList],
  );
  return (
    <PickerField
      label={label}
      name={element.Name}
      value={value ?? null}
      onChange={onChange}
      search={search}
      minLength={picker?.MinLength ?? 1}
      isMandatory={isMandatory ?? false}
      isLocked={isLocked ?? false}
      errorMessage={errorMessage}
      description={element.Hint}
    />
  );
}
