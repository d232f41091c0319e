// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createManualClock } from './clock';
import { SessionLockOverlay, SessionProvider, SessionTimeoutNotice, useSession } from './react';
import { createSessionManager, type SessionManager } from './session-manager';

const T0 = Date.UTC(2024, 0, 15, 9, 0, 0);
const TIMEOUT_MS = 20 * 60_000;

function setup() {
  const clock = createManualClock({ now: T0 });
  const cookie = { deadline: T0 + TIMEOUT_MS + 5000 };
  const serverCall = () => {
    cookie.deadline = clock.now() + TIMEOUT_MS + 5000;
  };
  const keepAlive = vi.fn(async () => serverCall());
  const manager = createSessionManager({
    timeoutMinutes: 20,
    readDeadline: () => cookie.deadline,
    keepAlive,
    clock,
    timers: clock,
  });
  const advance = (ms: number) => act(() => clock.advance(ms));
  return { clock, cookie, serverCall, keepAlive, manager, advance };
}

/** A deferred promise, so a test can hold onLogin pending. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Page({ onLogin }: { onLogin: (input: { password: string }) => Promise<void> }) {
  const [count, setCount] = useState(0);
  return (
    <>
      <main>
        <label>
          Notes
          <input name="notes" />
        </label>
        <button type="button" onClick={() => setCount((n) => n + 1)}>
          Clicked {count}
        </button>
      </main>
      <SessionTimeoutNotice className="host-notice" />
      <SessionLockOverlay userName="supervisor" databaseName="Demo" onLogin={onLogin} className="host-lock" />
    </>
  );
}

function SessionStatus() {
  const { snapshot } = useSession();
  return <output>{snapshot.status}</output>;
}

function renderPage(manager: SessionManager, onLogin = vi.fn(async () => {})) {
  render(
    <SessionProvider manager={manager}>
      <Page onLogin={onLogin} />
    </SessionProvider>,
  );
  return onLogin;
}

describe('SessionTimeoutNotice', () => {
  it('shows nothing while the session is active', () => {
    const { manager } = setup();
    renderPage(manager);
    expect(screen.getByRole('alert')).toHaveProperty('textContent', '');
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();
    expect(document.querySelector('.procedo-SessionTimeoutNotice')?.getAttribute('data-status')).toBe(
      'active',
    );
  });

  it('appears in warning with the seconds left, and Log in extends the session', async () => {
    const user = userEvent.setup();
    const { manager, keepAlive, advance } = setup();
    renderPage(manager);

    advance(TIMEOUT_MS - 30_000);

    expect(screen.getByRole('alert').textContent).toBe('Your session is about to expire.');
    expect(screen.getByText('35 seconds left.')).toBeTruthy();
    const notice = document.querySelector('.procedo-SessionTimeoutNotice.host-notice');
    expect(notice?.hasAttribute('data-visible')).toBe(true);
    advance(3000);
    expect(screen.getByText('32 seconds left.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(keepAlive).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull());
    expect(manager.getSnapshot().status).toBe('active');
    expect(notice?.hasAttribute('data-visible')).toBe(false);
  });

  it('reports a failed keep-alive to onError', async () => {
    const user = userEvent.setup();
    const failure = new Error('offline');
    const clock = createManualClock({ now: T0 });
    const manager = createSessionManager({
      timeoutMinutes: 20,
      readDeadline: () => T0 + 20_000,
      keepAlive: () => Promise.reject(failure),
      clock,
      timers: clock,
    });
    const onError = vi.fn();
    render(
      <SessionProvider manager={manager}>
        <SessionTimeoutNotice onError={onError} />
      </SessionProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(onError).toHaveBeenCalledWith(failure));
  });
});

describe('SessionLockOverlay', () => {
  it('stays closed while the session is not locked', () => {
    const { manager, advance } = setup();
    renderPage(manager);
    advance(TIMEOUT_MS - 30_000);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('opens when locked, with the user, the database and the focus in the password field', () => {
    const { manager, advance } = setup();
    renderPage(manager);

    advance(TIMEOUT_MS + 5000);

    const dialog = screen.getByRole('alertdialog', { name: 'Your session has expired.' });
    expect(dialog.textContent).toContain('supervisor');
    expect(dialog.textContent).toContain('Demo');
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(document.querySelector('.procedo-SessionLockOverlay.host-lock')?.hasAttribute('data-locked')).toBe(
      true,
    );
  });

  it('cannot be dismissed: Escape and a click outside leave it open over a hidden page', async () => {
    const user = userEvent.setup();
    const { manager, advance } = setup();
    renderPage(manager);
    advance(TIMEOUT_MS + 5000);
    const dialog = screen.getByRole('alertdialog', { name: 'Your session has expired.' });

    await user.keyboard('{Escape}');
    await user.pointer({
      keys: '[MouseLeft]',
      target: document.querySelector('.procedo-SessionLockOverlay')!,
    });
    expect(screen.getByRole('alertdialog')).toBe(dialog);
    // The page below is hidden from assistive technology and cannot be tabbed to.
    await waitFor(() => expect(screen.getByText(/Clicked/).closest('[aria-hidden="true"]')).not.toBeNull());
    for (let i = 0; i < 4; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('calls onLogin with the typed password on Enter, pending until it settles, then closes', async () => {
    const user = userEvent.setup();
    const { manager, advance, serverCall } = setup();
    const login = deferred();
    const onLogin = vi.fn(() => login.promise);
    renderPage(manager, onLogin);
    advance(TIMEOUT_MS + 5000);

    await user.type(screen.getByLabelText('Password'), 's3cret{Enter}');

    expect(onLogin).toHaveBeenCalledWith({ password: 's3cret' });
    const button = screen.getByRole('button', { name: 'Login' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(document.querySelector('.procedo-SessionLockOverlay-form')?.hasAttribute('data-pending')).toBe(
      true,
    );
    await user.click(button);
    await user.keyboard('{Enter}');
    expect(onLogin).toHaveBeenCalledTimes(1);

    await act(async () => {
      serverCall(); // the logon wrote a newer deadline
      login.resolve();
    });

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(manager.getSnapshot().status).toBe('active');
  });

  it('logs on with the Login button too', async () => {
    const user = userEvent.setup();
    const { manager, advance, serverCall } = setup();
    const onLogin = vi.fn(async () => serverCall());
    renderPage(manager, onLogin);
    act(() => manager.markLoggedOut());
    advance(1000);

    await user.type(screen.getByLabelText('Password'), 'demo');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(onLogin).toHaveBeenCalledWith({ password: 'demo' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('shows the error of a failed login and keeps the dialog and the typed password', async () => {
    const user = userEvent.setup();
    const { manager, advance } = setup();
    const onLogin = vi.fn(async () => {
      throw new Error('The user name or password is incorrect.');
    });
    renderPage(manager, onLogin);
    advance(TIMEOUT_MS + 5000);

    await user.type(screen.getByLabelText('Password'), 'wrong{Enter}');

    const dialog = await screen.findByRole('alertdialog');
    await waitFor(() => expect(dialog.textContent).toContain('The user name or password is incorrect.'));
    expect(screen.getByLabelText('Password')).toHaveProperty('value', 'wrong');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Login' }).getAttribute('aria-disabled')).toBeNull();
    expect(manager.getSnapshot().status).toBe('locked');
  });

  it('stays open after a login that wrote no newer deadline', async () => {
    const user = userEvent.setup();
    const { manager, advance } = setup();
    renderPage(
      manager,
      vi.fn(async () => {}),
    );
    advance(TIMEOUT_MS + 5000);
    await user.type(screen.getByLabelText('Password'), 'demo{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveProperty('value', ''));
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });

  it('closes when another tab logs on (a newer deadline at the next check)', () => {
    const { manager, advance, serverCall } = setup();
    renderPage(manager);
    advance(TIMEOUT_MS + 5000);
    expect(screen.getByRole('alertdialog')).toBeTruthy();

    serverCall();
    advance(5000);

    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('keeps the page and what was typed in it through lock, login and unlock', async () => {
    const user = userEvent.setup();
    const { manager, advance, serverCall } = setup();
    renderPage(
      manager,
      vi.fn(async () => serverCall()),
    );
    const notes = screen.getByLabelText('Notes') as HTMLInputElement;
    await user.type(notes, 'half-written order');
    await user.click(screen.getByRole('button', { name: 'Clicked 0' }));
    notes.focus();

    advance(TIMEOUT_MS + 5000);
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(notes.isConnected).toBe(true);
    await user.type(screen.getByLabelText('Password'), 'demo{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    expect(screen.getByLabelText('Notes')).toBe(notes);
    expect(notes.value).toBe('half-written order');
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeTruthy();
    // Focus goes back where it was before the lock, so typing carries on.
    await waitFor(() => expect(document.activeElement).toBe(notes));
  });

  it('starts afresh with each new lock', async () => {
    const user = userEvent.setup();
    const { manager, advance, serverCall } = setup();
    renderPage(
      manager,
      vi.fn(async () => {
        throw new Error('Nope');
      }),
    );
    advance(TIMEOUT_MS + 5000);
    await user.type(screen.getByLabelText('Password'), 'x{Enter}');
    await screen.findByText('Nope');

    serverCall();
    advance(5000);
    advance(TIMEOUT_MS + 5000);

    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(screen.queryByText('Nope')).toBeNull();
    expect(screen.getByLabelText('Password')).toHaveProperty('value', '');
  });
});

describe('SessionProvider', () => {
  it('checks again when the window gets focus or the page becomes visible', () => {
    const { manager, clock } = setup();
    renderPage(manager);
    act(() => clock.jumpTo(T0 + 2 * 60 * 60_000));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    act(() => {
      fireEvent.focus(window);
    });
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });

  it('checks on visibilitychange', () => {
    const { manager, clock } = setup();
    renderPage(manager);
    act(() => clock.jumpTo(T0 + 2 * 60 * 60_000));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(manager.getSnapshot().status).toBe('locked');
  });

  it('starts the manager on mount and stops it on unmount', () => {
    const { manager, clock } = setup();
    const { unmount } = render(<SessionProvider manager={manager} />);
    expect(clock.pendingPeriods()).toEqual([5000]);
    unmount();
    expect(clock.pendingCount()).toBe(0);
  });

  it('gives useSession the snapshot and actions', async () => {
    const { manager, advance } = setup();
    render(
      <SessionProvider manager={manager}>
        <SessionStatus />
      </SessionProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('active');
    advance(TIMEOUT_MS - 30_000);
    expect(screen.getByRole('status').textContent).toBe('warning');
  });

  it('tells the developer when useSession has no provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<SessionStatus />)).toThrow('useSession must be used inside a SessionProvider');
  });
});
