import { CHILD_SUBMIT_TIMEOUT_MS, type DeferTimers } from '../state/page-timeouts';
import { findParentDataSource, type LinkedWindow, registerDataSource } from './parent-data-source';

/** The name a page registers its child-submit listener under. */
export const CHILD_SUBMITS_SOURCE = 'procedo:child-submits';

/** What a child form tells its parent after it saved. */
export interface ChildSubmit {
  WebTemplateNo: number;
  RecordId: number;
}

/** Options of {@link listenForChildSubmits}. */
export interface ChildSubmitListenerOptions {
  /** Quiet time after the last child submit before the parent acts. @default CHILD_SUBMIT_TIMEOUT_MS (1000) */
  timeoutMs?: number;
  /** @default the global timers */
  timers?: DeferTimers;
}

const globalTimers: DeferTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Spec §9 "Child submit timeouts 1000 ms": a page listens for the forms it opened (dialogs,
 * popups, tabs, frames) saving. `onSettled` runs once 1000 ms after the last child submit, with
 * every submit since the last call, so a child that saves several times (or several children) cause
 * one refresh of the parent, after the child's own save has finished. Returns the function that
 * stops listening (and drops a pending call).
 */
export function listenForChildSubmits(
  win: object,
  onSettled: (submits: ChildSubmit[]) => void,
  options: ChildSubmitListenerOptions = {},
): () => void {
  const timers = options.timers ?? globalTimers;
  const timeoutMs = options.timeoutMs ?? CHILD_SUBMIT_TIMEOUT_MS;
  let pending: ChildSubmit[] = [];
  let handle: unknown = null;
  const notify = (submit: ChildSubmit) => {
    pending.push({ WebTemplateNo: submit.WebTemplateNo, RecordId: submit.RecordId });
    if (handle !== null) timers.clearTimeout(handle);
    handle = timers.setTimeout(() => {
      handle = null;
      const submits = pending;
      pending = [];
      onSettled(submits);
    }, timeoutMs);
  };
  const remove = registerDataSource(win, CHILD_SUBMITS_SOURCE, notify);
  return () => {
    remove();
    if (handle !== null) timers.clearTimeout(handle);
    handle = null;
    pending = [];
  };
}

/**
 * A child form saved: tells the nearest page above it (opener or parent) that listens. Returns
 * whether one was told (a page opened on its own has nobody to tell).
 */
export function notifyChildSubmit(win: LinkedWindow, submit: ChildSubmit): boolean {
  let notify: unknown;
  try {
    notify = findParentDataSource(win, CHILD_SUBMITS_SOURCE);
  } catch {
    return false;
  }
  if (typeof notify !== 'function') return false;
  try {
    (notify as (submit: ChildSubmit) => void)(submit);
    return true;
  } catch (error) {
    // The parent may be unloading: the child's save stands regardless.
    console.warn('Procedo: the parent page could not be told of the save', error);
    return false;
  }
}
