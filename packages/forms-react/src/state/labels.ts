/** The fixed texts the shell components show; hosts may pass their own through component props. */
export const SHELL_LABELS = Object.freeze({
  ok: 'OK',
  cancel: 'Cancel',
  alertTitle: 'Alert',
  promptTitle: 'Prompt',
  loading: 'Loading…',
  notifications: 'Notifications',
  /** The toast region's name (a landmark, so it differs from the notification list's). */
  toasts: 'Messages',
  close: 'Close',
  /** The error window's button that copies its text (spec §1 clipboard copy). */
  copyText: 'Copy text',
  copied: 'Copied',
});
