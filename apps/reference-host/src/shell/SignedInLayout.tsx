import { Messages, NotLoggedOnError, type SessionContext, UiModeSchema } from '@procedo/client-api';
import {
  FormOpenerProvider,
  LoadingPanel,
  localizeMessage,
  readTimeTravelQuery,
  ShellProvider,
  useMessages,
  useShell,
} from '@procedo/forms-react';
import { ProcessRunnerProvider, useProcessTexts } from '@procedo/process-react';
import { createSessionManager, type SessionManager } from '@procedo/session';
import { SessionLockOverlay, SessionProvider, SessionTimeoutNotice } from '@procedo/session/react';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { applySessionTimeout, bindSessionLock, callback, serverTimeout, v1 } from '../api';
import { logonUrlFor } from '../logon/return-url';
import { ProcessChangesContext } from '../processes/process-changes';
import { RouteLoading } from '../routes/route-loading';
import { userMessage } from '../user-message';
import { AppShell } from './AppShell';
import { createHostErrorHandler } from './host-error-handler';
import { LanguagePicker } from './LanguagePicker';
import { type LanguageCode, shippedLanguage } from './languages';
import { type HostErrorHandler, SignedInContext } from './signed-in-context';
import { windowTitle } from './title';
import { UserTexts } from './UserTexts';

type LoadState =
  | { kind: 'loading' }
  | { kind: 'ready'; context: SessionContext }
  | { kind: 'error'; message: string };

/**
 * The layout of every signed-in page: loads the session context (not signed in → the logon
 * page, coming back here afterwards), then renders the shell with the session notice and lock.
 */
