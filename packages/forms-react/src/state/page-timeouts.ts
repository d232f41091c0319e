/**
 * The page timeouts of spec §9 that are not toasts or notifications (those are in `durations.ts`).
 */

/** Spec §9 "Tooltip timeout": help text shows after the pointer rests on an element this long. */
export const TOOLTIP_DELAY_MS = 2000;

/**
 * Spec §9 "Child submit timeouts": how long a page waits for the forms open as its children
 * (dialogs, popups, frames) to answer a submit before it goes on without them.
 */
export const CHILD_SUBMIT_TIMEOUT_MS = 1000;

/**
 * Spec §9 "Top menu bar call timeout": the top menu bar (the profile navigation) is asked for this
 * long after the page starts, so the page's own first calls go out ahead of it.
 */
export const TOP_MENU_BAR_DELAY_MS = 100;

/** The timer functions a deferred call uses; tests hand in fake ones. */
export interface DeferTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const globalTimers: DeferTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Runs `call` after `delayMs` (spec §9's top menu bar call: 100 ms); returns a cancel function —
 * a page left before then never makes the call.
 *
 * @example
 * useEffect(() => deferCall(() => loadNavigation(), TOP_MENU_BAR_DELAY_MS), []);
 */
export function deferCall(call: () => void, delayMs: number, timers: DeferTimers = globalTimers): () => void {
  let done = false;
  const handle = timers.setTimeout(() => {
    done = true;
    call();
  }, delayMs);
  return () => {
    if (!done) timers.clearTimeout(handle);
    done = true;
  };
}
