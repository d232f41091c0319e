import { useSyncExternalStore } from 'react';
import type { FieldSnapshot, FormStore } from '../state/form-store';

interface FieldSource {
  subscribe(listener: () => void): () => void;
  read(): FieldSnapshot;
}

// One stable subscribe/read pair per field and store: a field mounts with a single hook (no
// `useCallback` pair), and a re-render never re-subscribes.
const sources = new WeakMap<FormStore, Map<string, FieldSource>>();

function sourceOf(store: FormStore, name: string): FieldSource {
  let byName = sources.get(store);
  if (!byName) {
    byName = new Map();
    sources.set(store, byName);
  }
  let source = byName.get(name);
  if (!source) {
    source = {
      subscribe: (listener) => store.subscribeField(name, listener),
      read: () => store.getField(name),
    };
    byName.set(name, source);
  }
  return source;
}

/** Reads one field of a form store; the component re-renders only when that field changes. */
export function useField(store: FormStore, name: string): FieldSnapshot {
  const { subscribe, read } = sourceOf(store, name);
  return useSyncExternalStore(subscribe, read, read);
}
