import type { FileRef } from '@procedo/client-api';
import { type ControlledFieldProps, createControlledField } from '../form/components/createControlledField';
import type { FieldComponent } from '../form/registry';
import { FileField } from './FileField';

/** Options of {@link createFileElement}. */
export interface FileElementOptions {
  /** Uploads a chosen file (the v1 client: `forms.upload`). */
  upload(file: File): Promise<FileRef>;
  /** Spec §5: the global supported extension list (`FormResponse.SupportedFileExtensions`). */
  supportedExtensions: readonly string[];
  /** The global upload limit in bytes (`FormResponse.MaxUploadBytes`); an element's `MaxBytes` wins. */
  maxBytes: number;
}

/**
 * The `file` element of a registry: a {@link FileField} bound to its field of the form.
 *
 * @example
 * createFileElement({
 *   upload: (file) => v1.forms.upload(file),
 *   supportedExtensions: form.SupportedFileExtensions,
 *   maxBytes: form.MaxUploadBytes,
 * })
 */
export function createFileElement(options: FileElementOptions): FieldComponent {
  return createControlledField<FileRef | null, { file: FileElementOptions }>(FileElement, { file: options });
}

function FileElement({
  element,
  label,
  value,
  onChange,
  isMandatory,
  isLocked,
  errorMessage,
  file,
}: ControlledFieldProps<FileRef | null> & { file: FileElementOptions }) {
  const maxBytes = element.Kind === 'file' ? (element.MaxBytes ?? file.maxBytes) : file.maxBytes;
  return (
    <FileField
      label={label}
      name={element.Name}
      value={value ?? null}
      onChange={onChange}
      supportedExtensions={file.supportedExtensions}
      upload={file.upload}
      maxBytes={maxBytes}
      isMandatory={isMandatory ?? false}
      isLocked={isLocked ?? false}
      errorMessage={errorMessage}
      description={element.Hint}
    />
  );
}
