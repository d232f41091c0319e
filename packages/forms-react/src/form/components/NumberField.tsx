import { memo } from 'react';
import { useField } from '../hooks/useField';
import type { FieldComponentProps } from '../registry';
import type { ElementOf } from '../state/elements';
import { checkOnBlur, controlAria, fieldFrame, lockedHandlers, useFieldIds } from './FieldFrame';

/** A number field (native `type="number"`); its value is a number, or `null` when empty. */
export const NumberField = memo(function NumberField({
  element,
  store,
}: FieldComponentProps<ElementOf<'number'>>) {
  const field = useField(store, element.Name);
  const ids = useFieldIds();
  if (field.isHidden) return null;
  return fieldFrame({
    element,
    field,
    ids,
    children: (
      <input
        className="procedo-Field-input"
        type="number"
        value={typeof field.value === 'number' ? field.value : ''}
        min={element.Min}
        max={element.Max}
        step={element.Step ?? 'any'}
        required={element.IsMandatory}
        onChange={(event) => {
          const number = event.target.valueAsNumber;
          store.setValue(element.Name, event.target.value === '' || Number.isNaN(number) ? null : number);
        }}
        onBlur={(event) => {
          if (!field.isLocked) checkOnBlur(event.currentTarget, store, element.Name);
        }}
        {...controlAria(element, field, ids)}
        {...lockedHandlers(field.isLocked)}
      />
    ),
  });
});
