import type { KeyboardEvent } from 'react';
import { memo, useRef } from 'react';
import { FORMS_TEXTS, useFormsTexts } from '../../i18n/texts';
import { useField } from '../hooks/useField';
import type { FieldComponentProps } from '../registry';
import type { ElementOf } from '../state/elements';
import { formatTimestamp, insertAt, isTimestampShortcut } from '../state/input-rules';
import { controlAria, fieldFrame, lockedHandlers, useFieldIds } from './FieldFrame';

/** The text of the timestamp insert button. */
export const INSERT_TIMESTAMP_LABEL = FORMS_TEXTS.form.insertTimestamp;

/**
 * A multi-line field. With `AllowTimestamp` it offers the timestamp insert (spec §5: text areas
 * only): a button and the Ctrl+; shortcut put `yyyy-MM-dd HH:mm` at the caret. Enter makes a new
 * line here; it never submits the form.
 */
export const TextAreaField = memo(function TextAreaField({
  element,
  store,
}: FieldComponentProps<ElementOf<'textarea'>>) {
  const field = useField(store, element.Name);
  const texts = useFormsTexts();
  const ids = useFieldIds();
  const ref = useRef<HTMLTextAreaElement>(null);
  if (field.isHidden) return null;
  const text = typeof field.value === 'string' ? field.value : '';
  const offersTimestamp = element.AllowTimestamp === true;

  const insertTimestamp = () => {
    const area = ref.current;
    if (!area || field.isLocked) return;
    const { text: next, caret } = insertAt(
      area.value,
      area.selectionStart ?? area.value.length,
      area.selectionEnd ?? area.value.length,
      formatTimestamp(store.now()),
    );
    if (element.MaxLength !== undefined && next.length > element.MaxLength) return;
    area.value = next;
    area.focus();
    area.setSelectionRange(caret, caret);
    store.setValue(element.Name, next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (offersTimestamp && isTimestampShortcut(event)) {
      event.preventDefault();
      insertTimestamp();
    }
  };

  return fieldFrame({
    element,
    field,
    ids,
    extra: offersTimestamp ? (
      <button
        type="button"
        className="procedo-Button procedo-Field-timestamp"
        aria-controls={ids.input}
        aria-keyshortcuts="Control+;"
        disabled={field.isLocked}
        // Keep the caret in the text area: the insert goes where the user was typing.
        onMouseDown={(event) => event.preventDefault()}
        onClick={insertTimestamp}
      >
        {texts.form.insertTimestamp}
      </button>
    ) : null,
    children: (
      <textarea
        ref={ref}
        className="procedo-Field-input"
        value={text}
        rows={element.Rows ?? 4}
        maxLength={element.MaxLength}
        required={element.IsMandatory}
        onChange={(event) => store.setValue(element.Name, event.target.value)}
        onBlur={() => {
          if (!field.isLocked) store.validateField(element.Name);
        }}
        {...(field.isLocked ? {} : { onKeyDown })}
        {...controlAria(element, field, ids)}
        {...lockedHandlers(field.isLocked)}
      />
    ),
  });
});
