import type { ProcessStore } from './processes-store';

// What each engine's process store shares around its statements: the hooks its calls run, and
// the bookkeeping of what one transaction changed (the history it appends at commit).

/**
 * What a store's calls run besides their statements: `check` before each (the outer store
 * refuses calls while its transaction is open; a transaction's store, calls after it is over),
 * `changes` after a write, with the process it changed (as of `at`, when the write knows its instant).
 */
export interface StoreHooks {
  check: () => void;
  changes: (processId: number, at: string | null) => void;
  transaction: ProcessStore['transaction'];
  at: ProcessStore['at'];
}

/** What one transaction changed: the processes, and the earliest instant it wrote (an event's or a creation's). */
export function trackChanges() {
  const processes = new Set<number>();
  let earliest: string | null = null;
  return {
    /** The processes changed, in the order first changed. */
    processes,
    note(processId: number, at: string | null) {
      processes.add(processId);
      if (at !== null && (earliest === null || at < earliest)) earliest = at;
    },
    /** The instant the states it left are kept as of: the earliest it wrote, else now. */
    keptAt: (nowIso: () => string) => earliest ?? nowIso(),
  };
}
