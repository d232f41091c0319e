import type { FieldValue, ValueElement } from '@procedo/client-api';
import type { ComponentType } from 'react';
import { memo } from 'react';
import { TranslateButton } from '../../translation/TranslateButton';
import { useField } from '../hooks/useField';
import type { FieldComponent, FieldComponentProps } from '../registry';
import type { FormStore } from '../state/form-store';

/** The props a controlled field component (picker, file field…) takes. */
export interface ControlledFieldProps<V = FieldValue> {
  label: string;
  value: V;
  onChange: (value: V) => void;
  isMandatory?: boolean;
  isLocked?: boolean;
  errorMessage?: string;
  /** The element, for kind-specific attributes (`MinLength`, `DependsOn`, `MaxBytes`…). */
  element: ValueElement;
  /** The form's store (to read other fields, e.g. a picker's `DependsOn`); always given by {@link createControlledField}. */
  store?: FormStore;
}

/**
 * Adapts a controlled field component (`{ label, value, onChange, isMandatory, isLocked,
 * errorMessage }`) to the registry: it subscribes to its own field of the store. `props` are
 * passed to every instance as well (the same for every field of the kind, e.g. an upload call).
 *
 * @example defaultFieldRegistry.register('picker', createControlledField(PickerField))
 */
export function createControlledField<V = FieldValue>(
  Component: ComponentType<ControlledFieldProps<V>>,
): FieldComponent;
export function createControlledField<V, P extends object>(
  Component: ComponentType<ControlledFieldProps<V> & P>,
  props: P,
): FieldComponent;
export function createControlledField<V, P extends object>(
  Component: ComponentType<ControlledFieldProps<V> & P>,
  props?: P,
): FieldComponent {
  const Field = memo(function ControlledField({ element, store }: FieldComponentProps<ValueElement>) {
    const field = useField(store, element.Name);
    if (field.isHidden) return null;
    return (
      <div
        // The component lays out its own label and input (a `procedo-Field` grid of its own), so
        // this wrapper only carries the field's state attributes (`procedo-ControlledField`).
        className={`procedo-Field procedo-ControlledField procedo-Field-${element.Kind}`}
        data-name={element.Name}
        data-dirty={field.isDirty || undefined}
        data-invalid={field.error ? true : undefined}
        data-locked={field.isLocked || undefined}
      >
        <Component
          {...(props as P)}
          label={element.Label}
          value={field.value as V}
          onChange={(value) => {
            store.setValue(element.Name, value as FieldValue);
          }}
          isMandatory={element.IsMandatory}
          isLocked={field.isLocked}
          errorMessage={field.error ?? undefined}
          element={element}
          store={store}
        />
        <TranslateButton name={element.Name} label={element.Label} />
      </div>
    );
  });
  return Field;
}
