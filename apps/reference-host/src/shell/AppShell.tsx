import { Messages, type SiteMapNode } from '@procedo/client-api';
import { deferCall, TOP_MENU_BAR_DELAY_MS } from '@procedo/forms-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { callback } from '../api';
import { withPageTimeTravel } from '../forms/form-query';
import { NavigationTree } from './NavigationTree';
import { useSignedIn } from './signed-in-context';
import { filterSiteMap } from './site-map-filter';
import { PRODUCT_NAME } from './title';

type NavigationState = { kind: 'loading' } | { kind: 'ready'; nodes: SiteMapNode[] } | { kind: 'error' };

/** Props of {@link AppShell}. */
export interface AppShellProps {
  children: ReactNode;
  /** The session-timeout notice: in the title bar's landmark, shown floating by its styles. */
  sessionNotice?: ReactNode;
}

/**
 * The frame of every signed-in page: the title bar (product, Quick find, the user's name, UI
 * mode and Sign Out), the profile navigation from the site map, and the page in `main`.
 */
export function AppShell({ children, sessionNotice }: AppShellProps) {
  const { context, errorHandler } = useSignedIn();
  const [navigation, setNavigation] = useState<NavigationState>({ kind: 'loading' });
  const [quickFind, setQuickFind] = useState('');
  const quickFindId = useId();

  // Loaded again after a re-login (a new session id): a failure for want of a session heals.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload only when the session changes
  useEffect(() => {
    let isCurrent = true;
    setNavigation({ kind: 'loading' });
    // Spec §9 top menu bar call: 100 ms after the page starts, behind the page's own first calls.
    const cancel = deferCall(() => {
      callback
        .siteMap()
        .then((nodes) => {
          if (isCurrent) setNavigation({ kind: 'ready', nodes });
        })
        .catch((cause: unknown) => {
          if (!isCurrent) return;
          setNavigation({ kind: 'error' });
          errorHandler.handle(cause, { callerText: Messages.siteMapLoadError });
        });
    }, TOP_MENU_BAR_DELAY_MS);
    return () => {
      isCurrent = false;
      cancel();
    };
  }, [context.SessionId]);

  const isClassic = context.User.preferences.ui === 'classic';
  // Going home from a page in time travel stays at its timepoint.
  const [pageParams] = useSearchParams();
  const visibleNodes = navigation.kind === 'ready' ? filterSiteMap(navigation.nodes, quickFind) : [];

  return (
    <div className="procedo-AppShell">
      <header className="procedo-TitleBar">
        <Link to={withPageTimeTravel('/', pageParams)} className="procedo-TitleBar-product">
          {PRODUCT_NAME}
        </Link>
        <search className="procedo-QuickFind">
          <label htmlFor={quickFindId}>Quick find</label>
          <input
            id={quickFindId}
            type="search"
            value={quickFind}
            onChange={(event) => setQuickFind(event.target.value)}
            autoComplete="off"
          />
        </search>
        <span className="procedo-TitleBar-user">
          <span className="procedo-visually-hidden">Signed in as </span>
          <span>{context.User.legalName}</span>
        </span>
        <nav aria-label="Account" className="procedo-TitleBar-links">
          <ul>
            <li>
              <Link to="/?a_ui=classic" aria-current={isClassic ? 'true' : undefined}>
                Classic
              </Link>
            </li>
            <li>
              <Link to="/?a_ui=modern" aria-current={isClassic ? undefined : 'true'}>
                Modern
              </Link>
            </li>
            <li>
              <Link to="/?cmd=logout_kill">Sign Out</Link>
            </li>
          </ul>
        </nav>
        {sessionNotice}
      </header>
      <div className="procedo-AppShell-body">
        <nav aria-label="Profile navigation" className="procedo-Navigation">
          {navigation.kind === 'loading' ? <p role="status">Loading navigation…</p> : null}
          {navigation.kind === 'error' ? (
            <p role="alert" className="procedo-Navigation-error">
              {Messages.siteMapLoadError}
            </p>
          ) : null}
          {navigation.kind === 'ready' && visibleNodes.length === 0 ? (
            <p>
              {quickFind.trim() ? `No navigation items match “${quickFind.trim()}”.` : 'No navigation items.'}
            </p>
          ) : null}
          {visibleNodes.length > 0 ? <NavigationTree nodes={visibleNodes} /> : null}
        </nav>
        <main className="procedo-AppShell-main">{children}</main>
      </div>
    </div>
  );
}
