import {
  MAX_VISIBLE_TOASTS,
  NOTIFICATION_DURATIONS,
  type NotificationType,
  TOAST_DURATIONS,
  type ToastType,
} from './durations';
import { parseHideDelay } from './hide-delay';

/** Timer functions the shell store uses; tests hand in fake ones. */
export interface ShellTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /**
   * The current time in ms, to know how much of a paused toast's time is left.
   * @default Date.now
   */
  now?(): number;
}

/** Options of {@link createShellStore}. */
export interface ShellStoreOptions {
  /**
   * Timers for notification auto-hide and the loading panel hide delay.
   * @default globalThis.setTimeout / globalThis.clearTimeout
   */
  timers?: ShellTimers;
}

/** Options shared by the shell's dialogs. */
export interface ShellDialogOptions {
  /** The dialog's title; each dialog kind has its own default. */
  title?: string;
}

/** A dialog the shell has been asked to show, waiting in line until the ones before it close. */
export type ShellDialogRequest =
  | { id: string; kind: 'alert'; message: string; title?: string }
  | { id: string; kind: 'html'; html: string; title?: string }
  | { id: string; kind: 'prompt'; message: string; defaultValue: string; title?: string };

/** A notification in the shell's list. */
export interface ShellNotification {
  id: string;
  type: NotificationType;
  text: string;
}

/** A toast on screen. */
export interface ShellToast {
  id: string;
  type: ToastType;
  text: string;
}

/** What the shell shows at one moment. */
export interface ShellSnapshot {
  /** Dialogs in the order they were asked for; only the first is on screen. */
  dialogs: readonly ShellDialogRequest[];
  notifications: readonly ShellNotification[];
  /**
   * The toasts on screen, newest first: at most `MAX_VISIBLE_TOASTS`; older ones wait, their time
   * stopped, until a newer one goes.
   */
  toasts: readonly ShellToast[];
  isLoading: boolean;
}

/** The framework-free state of the shell: dialogs, notifications, toasts and the loading panel. */
export interface ShellStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): ShellSnapshot;
  alert(message: string, options?: ShellDialogOptions): Promise<void>;
  alertHtml(html: string, options?: ShellDialogOptions): Promise<void>;
  prompt(message: string, defaultValue?: string, options?: ShellDialogOptions): Promise<string | null>;
  /** Closes a dialog; `value` is what a prompt answers (`null` when cancelled), ignored by alerts. */
  closeDialog(id: string, value?: string | null): void;
  /** Adds a notification, which hides itself after its type's duration; returns its id. */
  notify(type: NotificationType, text: string): string;
  dismissNotification(id: string): void;
  /** Adds a toast that goes after its type's time on screen (`TOAST_DURATIONS`); returns its id. */
  toast(type: ToastType, text: string): string;
  dismissToast(id: string): void;
  /**
   * Stops (`true`) or restarts the time of the toasts on screen: the toast region pauses them while
   * the pointer is over it or focus is in it, so nobody loses a toast they are reading or closing.
   */
  pauseToasts(isPaused: boolean): void;
  showLoading(): void;
  /** Hides the loading panel after `hideDelay` (see `parseHideDelay`), at once when there is none. */
  hideLoading(hideDelay?: string | number | null): void;
}

const defaultTimers: ShellTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/** A toast's clock: the time it has left, and since when it runs (while it is on screen, unpaused). */
interface ToastClock {
  remaining: number;
  startedAt: number;
  handle: unknown;
}

