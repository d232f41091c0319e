import type { FieldValues } from '@procedo/client-api';
import type { FormStore } from '../form/state/form-store';

/**
 * A new record based on another (the form page's `a_BasedOnTemplateNo`): copies `values` into the
 * form, element by element of the same name. Only what the user could type is copied — hidden,
 * locked and read-only elements refuse it (`setValue`) — and never a file: an upload belongs to
 * the record it was made for. The copied values make the form dirty like typing does, also when
 * they arrive before the after-load clear of the dirty flag (spec §4) would run: a copy is never
 * saved unless the user saves it, so leaving it asks first. Returns the names copied.
 */
export function copyRecordValues(store: FormStore, values: FieldValues): string[] {
  const copied: string[] = [];
  let isTracked = false;
  for (const [name, value] of Object.entries(values)) {
    const element = store.getElement(name);
    if (!element || element.Kind === 'file' || value === null || value === undefined) continue;
    const before = store.getField(name).value;
    if (store.setValue(name, value)) {
      copied.push(name);
      if (element.TrackDirty !== false && store.getField(name).value !== before) isTracked = true;
    }
  }
  if (isTracked) store.markDirty();
  return copied;
}
