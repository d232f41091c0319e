import { useSyncExternalStore } from 'react';
import type { ShellSnapshot, ShellStore } from '../state/shell-store';

/** Reads the current state of a shell store and re-renders when it changes. */
export function useShellSnapshot(store: ShellStore): ShellSnapshot {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
