/** The kinds of toast the shell shows (spec §8). */
export type ToastType = 'info' | 'warning' | 'error';

/** The kinds of notification the shell shows (spec §9). */
export type NotificationType = 'info' | 'validation' | 'error';

/** How long each kind of toast stays on screen, in milliseconds (spec §9: warning 4 s, info 3 s, error 60 s). */
export const TOAST_DURATIONS: Readonly<Record<ToastType, number>> = Object.freeze({
  warning: 4000,
  info: 3000,
  error: 60000,
});

/** How many toasts are on screen at once; newer ones push older ones into a queue. */
export const MAX_VISIBLE_TOASTS = 5;

/**
 * How long each kind of notification stays before it hides itself, in milliseconds; `null` means
 * it stays until clicked (spec §9: info 4500 ms, validation 2500 ms, errors stay until clicked).
 */
export const NOTIFICATION_DURATIONS: Readonly<Record<NotificationType, number | null>> = Object.freeze({
  info: 4500,
  validation: 2500,
  error: null,
});

/** Height in pixels of a collapsed info message box (spec §9). */
export const INFO_BOX_COLLAPSED_HEIGHT = 20;
