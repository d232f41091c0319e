// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Shell } from '../hooks/shell-context';
import { useShell } from '../hooks/useShell';
import { ShellProvider } from './ShellProvider';

const captured: { current: Shell | null } = { current: null };

function Capture() {
  captured.current = useShell();
  return <p>Page</p>;
}

function Orphan() {
  useShell();
  return null;
}

function renderShell() {
  captured.current = null;
  render(
    <ShellProvider>
      <Capture />
    </ShellProvider>,
  );
  return () => captured.current!;
}

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

const toastTexts = () => [...document.querySelectorAll('.procedo-Toast')].map((toast) => toast.textContent);

function installClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
  vi.useRealTimers();
});

describe('ShellProvider toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it.each([
    ['info', 3000],
    ['warning', 4000],
    ['error', 60000],
  ] as const)('removes a %s toast after exactly %i ms', async (type, duration) => {
    installClipboard(async () => {});
    const shell = renderShell();
    act(() => shell().toast[type](`A ${type} toast`));
    expect(toastTexts()).toEqual([expect.stringContaining(`A ${type} toast`)]);
    expect(document.querySelector('.procedo-Toast')?.getAttribute('data-type')).toBe(type);

    await advance(duration - 1);
    expect(toastTexts()).toHaveLength(1);
    await advance(1);
    expect(toastTexts()).toEqual([]);
  });

  it('copies the text of an error toast to the clipboard, and only of error toasts', () => {
    const writeText = vi.fn(async (_text: string) => {});
    installClipboard(writeText);
    const shell = renderShell();
    act(() => {
      shell().toast.info('Saved');
      shell().toast.warning('Unknown language');
      shell().toast.error('There was an error attempting to save. Please try saving this page again');
    });
    expect(writeText).toHaveBeenCalledTimes(1);
    expect(writeText).toHaveBeenCalledWith(
      'There was an error attempting to save. Please try saving this page again',
    );
  });

  it('still shows the error toast when the browser has no clipboard or refuses the write', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const shell = renderShell();
    act(() => shell().toast.error('No clipboard here'));
    installClipboard(() => Promise.reject(new DOMException('Document is not focused.', 'NotAllowedError')));
    await act(async () => shell().toast.error('Write refused'));
    expect(toastTexts()).toEqual([
      expect.stringContaining('Write refused'),
      expect.stringContaining('No clipboard here'),
    ]);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('closes a toast from its close button', async () => {
    const shell = renderShell();
    act(() => shell().toast.warning('Unknown language'));
    // Testing Library's async wrapper waits on a real timer; the timing part of the test is over.
    vi.useRealTimers();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(toastTexts()).toEqual([]);
  });
});

