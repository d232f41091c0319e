import type { ValueElement } from '@procedo/client-api';
import type { ClipboardEvent, DragEvent, KeyboardEvent, ReactElement, ReactNode } from 'react';
import { useId } from 'react';
import { TranslateButton } from '../../translation/TranslateButton';
import type { FieldSnapshot, FormStore } from '../state/form-store';
import { isEditingKey } from '../state/input-rules';

/** Ids that tie a native control to its label, hint and error. */
export interface FieldIds {
  input: string;
  hint: string;
  error: string;
}

/** Makes the ids of one field's parts. */
export function useFieldIds(): FieldIds {
  const id = useId();
  return { input: `${id}-input`, hint: `${id}-hint`, error: `${id}-error` };
}

/** The ARIA and native attributes every simple field control carries. */
export function controlAria(element: ValueElement, field: FieldSnapshot, ids: FieldIds) {
  const describedBy = element.Hint
    ? field.error
      ? `${ids.hint} ${ids.error}`
      : ids.hint
    : field.error
      ? ids.error
      : undefined;
  return {
    id: ids.input,
    name: element.Name,
    'aria-describedby': describedBy,
    'aria-invalid': field.error ? true : undefined,
    'aria-required': element.IsMandatory ? true : undefined,
  } as const;
}

/**
 * Spec §5: native validity is checked on blur for formatted inputs (email, url, number, date).
 * The browser's own message wins; without one, the shared rules give the message.
 */
export function checkOnBlur(input: HTMLInputElement, store: FormStore, name: string): void {
  if (!input.checkValidity() && input.validationMessage) {
    store.setFieldError(name, input.validationMessage);
    return;
  }
  store.validateField(name);
}

const block = (event: { preventDefault(): void }) => event.preventDefault();

/**
 * Spec §5: locked edit fields block typing, paste and cut. `readOnly` already stops the browser
 * editing; these handlers also stop the events reaching scripts that would.
 */
export function lockedHandlers(isLocked: boolean) {
  if (!isLocked) return {};
  return {
    readOnly: true,
    'aria-readonly': true,
    onKeyDown: (event: KeyboardEvent) => {
      if (isEditingKey(event)) event.preventDefault();
    },
    onBeforeInput: block,
    onPaste: block as (event: ClipboardEvent) => void,
    onCut: block as (event: ClipboardEvent) => void,
    onDrop: block as (event: DragEvent) => void,
  } as const;
}

/** What {@link fieldFrame} wraps. */
export interface FieldFrameParts {
  element: ValueElement;
  field: FieldSnapshot;
  ids: FieldIds;
  children: ReactNode;
  /** Where the label goes: before the control (default) or after it (checkbox). */
  labelAfter?: boolean;
  /** Extra content after the control (the timestamp button). */
  extra?: ReactNode;
}

/**
 * The wrapper of a simple field: label, control, hint and error, with the state data attributes.
 * A plain function, not a component, so each field of a long form mounts one fiber fewer.
 */
export function fieldFrame({
  element,
  field,
  ids,
  children,
  labelAfter,
  extra,
}: FieldFrameParts): ReactElement {
  // A label of text alone gets no text node fiber of its own: React sets it as the content.
  const label = element.IsMandatory ? (
    <label className="procedo-Field-label" htmlFor={ids.input}>
      {element.Label}
      <span className="procedo-Field-required" aria-hidden="true">
        {' *'}
      </span>
    </label>
  ) : (
    <label className="procedo-Field-label" htmlFor={ids.input}>
      {element.Label}
    </label>
  );
  return (
    <div
      className={`procedo-Field procedo-Field-${element.Kind}`}
      data-name={element.Name}
      data-dirty={field.isDirty || undefined}
      data-invalid={field.error ? true : undefined}
      data-locked={field.isLocked || undefined}
      data-required={element.IsMandatory || undefined}
      data-audit={element.IsAudit || undefined}
    >
      {labelAfter ? null : label}
      {labelAfter ? null : <TranslateButton name={element.Name} label={element.Label} />}
      {children}
      {labelAfter ? label : null}
      {labelAfter ? <TranslateButton name={element.Name} label={element.Label} /> : null}
      {extra}
      {element.Hint ? (
        <div className="procedo-Field-hint" id={ids.hint}>
          {element.Hint}
        </div>
      ) : null}
      {field.error ? (
        <div className="procedo-Field-error" id={ids.error}>
          {field.error}
        </div>
      ) : null}
    </div>
  );
}
