import { useCallback, useSyncExternalStore } from 'react';
import type { FieldSnapshot, FormStore } from '../state/form-store';

/** Reads one field of a form store; the component re-renders only when that field changes. */
export function useField(store: FormStore, name: string): FieldSnapshot {
  const subscribe = useCallback(
    (listener: () => void) => store.subscribeField(name, listener),
    [store, name],
  );
  const read = useCallback(() => store.getField(name), [store, name]);
  return useSyncExternalStore(subscribe, read, read);
}
