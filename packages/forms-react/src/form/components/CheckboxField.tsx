import { memo } from 'react';
import { useField } from '../hooks/useField';
import type { FieldComponentProps } from '../registry';
import type { ElementOf } from '../state/elements';
import { controlAria, fieldFrame, useFieldIds } from './FieldFrame';

/** A checkbox field (native); a locked checkbox is disabled and keeps its value. */
export const CheckboxField = memo(function CheckboxField({
  element,
  store,
}: FieldComponentProps<ElementOf<'checkbox'>>) {
  const field = useField(store, element.Name);
  const ids = useFieldIds();
  if (field.isHidden) return null;
  return fieldFrame({
    element,
    field,
    ids,
    labelAfter: true,
    children: (
      <input
        className="procedo-Field-input"
        type="checkbox"
        checked={field.value === true}
        disabled={field.isLocked}
        aria-readonly={field.isLocked || undefined}
        onChange={(event) => {
          store.setValue(element.Name, event.target.checked);
          store.validateField(element.Name);
        }}
        {...controlAria(element, field, ids)}
      />
    ),
  });
});
