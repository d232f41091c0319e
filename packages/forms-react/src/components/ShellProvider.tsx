import { type ReactNode, useMemo, useState } from 'react';
import { copyToClipboard } from '../browser/clipboard';
import { type Shell, ShellContext } from '../hooks/shell-context';
import { useShellSnapshot } from '../hooks/useShellSnapshot';
import type { ToastType } from '../state/durations';
import { createShellStore, type ShellDialogRequest, type ShellStore } from '../state/shell-store';
import { AlertDialog } from './AlertDialog';
import { HtmlAlertDialog } from './HtmlAlertDialog';
import { LoadingPanel } from './LoadingPanel';
import { NotificationList } from './NotificationList';
import { PromptDialog } from './PromptDialog';
import { ToastRegion } from './ToastRegion';

/** Props of {@link ShellProvider}. */
export interface ShellProviderProps {
  children: ReactNode;
}

function ShellDialogHost({ store, dialog }: { store: ShellStore; dialog: ShellDialogRequest }) {
  const close = (value: string | null = null) => store.closeDialog(dialog.id, value);
  switch (dialog.kind) {
    case 'alert':
      return <AlertDialog isOpen title={dialog.title} message={dialog.message} onClose={() => close()} />;
    case 'html':
      return <HtmlAlertDialog isOpen title={dialog.title} html={dialog.html} onClose={() => close()} />;
    case 'prompt':
      return (
        <PromptDialog
          isOpen
          title={dialog.title}
          message={dialog.message}
          defaultValue={dialog.defaultValue}
          onSubmit={(value) => close(value)}
          onCancel={() => close(null)}
        />
      );
  }
}

/**
 * Provides `useShell()` to its children and renders what the shell shows: the toast region, the
 * notification list, the alert / HTML alert / prompt dialogs (one at a time, in the order asked)
 * and the loading panel.
 */
export function ShellProvider({ children }: ShellProviderProps) {
  const [store] = useState(() => createShellStore());
  const snapshot = useShellSnapshot(store);

  const shell = useMemo<Shell>(() => {
    const toast = (type: ToastType) => (text: string) => {
      store.toast(type, text);
    };
    return {
      alert: store.alert,
      alertHtml: store.alertHtml,
      prompt: store.prompt,
      toast: {
        info: toast('info'),
        warning: toast('warning'),
        error: (text) => {
          toast('error')(text);
          // spec §8: the error toast's text is copied to the clipboard.
          void copyToClipboard(text);
        },
      },
      notify: {
        info: (text) => {
          store.notify('info', text);
        },
        validation: (text) => {
          store.notify('validation', text);
        },
        error: (text) => {
          store.notify('error', text);
        },
      },
      loading: { show: store.showLoading, hide: store.hideLoading },
    };
  }, [store]);

  const dialog = snapshot.dialogs[0];
  return (
    <ShellContext.Provider value={shell}>
      {children}
      <NotificationList notifications={snapshot.notifications} onDismiss={store.dismissNotification} />
      <ToastRegion
        toasts={snapshot.toasts}
        onDismiss={store.dismissToast}
        onPausedChange={store.pauseToasts}
      />
      <LoadingPanel isVisible={snapshot.isLoading} />
      {dialog && <ShellDialogHost key={dialog.id} store={store} dialog={dialog} />}
    </ShellContext.Provider>
  );
}
