// @vitest-environment jsdom
import { Messages } from '@procedo/client-api';
import { describe, expect, it, vi } from 'vitest';
import { clearAndClosePopup, createFormOpener, installPopupCleanup, type OpenerWindow } from './form-opener';
import type { DialogTarget } from './open-target';
import { findParentDataSource, isParentDataSourceError, registerDataSource } from './parent-data-source';

/** A fake page window: an event target with a location, a document and a close(). */
function fakeChild(href = 'http://127.0.0.1:3000/form?WebTemplateNo=12') {
  const doc = document.implementation.createHTMLDocument('Supplier');
  doc.body.innerHTML = '<form><input name="Name" value="Acme"></form>';
  const child = Object.assign(new EventTarget(), {
    closed: false,
    opener: null as unknown,
    location: { href, replace: vi.fn(), assign: vi.fn() },
    document: doc,
    close: vi.fn(() => {
      child.closed = true;
    }),
  });
  return child;
}

function fakeLocation(href: string) {
  return { href, assign: vi.fn() };
}

function fakeWindow(overrides: { open?: OpenerWindow['open']; frames?: unknown } = {}) {
  const top = { location: fakeLocation('http://127.0.0.1:3000/') };
  const parent = { location: fakeLocation('http://127.0.0.1:3000/apps/flow/step/?id=3') };
  const win = {
    location: fakeLocation('http://127.0.0.1:3000/form?WebTemplateNo=1'),
    innerWidth: 1200,
    innerHeight: 800,
    screen: { width: 1920, height: 1080 },
    top,
    parent,
    frames: overrides.frames ?? {},
    open: vi.fn(overrides.open ?? (() => fakeChild() as unknown as Window)),
  };
  return win;
}

function setup(overrides: Parameters<typeof fakeWindow>[0] = {}) {
  const win = fakeWindow(overrides);
  const dialogs: DialogTarget[] = [];
  const alerts: string[] = [];
  const opener = createFormOpener({
    window: win,
    showDialog: (dialog) => dialogs.push(dialog),
    alert: (text) => alerts.push(text),
  });
  return { win, opener, dialogs, alerts };
}

const url = '/form?WebTemplateNo=12';

describe('createFormOpener', () => {
  it('opens a popup through window.open with fitted, centred features', () => {
    const { win, opener } = setup();
    const outcome = opener.open({ url });
    expect(win.open).toHaveBeenCalledWith(
      url,
      '_blank',
      'popup=yes,width=600,height=400,left=660,top=340,resizable=yes,scrollbars=yes',
    );
    expect(outcome).toMatchObject({ isBlocked: false, target: { kind: 'popup' } });
    expect(outcome.window).not.toBeNull();
  });

  it('alerts the spec message and reports a blocked popup when window.open gives null', () => {
    const { opener, alerts } = setup({ open: () => null });
    const outcome = opener.open({ url, size: 'max' });
    expect(alerts).toEqual([
      'Unable to open a popup window. Please ensure that popup windows are enabled for this site.',
    ]);
    expect(alerts[0]).toBe(Messages.popupBlocked);
    expect(outcome).toMatchObject({ isBlocked: true, window: null });
  });

  it('alerts the same message when a tab is blocked', () => {
    const { opener, alerts } = setup({ open: () => null });
    expect(opener.open({ url, target: '_tab' }).isBlocked).toBe(true);
    expect(alerts).toEqual([Messages.popupBlocked]);
  });

  it('opens a tab with no window features, a bare _tab as a new one and a named tab by its name', () => {
    const { win, opener } = setup();
    opener.open({ url, target: '_tab' });
    opener.open({ url, target: 'orders_tab' });
    expect(win.open.mock.calls).toEqual([
      [url, '_blank'],
      [url, 'orders_tab'],
    ]);
  });

  it('hands a dialog to showDialog, sized and titled, without opening a window', () => {
    const { win, opener, dialogs } = setup();
    const outcome = opener.open({ url, target: 'supplier_dialog', title: 'Supplier', size: 'max2' });
    expect(dialogs).toEqual([
      { kind: 'dialog', url, width: 590, height: 780, title: 'Supplier', isModal: true },
    ]);
    expect(win.open).not.toHaveBeenCalled();
    expect(outcome).toMatchObject({ window: null, isBlocked: false });
  });

  it('navigates the current, top and parent windows for _self, _top and _parent', () => {
    const { win, opener } = setup();
    opener.open({ url: '/a', target: '_self' });
    opener.open({ url: '/b', target: '_top' });
    opener.open({ url: '/c', target: 'step_parent' });
    expect(win.location.assign).toHaveBeenCalledWith('/a');
    expect(win.top.location.assign).toHaveBeenCalledWith('/b');
    expect(win.parent.location.assign).toHaveBeenCalledWith('/c');
    expect(win.open).not.toHaveBeenCalled();
  });

  it('navigates the page itself when it has no top or parent window', () => {
    const win = { ...fakeWindow(), top: null, parent: null };
    const opener = createFormOpener({ window: win, showDialog: () => {}, alert: () => {} });
    opener.open({ url: '/b', target: '_top' });
    expect(win.location.assign).toHaveBeenCalledWith('/b');
  });

  it('navigates a named frame of the page, and opens a window of that name when there is none', () => {
    const helpPane = { location: fakeLocation('about:blank') };
    const { win, opener } = setup({ frames: { helpPane } });
    opener.open({ url: '/help/forms', target: 'helpPane' });
    expect(helpPane.location.assign).toHaveBeenCalledWith('/help/forms');
    expect(win.open).not.toHaveBeenCalled();

    opener.open({ url: '/help/forms', target: 'otherPane' });
    expect(win.open).toHaveBeenCalledWith('/help/forms', 'otherPane');
  });

  it('opens process step targets through the same call', () => {
    const { win, opener, dialogs } = setup();
    opener.open({ url, target: '_blankStep4', title: 'Approve', isModal: false });
    opener.open({ url, target: '_dialog', title: 'Approve', isModal: false });
    expect(win.open.mock.calls[0]?.[1]).toBe('_blankStep4');
    expect(dialogs[0]).toMatchObject({ title: 'Approve', isModal: false });
  });

  it('refuses a javascript: URL instead of running it', () => {
    const { win, opener } = setup();
    expect(() => opener.open({ url: 'javascript:alert(1)', target: '_self' })).toThrow(TypeError);
    expect(win.location.assign).not.toHaveBeenCalled();
  });
});

