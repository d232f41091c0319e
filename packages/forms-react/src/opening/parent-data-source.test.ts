import { Messages } from '@procedo/client-api';
import { describe, expect, it } from 'vitest';
import {
  findParentDataSource,
  isParentDataSourceError,
  ParentDataSourceError,
  registerDataSource,
} from './parent-data-source';

/** A fake window: links to its opener and parent; a top window is its own parent. */
function fakeWindow(links: { opener?: object | null; parent?: object } = {}) {
  const win: { opener: object | null; parent: object; closed: boolean } = {
    opener: links.opener ?? null,
    parent: links.parent ?? (undefined as unknown as object),
    closed: false,
  };
  if (!links.parent) win.parent = win;
  return win;
}

/** A window of another origin: every property read throws, as a browser's WindowProxy does. */
function crossOriginWindow() {
  return new Proxy(
    {},
    {
      get() {
        throw new DOMException('Blocked a frame with origin', 'SecurityError');
      },
    },
  );
}

function lookupError(win: object, name: string): unknown {
  try {
    findParentDataSource(win, name);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('findParentDataSource', () => {
  it("finds the data source on the popup's opener", () => {
    const opener = fakeWindow();
    registerDataSource(opener, 'results', ['row 1']);
    expect(findParentDataSource(fakeWindow({ opener }), 'results')).toEqual(['row 1']);
  });

  it("finds the data source on a dialog frame's parent page", () => {
    const page = fakeWindow();
    registerDataSource(page, 'record', { Id: 7 });
    expect(findParentDataSource(fakeWindow({ parent: page }), 'record')).toEqual({ Id: 7 });
  });

  it("walks on through the parent's opener, nearest window first", () => {
    const searchPage = fakeWindow();
    registerDataSource(searchPage, 'results', 'far');
    const popup = fakeWindow({ opener: searchPage });
    const dialogFrame = fakeWindow({ parent: popup });
    expect(findParentDataSource(dialogFrame, 'results')).toBe('far');

    registerDataSource(popup, 'results', 'near');
    expect(findParentDataSource(dialogFrame, 'results')).toBe('near');
  });

  it('does not look at the window itself', () => {
    const win = fakeWindow();
    registerDataSource(win, 'results', 'own');
    expect(isParentDataSourceError(lookupError(win, 'results'))).toBe(true);
  });

  it('throws the spec §8 message when no parent holds the data source', () => {
    const error = lookupError(fakeWindow({ opener: fakeWindow() }), 'results');
    expect(error).toBeInstanceOf(ParentDataSourceError);
    expect((error as Error).message).toBe(
      'The data on the parent page has expired or is invalid. To correct the problem you should refresh the parent data source (search results or page). If the problem persists then please contact the system administrator.',
    );
    expect((error as Error).message).toBe(Messages.parentDataExpired);
    expect((error as ParentDataSourceError).dataSourceName).toBe('results');
  });

  it('reports the data expired once the parent unregistered it or was closed', () => {
    const opener = fakeWindow();
    const unregister = registerDataSource(opener, 'results', ['row']);
    const popup = fakeWindow({ opener });
    unregister();
    expect(isParentDataSourceError(lookupError(popup, 'results'))).toBe(true);

    registerDataSource(opener, 'results', ['row']);
    opener.closed = true;
    expect(isParentDataSourceError(lookupError(popup, 'results'))).toBe(true);
  });

  it('skips windows of another origin instead of failing on their SecurityError', () => {
    expect(isParentDataSourceError(lookupError(fakeWindow({ opener: crossOriginWindow() }), 'x'))).toBe(true);
    const page = fakeWindow();
    registerDataSource(page, 'x', 1);
    const win = { opener: crossOriginWindow(), parent: page };
    expect(findParentDataSource(win, 'x')).toBe(1);
  });

  it('stops on windows that open each other in a loop', () => {
    const a = fakeWindow();
    const b = fakeWindow({ opener: a });
    (a as { opener: object | null }).opener = b;
    expect(isParentDataSourceError(lookupError(b, 'x'))).toBe(true);
  });

  it('recognises the error by its brand when it comes from another window', () => {
    expect(isParentDataSourceError({ isParentDataSourceError: true })).toBe(true);
    expect(isParentDataSourceError(new Error('x'))).toBe(false);
  });
});
