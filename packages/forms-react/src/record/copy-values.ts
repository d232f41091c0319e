import type { FieldValues } from '@procedo/client-api';
import type { FormStore } from '../form/state/form-store';

/**
 * A new record based on another (the form page's `a_BasedOnTemplateNo`): copies `values` into the
 * form, element by element of the same name. Only what the user could type is copied — hidden,
 * locked and read-only elements refuse it (`setValue`) — and never a file: an upload belongs to
 * the record it was made for. The copied values make the form dirty like typing does. Returns the
 * names copied.
 */
export function copyRecordValues(store: FormStore, values: FieldValues): string[] {
  const copied: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    const element = store.getElement(name);
    if (!element || element.Kind === 'file' || value === null || value === undefined) continue;
    if (store.setValue(name, value)) copied.push(name);
  }
  return copied;
}
