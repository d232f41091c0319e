import { type Bookmark, parseTimepoint, type SiteMapNode } from '@procedo/client-api';
import { deferCall, navigationTarget, TOP_MENU_BAR_DELAY_MS, useMessages } from '@procedo/forms-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { callback, v1 } from '../api';
import { matchBookmarks, useBookmarkChanges } from '../bookmarks/bookmarks';
import { LazyHostDeveloperBar } from '../developer/LazyHostDeveloperBar';
import { withPageTimeTravel } from '../forms/form-query';
import { useHostTexts } from '../texts';
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
  const texts = useHostTexts().shell;
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
  const menu = useNavigationMenu();
  // A page in time travel shows the navigation in force at its timepoint (a well-formed one: the
  // page itself says when it is not).
  const [addressParams] = useSearchParams();
  const pageTimepoint = addressParams.get('Timepoint') ?? '';
  const menuTimepoint = parseTimepoint(pageTimepoint) === null ? undefined : pageTimepoint;

  // Loaded again after a re-login (a new session id): a failure for want of a session heals.
  // And after a profile switch: the navigation is the profile's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload only when the session or its profile changes, after a translation, or at another timepoint
  useEffect(() => {
    let isCurrent = true;
    setNavigation({ kind: 'loading' });
    // Spec §9 top menu bar call: 100 ms after the page starts, behind the page's own first calls.
    const cancel = deferCall(() => {
      callback
        .siteMap(menuTimepoint === undefined ? {} : { timepoint: menuTimepoint })
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
  }, [context.SessionId, context.WebProfileId, navigationRevision, menuTimepoint]);

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
        {/* Below a tablet's width (styles/app.css) the navigation is behind this button. */}
        <button
          type="button"
          ref={menu.buttonRef}
          className="procedo-MenuButton"
          aria-expanded={menu.isOpen}
          aria-controls={menu.navigationId}
          onClick={menu.toggle}
          onKeyDown={menu.onKeyDown}
        >
          {texts.menu}
        </button>
        <Link to={withPageTimeTravel('/', pageParams)} className="procedo-TitleBar-product">
          {PRODUCT_NAME}
        </Link>
        <search className="procedo-QuickFind">
          <label htmlFor={quickFindId}>Quick find</label>
          <input
            id={quickFindId}
            type="search"
            value={quickFind}
            onChange={(event) => {
              setQuickFind(event.target.value);
              // What it finds is in the navigation: on a phone, open the menu to show it.
              if (event.target.value.trim()) menu.show();
            }}
            autoComplete="off"
          />
        </search>
        <span className="procedo-TitleBar-user">
          <span className="procedo-visually-hidden">Signed in as </span>
          <Link to="/profile" title={texts.yourProfile}>
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
      <LazyHostDeveloperBar />
      <div className="procedo-AppShell-body">
        <nav
          aria-label="Profile navigation"
          id={menu.navigationId}
          ref={menu.navigationRef}
          className="procedo-Navigation"
          data-open={menu.isOpen || undefined}
          onKeyDown={menu.onKeyDown}
        >
          {navigation.kind === 'loading' ? <p role="status">{texts.loadingNavigation}</p> : null}
          {navigation.kind === 'error' ? (
            <p role="alert" className="procedo-Navigation-error">
              {messages.siteMapLoadError}
            </p>
          ) : null}
          {foundBookmarks.length > 0 ? (
            <section aria-labelledby={`${quickFindId}-bookmarks`} className="procedo-QuickFind-bookmarks">
              <h2 id={`${quickFindId}-bookmarks`} className="procedo-NavigationTree-group">
                {texts.bookmarks}
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

/**
 * The navigation as a menu on a narrow screen (the button and the hiding are CSS's; on a wide
 * screen the navigation always shows and the state does nothing): the button opens it and moves
 * focus to its first link, Escape closes it and returns focus to the button, and going to another
 * page closes it.
 */
function useNavigationMenu() {
  const [isOpen, setOpen] = useState(false);
  const navigationId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const navigationRef = useRef<HTMLElement>(null);
  const focusFirstLink = useRef(false);
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes whenever the page changes
  useEffect(() => setOpen(false), [location.pathname, location.search]);

  useEffect(() => {
    if (!isOpen || !focusFirstLink.current) return;
    focusFirstLink.current = false;
    navigationRef.current?.querySelector<HTMLElement>('a[href], button')?.focus();
  }, [isOpen]);

  return {
    isOpen,
    navigationId,
    buttonRef,
    navigationRef,
    toggle: () => {
      focusFirstLink.current = !isOpen;
      setOpen(!isOpen);
    },
    show: () => setOpen(true),
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !isOpen) return;
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    },
  };
}
