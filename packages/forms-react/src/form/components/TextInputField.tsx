import type { ChangeEvent, ClipboardEvent, FocusEvent, KeyboardEvent } from 'react';
import { memo } from 'react';
import { useField } from '../hooks/useField';
import type { FieldComponentProps } from '../registry';
import type { ElementOf } from '../state/elements';
import {
  filterBracketText,
  filterPhoneText,
  insertAt,
  isBracketKeyAllowed,
  isPhoneKeyAllowed,
  type KeyInfo,
} from '../state/input-rules';
import { checkOnBlur, controlAria, fieldFrame, lockedHandlers, useFieldIds } from './FieldFrame';

type TextLikeElement = ElementOf<'text' | 'phone' | 'brackets'>;

const filters: Record<
  TextLikeElement['Kind'],
  { isKeyAllowed: (event: KeyInfo) => boolean; filter: (text: string) => string } | null
> = {
  text: null,
  phone: { isKeyAllowed: isPhoneKeyAllowed, filter: filterPhoneText },
  brackets: { isKeyAllowed: isBracketKeyAllowed, filter: filterBracketText },
};

/**
 * A single-line field: plain or formatted text (`Format` email / url, native validity checked on
 * blur), phone (spec §5 key filter) or brackets only (spec §5 key filter). Pasted text is
 * filtered to what the field accepts.
 */
export const TextInputField = memo(function TextInputField({
  element,
  store,
}: FieldComponentProps<TextLikeElement>) {
  const field = useField(store, element.Name);
  const ids = useFieldIds();
  if (field.isHidden) return null;
  const rule = filters[element.Kind];
  const text = typeof field.value === 'string' ? field.value : '';
  const type =
    element.Kind === 'text' && element.Format ? element.Format : element.Kind === 'phone' ? 'tel' : 'text';

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = rule ? rule.filter(event.target.value) : event.target.value;
    store.setValue(element.Name, next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (rule && !rule.isKeyAllowed(event)) event.preventDefault();
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    if (!rule) return;
    event.preventDefault();
    const input = event.currentTarget;
    const pasted = rule.filter(event.clipboardData.getData('text'));
    const { text: next, caret } = insertAt(
      input.value,
      input.selectionStart ?? input.value.length,
      input.selectionEnd ?? input.value.length,
      pasted,
    );
    const limited = element.MaxLength ? next.slice(0, element.MaxLength) : next;
    // Writing the DOM first keeps the caret where the paste ended; React then sees no change.
    input.value = limited;
    input.setSelectionRange(Math.min(caret, limited.length), Math.min(caret, limited.length));
    store.setValue(element.Name, limited);
  };
  const onBlur = (event: FocusEvent<HTMLInputElement>) => {
    if (field.isLocked) return;
    if (element.Kind === 'text' && element.Format) checkOnBlur(event.currentTarget, store, element.Name);
    else store.validateField(element.Name);
  };

  return fieldFrame({
    element,
    field,
    ids,
    children: (
      <input
        className="procedo-Field-input"
        type={type}
        inputMode={element.Kind === 'phone' ? 'tel' : undefined}
        value={text}
        maxLength={element.MaxLength}
        minLength={element.Kind === 'text' ? element.MinLength : undefined}
        required={element.IsMandatory}
        onChange={onChange}
        onBlur={onBlur}
        {...(field.isLocked ? {} : { onKeyDown, onPaste })}
        {...controlAria(element, field, ids)}
        {...lockedHandlers(field.isLocked)}
      />
    ),
  });
});
