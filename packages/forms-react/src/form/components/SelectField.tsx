import { memo } from 'react';
import { useField } from '../hooks/useField';
import type { FieldComponentProps } from '../registry';
import type { ElementOf } from '../state/elements';
import { controlAria, fieldFrame, useFieldIds } from './FieldFrame';

/**
 * A select field: a native `<select>` whose first, empty option means no value. A locked select
 * is disabled, since a select has no read-only state.
 */
export const SelectField = memo(function SelectField({
  element,
  store,
}: FieldComponentProps<ElementOf<'select'>>) {
  const field = useField(store, element.Name);
  const ids = useFieldIds();
  if (field.isHidden) return null;
  return fieldFrame({
    element,
    field,
    ids,
    children: (
      <select
        className="procedo-Field-input"
        value={typeof field.value === 'string' ? field.value : ''}
        required={element.IsMandatory}
        disabled={field.isLocked}
        aria-readonly={field.isLocked || undefined}
        onChange={(event) => {
          store.setValue(element.Name, event.target.value);
          store.validateField(element.Name);
        }}
        {...controlAria(element, field, ids)}
      >
        <option value="" />
        {element.Options.map((option) => (
          <option key={option.Value} value={option.Value}>
            {option.Label}
          </option>
        ))}
      </select>
    ),
  });
});