describe('popup cleanup', () => {
  it('clears the popup content when it closes', () => {
    const child = fakeChild();
    const { opener } = setup({ open: () => child as unknown as Window });
    opener.open({ url });
    expect(child.document.body.innerHTML).not.toBe('');

    child.dispatchEvent(Object.assign(new Event('pagehide'), { persisted: false }));
    expect(child.document.body.innerHTML).toBe('');
    expect(child.document.title).toBe('');
  });

  it('drops the data sources of a closed popup, so its own children report the parent data expired', () => {
    const child = fakeChild();
    registerDataSource(child, 'results', [{ Id: 1 }]);
    installPopupCleanup(child);
    const grandChild = { opener: child, parent: null };
    expect(findParentDataSource(grandChild, 'results')).toEqual([{ Id: 1 }]);

    child.dispatchEvent(Object.assign(new Event('pagehide'), { persisted: false }));
    let error: unknown;
    try {
      findParentDataSource(grandChild, 'results');
    } catch (caught) {
      error = caught;
    }
    expect(isParentDataSourceError(error)).toBe(true);
    expect((error as Error).message).toBe(Messages.parentDataExpired);
  });

  it('keeps the content of a page kept in the back-forward cache', () => {
    const child = fakeChild();
    installPopupCleanup(child);
    child.dispatchEvent(Object.assign(new Event('pagehide'), { persisted: true }));
    expect(child.document.body.innerHTML).not.toBe('');
  });

  it('ignores the initial empty document being replaced by the page', () => {
    const child = fakeChild('about:blank');
    installPopupCleanup(child);
    child.dispatchEvent(Object.assign(new Event('pagehide'), { persisted: false }));
    expect(child.document.body.innerHTML).not.toBe('');
  });

  it('stops listening when the returned function is called', () => {
    const child = fakeChild();
    const stop = installPopupCleanup(child);
    stop();
    child.dispatchEvent(Object.assign(new Event('pagehide'), { persisted: false }));
    expect(child.document.body.innerHTML).not.toBe('');
  });

  it('does not clean up tabs, which are not popups', () => {
    const child = fakeChild();
    const { opener } = setup({ open: () => child as unknown as Window });
    opener.open({ url, target: '_tab' });
    child.dispatchEvent(Object.assign(new Event('pagehide'), { persisted: false }));
    expect(child.document.body.innerHTML).not.toBe('');
  });

  it('clears then closes a same-origin popup', () => {
    const child = fakeChild();
    clearAndClosePopup(child);
    expect(child.document.body.innerHTML).toBe('');
    expect(child.close).toHaveBeenCalledOnce();
  });

  it('sends a cross-origin popup to about:blank, then closes it', () => {
    const child = fakeChild();
    const crossOrigin = {
      closed: false,
      location: {
        get href(): string {
          throw new DOMException('Blocked a frame with origin', 'SecurityError');
        },
        replace: vi.fn(),
      },
      get document(): Document {
        throw new DOMException('Blocked a frame with origin', 'SecurityError');
      },
      close: vi.fn(),
      addEventListener: child.addEventListener.bind(child),
      removeEventListener: child.removeEventListener.bind(child),
    };
    expect(installPopupCleanup(crossOrigin)).toBeTypeOf('function');
    clearAndClosePopup(crossOrigin);
    expect(crossOrigin.location.replace).toHaveBeenCalledWith('about:blank');
    expect(crossOrigin.close).toHaveBeenCalledOnce();
  });
});