/** Creates the state of one shell; `ShellProvider` makes one and renders it. */
export function createShellStore(options: ShellStoreOptions = {}): ShellStore {
  const timers = options.timers ?? defaultTimers;
  const listeners = new Set<() => void>();
  const settlers = new Map<string, (value: string | null) => void>();
  const notificationTimers = new Map<string, unknown>();
  const now = () => (timers.now ? timers.now() : Date.now());
  let hideTimer: unknown;
  let sequence = 0;
  let snapshot: ShellSnapshot = { dialogs: [], notifications: [], toasts: [], isLoading: false };
  /** Every toast, newest first; the first `MAX_VISIBLE_TOASTS` are on screen. */
  let allToasts: ShellToast[] = [];
  const toastClocks = new Map<string, ToastClock>();
  let toastsPaused = false;

  const nextId = (prefix: string) => `${prefix}${++sequence}`;
  const update = (patch: Partial<ShellSnapshot>) => {
    snapshot = { ...snapshot, ...patch };
    for (const listener of listeners) listener();
  };

  const openDialog = (request: ShellDialogRequest) =>
    new Promise<string | null>((resolve) => {
      settlers.set(request.id, resolve);
      update({ dialogs: [...snapshot.dialogs, request] });
    });

  /** Runs the clock of each toast on screen while unpaused and stops every other one; then publishes. */
  const syncToasts = () => {
    const shown = allToasts.slice(0, MAX_VISIBLE_TOASTS);
    allToasts.forEach((toast, index) => {
      const clock = toastClocks.get(toast.id);
      if (!clock) return;
      const shouldRun = index < MAX_VISIBLE_TOASTS && !toastsPaused;
      if (shouldRun && clock.handle === undefined) {
        clock.startedAt = now();
        clock.handle = timers.setTimeout(() => store.dismissToast(toast.id), clock.remaining);
      } else if (!shouldRun && clock.handle !== undefined) {
        timers.clearTimeout(clock.handle);
        clock.handle = undefined;
        clock.remaining = Math.max(0, clock.remaining - (now() - clock.startedAt));
      }
    });
    const same =
      shown.length === snapshot.toasts.length && shown.every((toast, i) => toast === snapshot.toasts[i]);
    if (!same) update({ toasts: shown });
  };

  const cancelHide = () => {
    if (hideTimer === undefined) return;
    timers.clearTimeout(hideTimer);
    hideTimer = undefined;
  };

  const store: ShellStore = {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => snapshot,
    async alert(message, dialogOptions = {}) {
      await openDialog({ id: nextId('dialog-'), kind: 'alert', message, title: dialogOptions.title });
    },
    async alertHtml(html, dialogOptions = {}) {
      await openDialog({ id: nextId('dialog-'), kind: 'html', html, title: dialogOptions.title });
    },
    prompt(message, defaultValue = '', dialogOptions = {}) {
      return openDialog({
        id: nextId('dialog-'),
        kind: 'prompt',
        message,
        defaultValue,
        title: dialogOptions.title,
      });
    },
    closeDialog(id, value = null) {
      const settle = settlers.get(id);
      if (!settle) return;
      settlers.delete(id);
      update({ dialogs: snapshot.dialogs.filter((dialog) => dialog.id !== id) });
      settle(value);
    },
    notify(type, text) {
      const id = nextId('notification-');
      const duration = NOTIFICATION_DURATIONS[type];
      if (duration !== null) {
        notificationTimers.set(
          id,
          timers.setTimeout(() => store.dismissNotification(id), duration),
        );
      }
      update({ notifications: [...snapshot.notifications, { id, type, text }] });
      return id;
    },
    dismissNotification(id) {
      const timer = notificationTimers.get(id);
      if (timer !== undefined) {
        timers.clearTimeout(timer);
        notificationTimers.delete(id);
      }
      if (!snapshot.notifications.some((notification) => notification.id === id)) return;
      update({ notifications: snapshot.notifications.filter((notification) => notification.id !== id) });
    },
    toast(type, text) {
      const id = nextId('toast-');
      toastClocks.set(id, { remaining: TOAST_DURATIONS[type], startedAt: 0, handle: undefined });
      allToasts = [{ id, type, text }, ...allToasts];
      syncToasts();
      return id;
    },
    dismissToast(id) {
      const clock = toastClocks.get(id);
      if (!clock) return;
      if (clock.handle !== undefined) timers.clearTimeout(clock.handle);
      toastClocks.delete(id);
      allToasts = allToasts.filter((toast) => toast.id !== id);
      syncToasts();
    },
    pauseToasts(isPaused) {
      if (toastsPaused === isPaused) return;
      toastsPaused = isPaused;
      syncToasts();
    },
    showLoading() {
      cancelHide();
      if (!snapshot.isLoading) update({ isLoading: true });
    },
    hideLoading(hideDelay) {
      cancelHide();
      const delay = parseHideDelay(hideDelay);
      const hide = () => {
        hideTimer = undefined;
        if (snapshot.isLoading) update({ isLoading: false });
      };
      if (delay === 0) hide();
      else hideTimer = timers.setTimeout(hide, delay);
    },
  };
  return store;
}
