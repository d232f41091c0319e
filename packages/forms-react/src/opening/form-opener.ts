import { Messages } from '@procedo/client-api';
import {
  type DialogTarget,
  formatPopupFeatures,
  isSafeOpenUrl,
  type OpenEnvironment,
  type OpenRequest,
  type OpenTarget,
  resolveOpenRequest,
} from './open-target';
import { DATA_SOURCES_PROPERTY } from './parent-data-source';

/** The parts of a window the opener navigates (a real `Window` fits). */
export interface NavigableWindow {
  readonly location: { readonly href: string; assign(url: string): void };
}

/** The parts of the opening window the opener uses (a real `Window` fits). */
export interface OpenerWindow extends NavigableWindow {
  readonly innerWidth: number;
  readonly innerHeight: number;
  readonly screen: { readonly width: number; readonly height: number };
  readonly top: NavigableWindow | null;
  readonly parent: NavigableWindow | null;
  /** Named frames: `window.frames[name]`. */
  readonly frames: unknown;
  open(url?: string, target?: string, features?: string): Window | null;
}

/** Options of {@link createFormOpener}. */
export interface FormOpenerOptions {
  /** The window forms open from. */
  window: OpenerWindow;
  /** Shows an in-page dialog hosting the page (the React provider renders a `FormDialog`). */
  showDialog(dialog: DialogTarget): void;
  /** Shows a message to the user (the shell's modal Alert in the React provider). */
  alert(text: string): void;
}

/** What {@link FormOpener.open} did. */
export interface OpenOutcome {
  /** Where the request was resolved to. */
  target: OpenTarget;
  /** The window opened or navigated; `null` for a dialog or a blocked popup. */
  window: Window | NavigableWindow | null;
  /** Whether the browser refused to open a window (the user was told, spec §8). */
  isBlocked: boolean;
}

/** The product's one way to open a form or page (spec §2 "How forms open"). */
export interface FormOpener {
  /** Opens a page in the target the request names; see `resolveOpenRequest` for the rules. */
  open(request: OpenRequest): OpenOutcome;
}

/** Reads the window and screen sizes the opening rules need. */
export function readOpenEnvironment(win: OpenerWindow): OpenEnvironment {
  return {
    windowWidth: win.innerWidth,
    windowHeight: win.innerHeight,
    screenWidth: win.screen.width,
    screenHeight: win.screen.height,
  };
}

/**
 * Creates the form opener: popups through `window.open` with fitted, centred features (a blocked
 * popup alerts 'Unable to open a popup window…'), tabs, dialogs through `showDialog`, and the
 * current, top, parent or a named frame through their location. Popups it opens clear their
 * content when they close (`installPopupCleanup`).
 *
 * @example
 * const opener = createFormOpener({ window, showDialog: (d) => setDialog(d), alert: (t) => shell.alert(t) });
 * opener.open({ url: '/form?WebTemplateNo=12', target: 'edit_dialog', title: 'Supplier' });
 */
export function createFormOpener(options: FormOpenerOptions): FormOpener {
  const win = options.window;

  function openWindow(target: OpenTarget, url: string, name: string, features?: string): OpenOutcome {
    const child = features === undefined ? win.open(url, name) : win.open(url, name, features);
    if (!child) {
      options.alert(Messages.popupBlocked);
      return { target, window: null, isBlocked: true };
    }
    if (target.kind === 'popup') installPopupCleanup(child);
    return { target, window: child, isBlocked: false };
  }

  function navigate(target: OpenTarget, destination: NavigableWindow | null): OpenOutcome {
    // A detached document has no top or parent; the page itself is then the nearest choice.
    const navigated = destination ?? win;
    navigated.location.assign(target.url);
    return { target, window: navigated, isBlocked: false };
  }

  return {
    open(request) {
      if (!isSafeOpenUrl(request.url, win.location.href)) {
        throw new TypeError(`Refusing to open ${JSON.stringify(request.url)}: only http(s) pages open.`);
      }
      const target = resolveOpenRequest(request, readOpenEnvironment(win));
      switch (target.kind) {
        case 'popup':
          return openWindow(target, target.url, target.name, formatPopupFeatures(target.features));
        case 'tab':
          return openWindow(target, target.url, target.name);
        case 'dialog':
          options.showDialog(target);
          return { target, window: null, isBlocked: false };
        case 'self':
          return navigate(target, win);
        case 'top':
          return navigate(target, win.top);
        case 'parent':
          return navigate(target, win.parent);
        case 'frame': {
          const frame = namedFrame(win, target.name);
          if (frame) return navigate(target, frame);
          return openWindow(target, target.url, target.name);
        }
      }
    },
  };
}

function namedFrame(win: OpenerWindow, name: string): NavigableWindow | null {
  try {
    const frame = (win.frames as Record<string, unknown> | null | undefined)?.[name];
    if (frame && typeof frame === 'object' && 'location' in frame) return frame as NavigableWindow;
  } catch {
    // A cross-origin WindowProxy may refuse the named lookup; a named window.open still works.
  }
  return null;
}

/** The parts of a popup window the cleanup touches (a real `Window` fits). */
export interface PopupWindow {
  readonly closed: boolean;
  readonly location: { readonly href: string; replace(url: string): void };
  readonly document: Document;
  close(): void;
  addEventListener(type: 'pagehide', listener: (event: Event) => void): void;
  removeEventListener(type: 'pagehide', listener: (event: Event) => void): void;
}

function isSameOrigin(child: PopupWindow): boolean {
  try {
    // Reading a cross-origin window's location throws a SecurityError.
    return typeof child.location.href === 'string' && child.document !== null;
  } catch {
    return false;
  }
}

function clearContent(child: PopupWindow): void {
  child.document.body?.replaceChildren();
  child.document.title = '';
  // Pages opened from this one must no longer find its data (spec §8 'The data on the parent…').
  delete (child as unknown as Record<string, unknown>)[DATA_SOURCES_PROPERTY];
}

/**
 * Spec §2: a popup clears its content on close. Listens, on a same-origin popup, for the page
 * being hidden for good (`pagehide` that does not go to the back-forward cache) and empties its
 * document and its registered data sources. A cross-origin popup cannot be listened to and is left
 * alone. Returns a function that stops listening.
 */
export function installPopupCleanup(child: PopupWindow): () => void {
  if (!isSameOrigin(child)) return () => {};
  const onPageHide = (event: Event) => {
    // A page kept in the back-forward cache may come back as it was.
    if ((event as PageTransitionEvent).persisted) return;
    try {
      // The initial empty document, replaced by the page being loaded, is not a close.
      if (child.location.href === 'about:blank') return;
      clearContent(child);
    } catch {
      // The popup moved to another origin; it is no longer ours to clear.
    }
  };
  child.addEventListener('pagehide', onPageHide);
  return () => child.removeEventListener('pagehide', onPageHide);
}

/**
 * Closes a popup after clearing its content: a same-origin popup has its document emptied, a
 * cross-origin one is sent to `about:blank` first.
 */
export function clearAndClosePopup(child: PopupWindow): void {
  if (child.closed) return;
  if (isSameOrigin(child)) clearContent(child);
  else child.location.replace('about:blank');
  child.close();
}
