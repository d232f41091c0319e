import { type FileRef, ValidationMessages, validateFileExtension } from '@procedo/client-api';
import { type ChangeEvent, useContext, useEffect, useId, useRef, useState } from 'react';
import { ShellContext } from '../hooks/shell-context';
import { useFormsTexts, useMessages } from '../i18n/texts';
import type { FieldLabels } from './labels';

/** Props of {@link FileField}. */
export interface FileFieldProps {
  /** The visible label. */
  label: string;
  /** The uploaded file, or `null`. */
  value: FileRef | null;
  /** Called with the uploaded file's reference, or `null` when the user removes it. */
  onChange(value: FileRef | null): void;
  /** Spec §5: the global supported extension list (with or without the dot, any case). */
  supportedExtensions: readonly string[];
  /** Uploads a chosen file and answers its reference. */
  upload(file: File): Promise<FileRef>;
  /** The largest file accepted, in bytes. @default no limit here (the server still checks) */
  maxBytes?: number;
  /** A locked field cannot choose or remove a file. @default false */
  isLocked?: boolean;
  /** @default false */
  isMandatory?: boolean;
  /** The error shown under the field (a server or validation error). */
  errorMessage?: string;
  /** Help text under the field. */
  description?: string;
  /** The input's `name`. */
  name?: string;
  /** Texts to override. @default FIELD_LABELS */
  labels?: Partial<FieldLabels>;
}

const formatSize = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1048576).toFixed(1)} MB`;

/**
 * A file upload field. Spec §5: a file whose extension (any case) is not in the supported list
 * shows the alert 'This type of file is not supported.' — through the page's `ShellProvider` when
 * there is one, else `window.alert` — and the input is cleared. A file over `maxBytes` shows an
 * error under the field; any other file is uploaded at once and shown by name with a remove button.
 */
export function FileField({
  label,
  value,
  onChange,
  supportedExtensions,
  upload,
  maxBytes,
  isLocked = false,
  isMandatory = false,
  errorMessage,
  description,
  name,
  labels: labelOverrides,
}: FileFieldProps) {
  const labels = { ...useFormsTexts().fields, ...labelOverrides };
  const messages = useMessages();
  const shell = useContext(ShellContext);
  const id = useId();
  const [isUploading, setIsUploading] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const error = localError ?? errorMessage ?? null;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [description ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  const accept = supportedExtensions
    .map((extension) => `.${extension.replace(/^\./, '').toLowerCase()}`)
    .join(',');

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setLocalError(null);
    if (validateFileExtension(file.name, supportedExtensions)) {
      input.value = '';
      if (shell) void shell.alert(messages.fileTypeNotSupported);
      else window.alert(messages.fileTypeNotSupported);
      return;
    }
    if (maxBytes !== undefined && file.size > maxBytes) {
      input.value = '';
      setLocalError(ValidationMessages.fileTooBig(maxBytes));
      return;
    }
    setIsUploading(true);
    upload(file).then(
      (ref) => {
        if (!mounted.current) return;
        input.value = '';
        setIsUploading(false);
        onChange(ref);
      },
      () => {
        if (!mounted.current) return;
        input.value = '';
        setIsUploading(false);
        setLocalError(labels.uploadFailed);
      },
    );
  };

  return (
    <div
      className="procedo-Field procedo-FileField"
      data-invalid={error ? true : undefined}
      data-locked={isLocked || undefined}
      data-required={isMandatory || undefined}
      data-uploading={isUploading || undefined}
    >
      <label className="procedo-Field-label" htmlFor={`${id}-input`}>
        {label}
        {isMandatory ? (
          <span className="procedo-Field-required" aria-hidden="true">
            {' *'}
          </span>
        ) : null}
      </label>
      <input
        id={`${id}-input`}
        className="procedo-Field-input"
        type="file"
        name={name}
        accept={accept || undefined}
        disabled={isLocked || isUploading}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={onFileChange}
      />
      {isUploading ? (
        <div className="procedo-FileField-status" role="status">
          {labels.uploading}
        </div>
      ) : null}
      {value ? (
        <div className="procedo-FileField-file">
          <span className="procedo-FileField-name">{value.FileName}</span>{' '}
          <span className="procedo-FileField-size">({formatSize(value.Size)})</span>
          {isLocked ? null : (
            <button
              type="button"
              className="procedo-FileField-remove"
              aria-label={labels.removeFile(value.FileName)}
              onClick={() => {
                setLocalError(null);
                onChange(null);
              }}
            >
              {labels.remove}
            </button>
          )}
        </div>
      ) : null}
      {description ? (
        <div className="procedo-Field-hint" id={hintId}>
          {description}
        </div>
      ) : null}
      {error ? (
        <div className="procedo-Field-error" id={errorId} role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
