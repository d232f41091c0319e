import type { FileRef, PickerValue } from '@procedo/client-api';
import {
  type ControlledFieldProps,
  createControlledField,
  createFieldRegistry,
  defaultFieldRegistry,
  type FieldRegistry,
  FileField,
  type FormStore,
  PickerField,
} from '@procedo/forms-react';
import { createContext, useCallback, useContext } from 'react';
import { v1 } from '../api';
import { HostResults } from './HostResults';

/** What the host's picker and file fields read from the form page. */
export interface HostFieldContextValue {
  /** The page's form store (read when a picker searches, for the values of `DependsOn`). */
  store: FormStore;
  /** The global supported file extension list (`FormResponse.SupportedFileExtensions`). */
  supportedFileExtensions: readonly string[];
  /** The global upload limit (`FormResponse.MaxUploadBytes`). */
  maxUploadBytes: number;
}

/** Provided by the form page around its `FormRenderer`. */
export const HostFieldContext = createContext<HostFieldContextValue | null>(null);

function useHostFields(): HostFieldContextValue {
  const value = useContext(HostFieldContext);
  if (!value) throw new Error('Host fields render only inside the form page.');
  return value;
}

function HostPicker({
  element,
  label,
  value,
  onChange,
  isMandatory,
  isLocked,
  errorMessage,
}: ControlledFieldProps<PickerValue | null>) {
  const { store } = useHostFields();
  const picker = element.Kind === 'picker' ? element : null;
  const search = useCallback(
    (text: string, signal: AbortSignal) => {
      if (!picker) return Promise.resolve({ Items: [], HasMore: false });
      // The values of the elements it depends on filter the list (`dep.{Name}` = their Id).
      const deps = Object.fromEntries(
        (picker.DependsOn ?? []).map((name) => [name, store.getField(name).value]),
      );
      return v1.forms.pickerSearch(
        picker.Source,
        { text, deps, webTemplateNo: store.definition.WebTemplateNo, element: picker.Name },
        signal,
      );
    },
    [picker, store],
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

function HostFile({
  element,
  label,
  value,
  onChange,
  isMandatory,
  isLocked,
  errorMessage,
}: ControlledFieldProps<FileRef | null>) {
  const { supportedFileExtensions, maxUploadBytes } = useHostFields();
  const maxBytes = element.Kind === 'file' ? (element.MaxBytes ?? maxUploadBytes) : maxUploadBytes;
  return (
    <FileField
      label={label}
      name={element.Name}
      value={value ?? null}
      onChange={onChange}
      supportedExtensions={supportedFileExtensions}
      upload={(file) => v1.forms.upload(file)}
      maxBytes={maxBytes}
      isMandatory={isMandatory ?? false}
      isLocked={isLocked ?? false}
      errorMessage={errorMessage}
      description={element.Hint}
    />
  );
}

/**
 * The registry of the form page: the built-in kinds plus `picker` (searching `GET
 * pickers/{Source}` with the values of the elements it depends on; the server checks the picker
 * element, its permission and `MinLength`), `file` (uploading through `POST files`) — both need
 * a {@link HostFieldContext} above the renderer — and `results` (the result list with its column
 * chooser, see `HostResults`).
 */
export const hostFieldRegistry: FieldRegistry = createFieldRegistry({
  base: defaultFieldRegistry,
  components: {
    picker: createControlledField<PickerValue | null>(HostPicker),
    file: createControlledField<FileRef | null>(HostFile),
    results: HostResults,
  },
});
