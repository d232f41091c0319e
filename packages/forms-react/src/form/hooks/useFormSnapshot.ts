import { useCallback, useSyncExternalStore } from 'react';
import type { FormSnapshot, FormStore } from '../state/form-store';

/** Reads the form snapshot (dirty flag, error count, submitting) of a form store. */
export function useFormSnapshot(store: FormStore): FormSnapshot {
  const subscribe = useCallback((listener: () => void) => store.subscribeForm(listener), [store]);
  const read = useCallback(() => store.getFormSnapshot(), [store]);
  return useSyncExternalStore(subscribe, read, read);
}