describe('ShellProvider toast region', () => {
  const region = () => screen.getByRole('region', { name: 'Messages' });

  it('announces an error toast as an alert and the others as status messages', () => {
    const shell = renderShell();
    act(() => {
      shell().toast.info('Saved');
      shell().toast.error('Server: Tab Select Error');
    });
    expect(screen.getByRole('alert').textContent).toContain('Server: Tab Select Error');
    expect(screen.getByRole('status').textContent).toContain('Saved');
    expect(region().contains(screen.getByRole('alert'))).toBe(true);
  });

  it('stops the time while the pointer is over the toasts and starts it again after', async () => {
    vi.useFakeTimers();
    const shell = renderShell();
    act(() => shell().toast.info('Saved'));
    await advance(2000);
    fireEvent.pointerEnter(region());
    await advance(10_000);
    expect(toastTexts()).toHaveLength(1);
    fireEvent.pointerLeave(region());
    // 1000 ms of its 3000 were left when the pointer came.
    await advance(999);
    expect(toastTexts()).toHaveLength(1);
    await advance(1);
    expect(toastTexts()).toEqual([]);
  });

  it('stops the time while focus is in the toasts', async () => {
    vi.useFakeTimers();
    const shell = renderShell();
    act(() => shell().toast.warning('Unknown language'));
    act(() => screen.getByRole('button', { name: 'Close' }).focus());
    await advance(60_000);
    expect(toastTexts()).toHaveLength(1);
    act(() => screen.getByRole('button', { name: 'Close' }).blur());
    await advance(4000);
    expect(toastTexts()).toEqual([]);
  });

  it('moves focus to the next toast when the focused one is closed, then back to where it came from', async () => {
    const user = userEvent.setup();
    render(
      <ShellProvider>
        <Capture />
        <button type="button">Before</button>
      </ShellProvider>,
    );
    act(() => {
      captured.current!.toast.error('First');
      captured.current!.toast.error('Second');
    });
    const before = screen.getByRole('button', { name: 'Before' });
    before.focus();
    const [newest, older] = screen.getAllByRole('button', { name: 'Close' });
    act(() => newest!.focus());
    await user.keyboard('{Enter}');
    expect(toastTexts()).toEqual([expect.stringContaining('First')]);
    expect(document.activeElement).toBe(older);
    await user.keyboard('{Enter}');
    expect(toastTexts()).toEqual([]);
    expect(document.activeElement).toBe(before);
  });

  it('stays readable over a modal dialog, which hides the rest of the page', async () => {
    const shell = renderShell();
    act(() => {
      void shell().alert('Your session has expired.');
      shell().toast.error('Server: Tab Select Error');
    });
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    // react-aria hides the page behind a modal dialog from assistive technology after a frame.
    await waitFor(() => expect(screen.getByText('Page').closest('[aria-hidden="true"]')).not.toBeNull());
    expect(region().closest('[aria-hidden="true"]')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Server: Tab Select Error');
  });
});

describe('ShellProvider notifications', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  const notificationTexts = () =>
    [...document.querySelectorAll('.procedo-Notification')].map((notification) => notification.textContent);

  it('hides info after 4500 ms and validation after 2500 ms', async () => {
    const shell = renderShell();
    act(() => {
      shell().notify.info('Saved');
      shell().notify.validation('Name is required');
    });
    expect(notificationTexts()).toEqual(['Saved', 'Name is required']);
    await advance(2499);
    expect(notificationTexts()).toEqual(['Saved', 'Name is required']);
    await advance(1);
    expect(notificationTexts()).toEqual(['Saved']);
    await advance(1999);
    expect(notificationTexts()).toEqual(['Saved']);
    await advance(1);
    expect(notificationTexts()).toEqual([]);
  });

  it('keeps an error notification until it is clicked', async () => {
    const shell = renderShell();
    act(() => shell().notify.error('Error loading profile navigation items'));
    await advance(10 * 60 * 1000);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Error loading profile navigation items');
    // Testing Library's async wrapper waits on a real timer; the timing part of the test is over.
    vi.useRealTimers();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Error loading profile navigation items' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('ShellProvider loading panel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('shows, then hides after the delay given in seconds', async () => {
    const shell = renderShell();
    act(() => shell().loading.show());
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeTruthy();
    act(() => shell().loading.hide('2'));
    await advance(1999);
    expect(screen.queryByRole('progressbar')).not.toBeNull();
    await advance(1);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('reads a delay of 1000 or more as milliseconds and hides at once without one', async () => {
    const shell = renderShell();
    act(() => shell().loading.show());
    act(() => shell().loading.hide(1000));
    await advance(999);
    expect(screen.queryByRole('progressbar')).not.toBeNull();
    await advance(1);
    expect(screen.queryByRole('progressbar')).toBeNull();

    act(() => shell().loading.show());
    act(() => shell().loading.hide());
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});

describe('ShellProvider dialogs', () => {
  it('resolves alert when OK is pressed', async () => {
    const user = userEvent.setup();
    const shell = renderShell();
    let settled = false;
    let closed!: Promise<void>;
    act(() => {
      closed = shell()
        .alert('Your session has expired.', { title: 'Session' })
        .then(() => {
          settled = true;
        });
    });
    const ok = screen.getByRole('button', { name: 'OK' });
    expect(screen.getByRole('alertdialog', { name: 'Session' }).textContent).toContain(
      'Your session has expired.',
    );
    expect(document.activeElement).toBe(ok);
    expect(settled).toBe(false);
    await user.click(ok);
    await closed;
    expect(settled).toBe(true);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows queued dialogs one at a time', async () => {
    const user = userEvent.setup();
    const shell = renderShell();
    act(() => {
      void shell().alert('First');
      void shell().alertHtml('<p>Second <script>alert(1)</script></p>');
    });
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    expect(screen.getByRole('alertdialog').textContent).toContain('First');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    const second = screen.getByRole('alertdialog');
    expect(second.textContent).toContain('Second');
    expect(second.innerHTML).not.toContain('<script');
  });

  it('resolves prompt with the typed value', async () => {
    const user = userEvent.setup();
    const shell = renderShell();
    let answer!: Promise<string | null>;
    act(() => {
      answer = shell().prompt('Translation', 'Customer');
    });
    const input = screen.getByRole('textbox', { name: 'Translation' });
    await user.clear(input);
    await user.type(input, 'Kunde');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await expect(answer).resolves.toBe('Kunde');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('resolves prompt with null on Cancel', async () => {
    const user = userEvent.setup();
    const shell = renderShell();
    let answer!: Promise<string | null>;
    act(() => {
      answer = shell().prompt('Reason');
    });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBeNull();
  });
});

describe('useShell', () => {
  it('explains that a ShellProvider is needed when there is none', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Orphan />)).toThrow('useShell() needs a <ShellProvider> above it in the tree.');
  });
});
