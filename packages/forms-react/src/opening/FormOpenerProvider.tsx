import { type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { ShellContext } from '../hooks/shell-context';
import { localizeMessage, useMessages } from '../i18n/texts';
import { FormDialog } from './FormDialog';
import { createFormOpener, type OpenerWindow } from './form-opener';
import type { DialogTarget } from './open-target';
import { FormOpenerContext } from './opener-context';

/** Props of {@link FormOpenerProvider}. */
export interface FormOpenerProviderProps {
  /**
   * The window forms open from.
   * @default the global `window`
   */
  window?: OpenerWindow;
  /**
   * Shows a message such as the blocked-popup one.
   * @default the `ShellProvider`'s alert when there is one above, else `window.alert`
   */
  alert?: (text: string) => void;
  children: ReactNode;
}

interface ShownDialog {
  key: number;
  dialog: DialogTarget;
}

/**
 * Provides `useFormOpener()` to its children and renders the form dialogs it opens, one above the
 * other in the order opened.
 */
export function FormOpenerProvider({ window: win, alert, children }: FormOpenerProviderProps) {
  const shell = useContext(ShellContext);
  const [dialogs, setDialogs] = useState<ShownDialog[]>([]);
  const nextKey = useRef(1);
  const openerWindow: OpenerWindow = win ?? globalThis.window;

  // The opener is made once per window; the latest alert is read when a popup is blocked.
  const alertRef = useRef<(text: string) => void>(() => {});
  const messages = useMessages();
  const messagesRef = useRef(messages);
  useEffect(() => {
    messagesRef.current = messages;
    alertRef.current =
      alert ??
      (shell
        ? (text) => void shell.alert(text)
        : (text) => (openerWindow as OpenerWindow & { alert?: (text: string) => void }).alert?.(text));
  });

  const opener = useMemo(
    () =>
      createFormOpener({
        window: openerWindow,
        showDialog: (dialog) => {
          const key = nextKey.current++;
          setDialogs((shown) => [...shown, { key, dialog }]);
        },
        alert: (text) => alertRef.current(localizeMessage(text, messagesRef.current)),
      }),
    [openerWindow],
  );

  return (
    <FormOpenerContext.Provider value={opener}>
      {children}
      {dialogs.map(({ key, dialog }) => (
        <FormDialog
          key={key}
          request={dialog}
          onClose={() => setDialogs((shown) => shown.filter((item) => item.key !== key))}
        />
      ))}
    </FormOpenerContext.Provider>
  );
}
