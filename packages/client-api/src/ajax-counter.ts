/**
 * The ajax-in-progress counter of spec §4: each start increments it and propagates to the parent
 * window; a successful completion decrements it; an error sets it to -1. Observable with
 * `subscribe` / `getSnapshot` (fits React's `useSyncExternalStore`).
 */
export interface AjaxCounter {
  /** A call starts: +1 here and in the parent counter (an error state -1 restarts from 0). */
  start(): void;
  /** A call succeeded: -1 here and in the parent, never below 0. */
  succeed(): void;
  /** A call failed: -1 here and in the parent (spec §4: an error sets the counter to -1). */
  fail(): void;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** The current value: calls in progress, or -1 after an error. */
  getSnapshot(): number;
}

/** Options of {@link createAjaxCounter}. */
export interface AjaxCounterOptions {
  /**
   * The parent window's counter: every start, success and failure is also applied to it, so a
   * page knows its iframes and popups are busy.
   * @default null
   */
  parent?: AjaxCounter | null;
}

/** Creates an ajax-in-progress counter, optionally linked to a parent counter. */
export function createAjaxCounter(options: AjaxCounterOptions = {}): AjaxCounter {
  const parent = options.parent ?? null;
  const listeners = new Set<() => void>();
  let count = 0;

  const set = (next: number) => {
    if (next === count) return;
    count = next;
    for (const listener of [...listeners]) listener();
  };

  return {
    start() {
      set(Math.max(count, 0) + 1);
      parent?.start();
    },
    succeed() {
      set(Math.max(count - 1, 0));
      parent?.succeed();
    },
    fail() {
      set(-1);
      parent?.fail();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => count,
  };
}

/** Where a window keeps its counter: a registry symbol, shared by every realm (iframes, popups). */
export const AJAX_COUNTER_KEY: unique symbol = Symbol.for('procedo.ajaxCounter') as never;

/** The parts of a window {@link getWindowAjaxCounter} uses. */
export interface AjaxCounterWindow {
  parent?: unknown;
  opener?: unknown;
  [AJAX_COUNTER_KEY]?: AjaxCounter;
}

function sameOriginWindow(candidate: unknown, self: AjaxCounterWindow): AjaxCounterWindow | null {
  if (candidate === null || candidate === undefined || candidate === self) return null;
  try {
    // A cross-origin window throws on property access (SecurityError): then there is no link.
    void (candidate as AjaxCounterWindow)[AJAX_COUNTER_KEY];
    return candidate as AjaxCounterWindow;
  } catch {
    return null;
  }
}

/**
 * The counter of a window, created on first use and kept on the window. It is linked to the
 * counter of the window's parent (an iframe's parent, else a popup's opener) when that window is a
 * different, same-origin one, so work in an iframe or popup shows in its parent.
 */
export function getWindowAjaxCounter(win: AjaxCounterWindow = globalThis as AjaxCounterWindow): AjaxCounter {
  const existing = win[AJAX_COUNTER_KEY];
  if (existing) return existing;
  const parentWindow = sameOriginWindow(win.parent, win) ?? sameOriginWindow(win.opener, win);
  const counter = createAjaxCounter({ parent: parentWindow ? getWindowAjaxCounter(parentWindow) : null });
  win[AJAX_COUNTER_KEY] = counter;
  return counter;
}
