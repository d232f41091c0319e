// The React bindings of the session core (subpath export `@procedo/session/react`). This is the
// one file of the package that imports React. It is a .ts file, so elements are made with
// `createElement` rather than JSX.

import { useCatalogue } from '@procedo/texts';
import {
  type ChangeEvent,
  createContext,
  type FormEvent,
  Fragment,
  createElement as h,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { Overlay, useDialog, useModalOverlay } from 'react-aria';
import { Button } from 'react-aria-components';
import { useOverlayTriggerState } from 'react-stately';
import type { SessionManager, SessionSnapshot } from './session-manager';
import { SESSION_TEXTS, type SessionTextCatalogue } from './texts';

const SessionManagerContext = createContext<SessionManager | null>(null);

/** The English texts of the session notice and lock; see {@link useSessionTexts}. */
export const SessionTexts: Readonly<SessionTextCatalogue> = SESSION_TEXTS;

/** The session texts as the nearest `ProcedoTexts` (`@procedo/texts`) gives them (English without one). */
export function useSessionTexts(): SessionTextCatalogue {
  return useCatalogue('session', SESSION_TEXTS);
}

function classNames(base: string, extra: string | undefined): string {
  return extra ? `${base} ${extra}` : base;
}

/** `data-*` state attributes (react-aria-components style): present when true, absent otherwise. */
function dataAttributes(states: Record<string, boolean>): Record<`data-${string}`, true | undefined> {
  const attributes: Record<`data-${string}`, true | undefined> = {};
  for (const [name, isOn] of Object.entries(states)) attributes[`data-${name}`] = isOn || undefined;
  return attributes;
}

function messageOf(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}

/** Props of {@link SessionProvider}. */
export interface SessionProviderProps {
  /** The manager to run while the provider is mounted. */
  manager: SessionManager;
  children?: ReactNode;
}

/**
 * Runs a session manager while mounted (start on mount, stop on unmount), checks it again
 * whenever the page becomes visible or gets focus (a woken laptop locks at once), and gives it
 * to {@link useSession}, {@link SessionTimeoutNotice} and {@link SessionLockOverlay}.
 */
export function SessionProvider({ manager, children }: SessionProviderProps) {
  useEffect(() => {
    const onWake = () => manager.check();
    manager.start();
    document.addEventListener('visibilitychange', onWake);
    window.addEventListener('focus', onWake);
    return () => {
      document.removeEventListener('visibilitychange', onWake);
      window.removeEventListener('focus', onWake);
      manager.stop();
    };
  }, [manager]);
  return h(SessionManagerContext.Provider, { value: manager }, children);
}

/** What {@link useSession} returns. */
export interface UseSessionResult {
  /** The manager's current snapshot; the component re-renders when it changes. */
  snapshot: SessionSnapshot;
  /** Extends the session (the manager's `keepAlive()`). */
  keepAlive: () => Promise<void>;
  /** Locks now (the manager's `markLoggedOut()`). */
  markLoggedOut: () => void;
  /** Re-evaluates now (the manager's `check()`). */
  check: () => void;
  /** The manager itself. */
  manager: SessionManager;
}

/** Reads the session of the nearest {@link SessionProvider}, re-rendering on each change. */
export function useSession(): UseSessionResult {
  const manager = useContext(SessionManagerContext);
  if (manager === null) throw new Error('useSession must be used inside a SessionProvider');
  const snapshot = useSyncExternalStore(manager.subscribe, manager.getSnapshot, manager.getSnapshot);
  return {
    snapshot,
    keepAlive: manager.keepAlive,
    markLoggedOut: manager.markLoggedOut,
    check: manager.check,
    manager,
  };
}

/** Props of {@link SessionTimeoutNotice}. */
export interface SessionTimeoutNoticeProps {
  /** Extra class names, after `procedo-SessionTimeoutNotice`. */
  className?: string;
  /**
   * Called when the keep-alive started by 'Log in' fails.
   * @default logs the error to the console
   */
  onError?: (error: unknown) => void;
}

/**
 * The session-timeout warning (spec §4): a non-modal notice, shown only while the session is in
 * `warning`, saying "Your session is about to expire." with the seconds left and a 'Log in'
 * button. 'Log in' extends the session in place (a keep-alive call): the session is still
 * alive, so no password is needed. Render it always: its alert region must exist before the
 * message appears for screen readers to announce it.
 */
export function SessionTimeoutNotice({ className, onError }: SessionTimeoutNoticeProps) {
  const { snapshot, manager } = useSession();
  const SessionTexts = useSessionTexts();
  const [isPending, setPending] = useState(false);
  const isWarning = snapshot.status === 'warning';
  const seconds = Math.max(0, Math.ceil((snapshot.msUntilLock ?? 0) / 1000));

  const extend = async () => {
    setPending(true);
    try {
      await manager.keepAlive();
    } catch (error) {
      (onError ?? console.error)(error);
    } finally {
      setPending(false);
    }
  };

  return h(
    'div',
    {
      className: classNames('procedo-SessionTimeoutNotice', className),
      'data-status': snapshot.status,
      ...dataAttributes({ visible: isWarning, pending: isWarning && isPending }),
    },
    h(
      'p',
      { role: 'alert', className: 'procedo-SessionTimeoutNotice-message' },
      isWarning ? SessionTexts.warning : null,
    ),
    isWarning
      ? h(
          Fragment,
          null,
          // Outside the alert region: a countdown re-announced every second would drown the page.
          h('p', { className: 'procedo-SessionTimeoutNotice-countdown' }, SessionTexts.secondsLeft(seconds)),
          h(
            Button,
            { className: 'procedo-SessionTimeoutNotice-button', onPress: extend, isPending },
            SessionTexts.warningButton,
          ),
        )
      : null,
  );
}

/** What {@link SessionLockOverlayProps.onLogin} receives. */
export interface SessionLoginInput {
  /** The password typed in the lock dialog. */
  password: string;
}

/** Props of {@link SessionLockOverlay}. */
export interface SessionLockOverlayProps {
  /** The signed-in user's name, shown in the dialog and sent with the password. */
  userName: string;
  /** The database's name, shown when given. */
  databaseName?: string;
  /**
   * Logs on again with the typed password. Resolve when the server accepted it (the stored
   * deadline is then newer); reject with an error whose message the dialog shows.
   */
  onLogin: (input: SessionLoginInput) => Promise<void>;
  /** Extra class names, after `procedo-SessionLockOverlay`. */
  className?: string;
}

/**
 * The session lock (spec §4): while the session is `locked`, a modal dialog "Your session has
 * expired." over the page with the user name, a password field and a 'Login' button that logs on
 * again in place. The page underneath is only covered, never unmounted or reloaded, so what was
 * typed survives. It closes when the manager finds the newer deadline — after this dialog's
 * login, or a login in another tab.
 */
export function SessionLockOverlay({ userName, databaseName, onLogin, className }: SessionLockOverlayProps) {
  const { snapshot, manager } = useSession();
  if (snapshot.status !== 'locked') return null;
  return h(
    Overlay,
    null,
    h(LockDialog, {
      className: classNames('procedo-SessionLockOverlay', className),
      // Inside the overlay: the form's state starts afresh with each lock.
      form: h(LockForm, { userName, databaseName, onLogin, manager }),
    }),
  );
}

/**
 * The modal layer and dialog of the lock, from react-aria's hooks (what react-aria-components'
 * `Modal` and `Dialog` are made of): focus kept inside and given back when it closes, the page
 * below inert, page scroll locked; neither Escape nor a click outside closes it.
 */
function LockDialog({ className, form }: { className: string; form: ReactNode }) {
  const SessionTexts = useSessionTexts();
  const modalRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLElement>(null);
  // Open while mounted; only the manager's newer deadline closes it.
  const state = useOverlayTriggerState({ isOpen: true });
  const { modalProps, underlayProps } = useModalOverlay(
    { isDismissable: false, isKeyboardDismissDisabled: true },
    state,
    modalRef,
  );
  const { dialogProps, titleProps } = useDialog({ role: 'alertdialog' }, dialogRef);
  return h(
    'div',
    { ...underlayProps, className, ...dataAttributes({ locked: true }) },
    h(
      'div',
      { ...modalProps, ref: modalRef, className: 'procedo-SessionLockOverlay-modal' },
      h(
        'section',
        { ...dialogProps, ref: dialogRef, className: 'procedo-SessionLockOverlay-dialog' },
        h('h2', { ...titleProps, className: 'procedo-SessionLockOverlay-heading' }, SessionTexts.expired),
        form,
      ),
    ),
  );
}

interface LockFormProps extends Omit<SessionLockOverlayProps, 'className'> {
  manager: SessionManager;
}

function LockForm({ userName, databaseName, onLogin, manager }: LockFormProps) {
  const SessionTexts = useSessionTexts();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  const pendingRef = useRef(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const passwordId = useId();
  const errorId = `${passwordId}-error`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pendingRef.current) return;
    pendingRef.current = true;
    setPending(true);
    setError(null);
    try {
      await onLogin({ password });
    } catch (cause) {
      setError(messageOf(cause, SessionTexts.loginFailed));
      passwordRef.current?.select();
      return;
    } finally {
      pendingRef.current = false;
      setPending(false);
    }
    setPassword('');
    // The login wrote a newer deadline: the manager sees it and closes this overlay.
    manager.check();
  };

  return h(
    Fragment,
    null,
    h(
      'dl',
      { className: 'procedo-SessionLockOverlay-account' },
      h('dt', null, SessionTexts.userName),
      h('dd', null, userName),
      databaseName
        ? h(Fragment, null, h('dt', null, SessionTexts.database), h('dd', null, databaseName))
        : null,
    ),
    h(
      'form',
      {
        className: 'procedo-SessionLockOverlay-form',
        onSubmit: submit,
        // A server error marks the field invalid without blocking the next submit.
        noValidate: true,
        ...dataAttributes({ pending: isPending, invalid: error !== null }),
      },
      // For password managers: the account the password belongs to.
      h('input', {
        type: 'text',
        name: 'username',
        autoComplete: 'username',
        value: userName,
        readOnly: true,
        hidden: true,
      }),
      h(
        'div',
        { className: 'procedo-SessionLockOverlay-password', ...dataAttributes({ invalid: error !== null }) },
        h('label', { htmlFor: passwordId }, SessionTexts.password),
        h('input', {
          ref: passwordRef,
          id: passwordId,
          name: 'password',
          type: 'password',
          autoComplete: 'current-password',
          autoFocus: true,
          value: password,
          onChange: (event: ChangeEvent<HTMLInputElement>) => setPassword(event.target.value),
          'aria-invalid': error !== null || undefined,
          'aria-describedby': error === null ? undefined : errorId,
        }),
      ),
      error === null
        ? null
        : h('p', { id: errorId, role: 'alert', className: 'procedo-SessionLockOverlay-error' }, error),
      h(
        Button,
        { type: 'submit', className: 'procedo-SessionLockOverlay-button', isPending },
        SessionTexts.loginButton,
      ),
    ),
  );
}

export { SESSION_TEXTS, type SessionTextCatalogue } from './texts';
