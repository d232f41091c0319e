import { memo } from 'react';
import { useField } from '../hooks/useField';
import type { FieldComponentProps } from '../registry';
import type { ElementOf } from '../state/elements';
import { checkOnBlur, controlAria, fieldFrame, lockedHandlers, useFieldIds } from './FieldFrame';

/**
 * A date field: the native `type="date"` input (no calendar widget to mount), value `yyyy-MM-dd`.
 */
export const DateField = memo(function DateField({ element, store }: FieldComponentProps<ElementOf<'date'>>) {
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
        type="date"
        value={typeof field.value === 'string' ? field.value : ''}
        min={element.Min}
        max={element.Max}
        required={element.IsMandatory}
        onChange={(event) => store.setValue(element.Name, event.target.value)}
        onBlur={(event) => {
          if (!field.isLocked) checkOnBlur(event.currentTarget, store, element.Name);
        }}
        {...controlAria(element, field, ids)}
        {...lockedHandlers(field.isLocked)}
      />
    ),
  });
});
