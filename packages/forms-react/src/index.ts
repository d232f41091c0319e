export type { I18nProviderProps } from 'react-aria-components';
/**
 * Sets the locale, and with it the reading direction (right-to-left for Arabic, Hebrew…), of the
 * Procedo components below it; re-exported from react-aria-components so hosts need no direct
 * dependency on it.
 */
export { I18nProvider } from 'react-aria-components';
export type { AlertDialogProps } from './components/AlertDialog';
export { AlertDialog } from './components/AlertDialog';
export type { HtmlAlertDialogProps } from './components/HtmlAlertDialog';
export { HtmlAlertDialog } from './components/HtmlAlertDialog';
export type { InfoMessageBoxProps } from './components/InfoMessageBox';
export { InfoMessageBox } from './components/InfoMessageBox';
export type { LoadingPanelProps } from './components/LoadingPanel';
export { LoadingPanel } from './components/LoadingPanel';
export type { NotificationItem, NotificationListProps } from './components/NotificationList';
export { NotificationList } from './components/NotificationList';
export type { PromptDialogProps } from './components/PromptDialog';
export { PromptDialog } from './components/PromptDialog';
export type { ShellProviderProps } from './components/ShellProvider';
export { ShellProvider } from './components/ShellProvider';
export type { Shell } from './hooks/shell-context';
export { useShell } from './hooks/useShell';
export type { NotificationType, ToastType } from './state/durations';
export { INFO_BOX_COLLAPSED_HEIGHT, NOTIFICATION_DURATIONS, TOAST_DURATIONS } from './state/durations';
export { parseHideDelay } from './state/hide-delay';
export type { ShellDialogOptions } from './state/shell-store';