export function SignedInLayout() {
  const navigate = useNavigate();
  const location = useLocation();
  const [state, setState] = useState<LoadState>({ kind: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the context is loaded once per visit
  useEffect(() => {
    let isCurrent = true;
    v1.session
      .get()
      .then((context) => {
        if (!isCurrent) return;
        applySessionTimeout(context.SessionTimeoutMinutes);
        setState({ kind: 'ready', context });
      })
      .catch((cause: unknown) => {
        if (!isCurrent) return;
        if (cause instanceof NotLoggedOnError) {
          navigate(logonUrlFor(`${location.pathname}${location.search}${location.hash}`), { replace: true });
          return;
        }
        console.error(cause);
        setState({ kind: 'error', message: userMessage(cause) });
      });
    return () => {
      isCurrent = false;
    };
  }, []);

  if (state.kind === 'loading') return <LoadingPanel isVisible label="Loading…" />;
  if (state.kind === 'error') {
    return (
      <main className="procedo-PageError">
        {/* No user yet, so no language: the English catalogue. */}
        <h1>{Messages.pageLoadError}</h1>
        <p role="alert">{state.message}</p>
      </main>
    );
  }
  return <SignedInApp initialContext={state.context} />;
}

function SignedInApp({ initialContext }: { initialContext: SessionContext }) {
  const [context, setContext] = useState(initialContext);
  const [manager] = useState(() =>
    createSessionManager({
      timeoutMinutes: initialContext.SessionTimeoutMinutes,
      readDeadline: () => serverTimeout.read(),
      keepAlive: async () => {
        await callback.keepAlive();
      },
    }),
  );

  useEffect(() => {
    manager.setTimeoutMinutes(context.SessionTimeoutMinutes);
  }, [manager, context.SessionTimeoutMinutes]);

  useEffect(() => bindSessionLock(() => manager.getSnapshot().status === 'locked'), [manager]);

  return (
    // The SDK's texts in the user's language (issue 14 item 4), for the shell's dialogs too.
    <UserTexts language={shippedLanguage(context.User.preferences.language)}>
      <ShellProvider>
        {/* One form opener for every signed-in page: links with a target, dialogs, popups (spec §2). */}
        <FormOpenerProvider>
          <SessionProvider manager={manager}>
            <SignedInShell context={context} onContextChange={setContext} manager={manager} />
          </SessionProvider>
        </FormOpenerProvider>
      </ShellProvider>
    </UserTexts>
  );
}

interface SignedInShellProps {
  context: SessionContext;
  onContextChange: (context: SessionContext) => void;
  manager: SessionManager;
}

/** Resolves once the manager is no longer locked (the user logged on again, in any tab). */
function waitForUnlock(manager: SessionManager): Promise<boolean> {
  return new Promise((resolve) => {
    const unsubscribe = manager.subscribe(() => {
      if (manager.getSnapshot().status === 'locked') return;
      unsubscribe();
      resolve(true);
    });
  });
}

function SignedInShell({ context, onContextChange, manager }: SignedInShellProps) {
  const shell = useShell();
  const shellRef = useRef(shell);
  shellRef.current = shell;
  // client-api's English §8 messages, as the handler passes them on, shown in the user's language.
  const processTexts = useProcessTexts();
  const messages = useMessages();
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const localized = (text: string) => localizeMessage(text, messagesRef.current);
  const [searchParams, setSearchParams] = useSearchParams();

  // One handler for the page's life: it remembers that the logon prompt is already open (§8).
  const [errorHandler] = useState(() =>
    createHostErrorHandler(context, {
      alert: (text) => {
        void shellRef.current.alert(localized(text));
      },
      notifyError: (text) => shellRef.current.notify.error(localized(text)),
      showHtml: (html, title) => {
        void shellRef.current.alertHtml(html, title ? { title } : undefined);
      },
      prompt: (message, defaultValue) => {
        void shellRef.current.prompt(localized(message), defaultValue);
      },
      // The logon window of §8 is the lock overlay: it re-authenticates in place.
      openLogon: () => {
        manager.markLoggedOut();
        return waitForUnlock(manager);
      },
    }),
  );

  const onLogin = useCallback(
    async ({ password }: { password: string }) => {
      let next: SessionContext;
      try {
        next = await v1.session.logon({
          Database: context.WebDatabaseId,
          UserName: context.User.name,
          Password: password,
        });
      } catch (cause) {
        console.error(cause);
        throw new Error(userMessage(cause), { cause });
      }
      applySessionTimeout(next.SessionTimeoutMinutes);
      errorHandler.logonSucceeded();
      onContextChange(next);
    },
    [context.WebDatabaseId, context.User.name, errorHandler, onContextChange],
  );

  useEffect(() => {
    document.title = windowTitle(context);
  }, [context]);

  const uiMode = context.User.preferences.ui;
  useEffect(() => {
    document.documentElement.dataset.ui = uiMode;
  }, [uiMode]);

  // `?a_ui=classic|modern`: save the preference, then drop the parameter from the address.
  const requestedUi = searchParams.get('a_ui');
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the parameter appears
  useEffect(() => {
    if (requestedUi === null) return;
    const dropParameter = () =>
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete('a_ui');
          return next;
        },
        { replace: true },
      );
    const parsed = UiModeSchema.safeParse(requestedUi);
    if (!parsed.success) {
      dropParameter();
      return;
    }
    v1.session
      .setPreferences({ ui: parsed.data })
      .then((next) => onContextChange(next))
      .catch((cause: unknown) => errorHandler.handle(cause, { callerText: 'Saving the UI preference' }))
      .finally(dropParameter);
  }, [requestedUi]);

  const language = shippedLanguage(context.User.preferences.language);
  const [isSavingLanguage, setSavingLanguage] = useState(false);
  const onLanguageChange = (next: LanguageCode) => {
    setSavingLanguage(true);
    v1.session
      .setPreferences({ language: next })
      .then((saved) => onContextChange(saved))
      .catch((cause: unknown) => errorHandler.handle(cause, { callerText: 'Saving the language preference' }))
      .finally(() => setSavingLanguage(false));
  };

  const value = useMemo(
    () => ({ context, errorHandler: errorHandler as HostErrorHandler, onContextChange }),
    [context, errorHandler, onContextChange],
  );

  // The step runner changed a process: process pages load it again (see ProcessChangesContext).
  const [processChanges, setProcessChanges] = useState(0);
  const onProcessChanged = useCallback(() => setProcessChanges((n) => n + 1), []);
  const navigate = useNavigate();
  const navigateTo = useCallback(
    (url: string) => {
      // Pages of this app go through the router; anything else is a full page load.
      if (url.startsWith('/') && !url.startsWith('//')) navigate(url);
      else window.location.assign(url);
    },
    [navigate],
  );

  // While the page views a timepoint (even a malformed one: api.ts refuses writes then too), the
  // runner changes nothing and says why (CONTRACT "Time travel").
  const viewed = searchParams.get('Timepoint')?.trim() || null;
  const readOnlyReason =
    viewed === null
      ? null
      : processTexts.process.readOnlyTimepoint(readTimeTravelQuery(searchParams).timepoint ?? viewed);

  return (
    <SignedInContext.Provider value={value}>
      <ProcessRunnerProvider
        api={v1.processes}
        isSupervisor={context.WebUserIsSupervisor}
        navigate={navigateTo}
        onChanged={onProcessChanged}
        readOnlyReason={readOnlyReason}
      >
        <ProcessChangesContext.Provider value={processChanges}>
          <AppShell
            languagePicker={
              <LanguagePicker language={language} onChange={onLanguageChange} isDisabled={isSavingLanguage} />
            }
            sessionNotice={
              <SessionTimeoutNotice
                onError={(cause) => errorHandler.handle(cause, { callerText: 'Keeping the session alive' })}
              />
            }
          >
            {/* A page's code loads on its first visit (routes/lazy-pages.tsx): the shell stays. */}
            <Suspense fallback={<RouteLoading />}>
              <Outlet />
            </Suspense>
          </AppShell>
        </ProcessChangesContext.Provider>
      </ProcessRunnerProvider>
      <SessionLockOverlay
        userName={context.User.name}
        databaseName={context.WebDatabaseName}
        onLogin={onLogin}
      />
    </SignedInContext.Provider>
  );
}
