import type { Bookmark, SiteMapNode } from '@procedo/client-api';
import { deferCall, navigationTarget, TOP_MENU_BAR_DELAY_MS, useMessages } from '@procedo/forms-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { callback, v1 } from '../api';
import { matchBookmarks, useBookmarkChanges } from '../bookmarks/bookmarks';
import { HostDeveloperBar } from '../developer/HostDeveloperBar';
import { withPageTimeTravel } from '../forms/form-query';
import { TranslationModeToggle, useTranslationPrompt } from '../translation/useTranslationPrompt';
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
  /** The user's language choice, among the account links. */
  languagePicker?: ReactNode;
}

/**
 * The frame of every signed-in page: the title bar (product, Quick find, the user's name, UI
 * mode and Sign Out), the profile navigation from the site map, and the page in `main`.
 */
export function AppShell({ children, sessionNotice, languagePicker }: AppShellProps) {
  const { context, errorHandler } = useSignedIn();
  const messages = useMessages();
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const [navigation, setNavigation] = useState<NavigationState>({ kind: 'loading' });
  const [quickFind, setQuickFind] = useState('');
  const [navigationRevision, setNavigationRevision] = useState(0);
  // A node translated into the language this user reads shows once the site map is loaded again.
  const translation = useTranslationPrompt((saved) => {
    if (saved.LangCode === context.User.preferences.language) setNavigationRevision((n) => n + 1);
  });
  const quickFindId = useId();

  // Loaded again after a re-login (a new session id): a failure for want of a session heals.
  // And after a profile switch: the navigation is the profile's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload only when the session or its profile changes, or after a translation
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
          errorHandler.handle(cause, { callerText: messagesRef.current.siteMapLoadError });
        });
    }, TOP_MENU_BAR_DELAY_MS);
    return () => {
      isCurrent = false;
      cancel();
    };
  }, [context.SessionId, context.WebProfileId, navigationRevision]);

  // Quick find offers the user's bookmarks too: read when a search starts and after each toggle.
  const [bookmarks, setBookmarks] = useState<readonly Bookmark[]>([]);
  const isFinding = quickFind.trim() !== '';
  const bookmarkChanges = useBookmarkChanges();
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again per session and per change
  useEffect(() => {
    if (!isFinding) return;
    let isCurrent = true;
    v1.bookmarks.list().then(
      (list) => {
        if (isCurrent) setBookmarks(list.Items);
      },
      // The navigation still filters; a failed read only leaves bookmarks out of Quick find.
      (cause: unknown) => console.error(cause),
    );
    return () => {
      isCurrent = false;
    };
  }, [isFinding, bookmarkChanges, context.SessionId]);
  const foundBookmarks = matchBookmarks(bookmarks, quickFind);

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
          <Link to="/profile" title="Your profile">
            {context.User.legalName}
          </Link>
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
            <TranslationModeToggle />
            {languagePicker ? <li>{languagePicker}</li> : null}
            <li>
              <Link to="/?cmd=logout_kill">Sign Out</Link>
            </li>
          </ul>
        </nav>
        {sessionNotice}
      </header>
      <HostDeveloperBar />
      <div className="procedo-AppShell-body">
        <nav aria-label="Profile navigation" className="procedo-Navigation">
          {navigation.kind === 'loading' ? <p role="status">Loading navigation…</p> : null}
          {navigation.kind === 'error' ? (
            <p role="alert" className="procedo-Navigation-error">
              {messages.siteMapLoadError}
            </p>
          ) : null}
          {foundBookmarks.length > 0 ? (
            <section aria-labelledby={`${quickFindId}-bookmarks`} className="procedo-QuickFind-bookmarks">
              <h2 id={`${quickFindId}-bookmarks`} className="procedo-NavigationTree-group">
                Bookmarks
              </h2>
              <ul className="procedo-NavigationTree">
                {foundBookmarks.map((bookmark) => (
                  <li key={`${bookmark.TableId}:${bookmark.RecordId}`}>
                    <Link to={withPageTimeTravel(bookmark.Url, pageParams)} title={bookmark.FormTitle}>
                      {bookmark.Title || `#${bookmark.RecordId}`}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {navigation.kind === 'ready' && visibleNodes.length === 0 && foundBookmarks.length === 0 ? (
            <p>
              {quickFind.trim() ? `No navigation items match “${quickFind.trim()}”.` : 'No navigation items.'}
            </p>
          ) : null}
          {visibleNodes.length > 0 ? (
            <NavigationTree
              nodes={visibleNodes}
              onTranslate={
                translation.onTranslate
                  ? (node) => translation.onTranslate?.(navigationTarget(context.User.profileId, node))
                  : undefined
              }
            />
          ) : null}
          {translation.prompt}
        </nav>
        <main className="procedo-AppShell-main">{children}</main>
      </div>
    </div>
  );
}
