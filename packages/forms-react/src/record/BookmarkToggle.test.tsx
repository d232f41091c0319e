import { type BookmarkState, CallbackError, HttpStatusError } from '@procedo/client-api';
import { ProcedoTexts } from '@procedo/texts';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FORMS_TEXTS_DE } from '../locales/de';
import { BookmarkToggle } from './BookmarkToggle';

/** A promise the test settles by hand, so the toggle can be seen before the server answers. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const state = (Selected: boolean): BookmarkState => ({ TableId: 102, RecordId: 17, Selected });
const pressed = () => screen.getByRole('button', { name: 'Bookmark' }).getAttribute('aria-pressed');

describe('BookmarkToggle', () => {
  it('is a toggle button named Bookmark whose pressed state is read from the server', async () => {
    const bookmarks = { get: vi.fn(async () => state(true)) };
    render(
      <BookmarkToggle
        callback={{ toggleBookmark: vi.fn() }}
        bookmarks={bookmarks}
        webTemplateNo={102}
        recordId={17}
      />,
    );
    await waitFor(() => expect(pressed()).toBe('true'));
    expect(bookmarks.get).toHaveBeenCalledWith(102, 17);
    expect(screen.getByRole('button', { name: 'Bookmark' }).getAttribute('title')).toBe(
      'Remove the bookmark of this record',
    );
  });

  it('changes its state only after the server confirms, to the state the server answered', async () => {
    const user = userEvent.setup();
    const call = deferred<BookmarkState>();
    const toggleBookmark = vi.fn(() => call.promise);
    const onChange = vi.fn();
    render(
      <BookmarkToggle
        callback={{ toggleBookmark }}
        webTemplateNo={102}
        recordId={17}
        isSelected={false}
        onChange={onChange}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Bookmark' }));
    expect(toggleBookmark).toHaveBeenCalledWith(102, 17);
    // Under way: still the old state, busy, and a second click sends nothing.
    expect(pressed()).toBe('false');
    expect(screen.getByRole('button', { name: 'Bookmark' }).getAttribute('aria-busy')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Bookmark' }));
    expect(toggleBookmark).toHaveBeenCalledTimes(1);
    expect(onChange).not.toHaveBeenCalled();

    await act(async () => call.resolve(state(true)));
    expect(pressed()).toBe('true');
    expect(onChange).toHaveBeenCalledWith({ isSelected: true, webTemplateNo: 102, recordId: 17 });
  });

  it('keeps its state and shows the server message when the call fails', async () => {
    const user = userEvent.setup();
    const toggleBookmark = vi.fn(async () => {
      throw new CallbackError({
        serverMessage: 'There is no record 17 on form 102 that you may bookmark.',
        status: 200,
        url: '/callback',
        method: 'POST',
      });
    });
    render(<BookmarkToggle callback={{ toggleBookmark }} webTemplateNo={102} recordId={17} isSelected />);
    await user.click(screen.getByRole('button', { name: 'Bookmark' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'There is no record 17 on form 102 that you may bookmark.',
    );
    expect(pressed()).toBe('true');
    expect(screen.getByRole('button', { name: 'Bookmark' }).getAttribute('aria-describedby')).toBe(
      screen.getByRole('alert').id,
    );
  });

  it('toggles with the keyboard (Space and Enter)', async () => {
    const user = userEvent.setup();
    let selected = false;
    const toggleBookmark = vi.fn(async () => {
      selected = !selected;
      return state(selected);
    });
    render(
      <BookmarkToggle callback={{ toggleBookmark }} webTemplateNo={102} recordId={17} isSelected={false} />,
    );
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Bookmark' }));
    await user.keyboard(' ');
    await waitFor(() => expect(pressed()).toBe('true'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(pressed()).toBe('false'));
    expect(toggleBookmark).toHaveBeenCalledTimes(2);
  });

  it('sends nothing while disabled (time travel)', async () => {
    const user = userEvent.setup();
    const toggleBookmark = vi.fn();
    render(
      <BookmarkToggle
        callback={{ toggleBookmark }}
        webTemplateNo={102}
        recordId={17}
        isSelected
        isDisabled
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Bookmark' }));
    expect(toggleBookmark).not.toHaveBeenCalled();
    expect(pressed()).toBe('true');
  });

  it('shows why the state could not be read, and does not toggle', async () => {
    const user = userEvent.setup();
    const toggleBookmark = vi.fn();
    const bookmarks = {
      get: vi.fn(async () => {
        throw new HttpStatusError({
          status: 404,
          method: 'GET',
          url: '/api/v1/bookmarks/102/17',
          bodyText: '',
          serverMessage: 'There is no record 17 on form 102 that you may bookmark.',
        });
      }),
    };
    render(
      <BookmarkToggle
        callback={{ toggleBookmark }}
        bookmarks={bookmarks}
        webTemplateNo={102}
        recordId={17}
      />,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('no record 17');
    await user.click(screen.getByRole('button', { name: 'Bookmark' }));
    expect(toggleBookmark).not.toHaveBeenCalled();
  });
});

describe('BookmarkToggle texts', () => {
  const renderIn = (texts: Parameters<typeof ProcedoTexts>[0]['texts'], labels?: { name: string }) =>
    render(
      <ProcedoTexts texts={texts}>
        <BookmarkToggle
          callback={{ toggleBookmark: vi.fn() }}
          webTemplateNo={102}
          recordId={17}
          isSelected={false}
          {...(labels ? { labels } : {})}
        />
      </ProcedoTexts>,
    );

  it('takes its name from the catalogue, and its own labels prop wins over it', () => {
    const { unmount } = renderIn({ forms: { bookmarkToggle: { name: 'Star' } } });
    expect(screen.getByRole('button', { name: 'Star' }).getAttribute('title')).toBe('Bookmark this record');
    unmount();
    renderIn({ forms: { bookmarkToggle: { name: 'Star' } } }, { name: 'Pin' });
    expect(screen.getByRole('button', { name: 'Pin' })).toBeTruthy();
  });

  it('speaks German with the German catalogue', () => {
    renderIn({ forms: FORMS_TEXTS_DE });
    expect(screen.getByRole('button', { name: 'Lesezeichen' }).getAttribute('title')).toBe(
      'Lesezeichen für diesen Datensatz setzen',
    );
  });
});
