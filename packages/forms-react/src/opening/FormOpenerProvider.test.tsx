// @vitest-environment jsdom
import { Messages } from '@procedo/client-api';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ShellProvider } from '../components/ShellProvider';
import { FormOpenerProvider } from './FormOpenerProvider';
import type { OpenerWindow } from './form-opener';
import type { OpenRequest } from './open-target';
import { useFormOpener } from './useFormOpener';

function fakeWindow(open: OpenerWindow['open']) {
  const location = { href: 'http://127.0.0.1:3000/form?WebTemplateNo=1', assign: vi.fn() };
  return {
    location,
    innerWidth: 1000,
    innerHeight: 700,
    screen: { width: 1920, height: 1080 },
    top: null,
    parent: null,
    frames: {},
    open: vi.fn(open),
    alert: vi.fn(),
  };
}

function OpenButton({ request, label }: { request: OpenRequest; label: string }) {
  const opener = useFormOpener();
  return (
    <button type="button" onClick={() => opener.open(request)}>
      {label}
    </button>
  );
}

describe('FormOpenerProvider', () => {
  it('shows a dialog target as a form dialog sized from the window, and removes it on close', async () => {
    const user = userEvent.setup();
    const win = fakeWindow(() => null);
    render(
      <FormOpenerProvider window={win}>
        <OpenButton
          label="Edit"
          request={{ url: '/form?WebTemplateNo=12', target: 'edit_dialog', title: 'Supplier' }}
        />
      </FormOpenerProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Supplier' });
    // Default dialog: the window size minus 20.
    expect(dialog.style.inlineSize).toBe('980px');
    expect(dialog.style.blockSize).toBe('680px');
    expect(win.open).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the blocked-popup message in the shell alert when a ShellProvider is above', async () => {
    const user = userEvent.setup();
    const win = fakeWindow(() => null);
    render(
      <ShellProvider>
        <FormOpenerProvider window={win}>
          <OpenButton label="Open" request={{ url: '/form?WebTemplateNo=12' }} />
        </FormOpenerProvider>
      </ShellProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert.textContent).toContain(Messages.popupBlocked);
    expect(win.alert).not.toHaveBeenCalled();
  });

  it("falls back to the window's alert with no shell, and prefers an alert prop over both", async () => {
    const user = userEvent.setup();
    const win = fakeWindow(() => null);
    const { unmount } = render(
      <FormOpenerProvider window={win}>
        <OpenButton label="Open" request={{ url: '/x', target: '_tab' }} />
      </FormOpenerProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(win.alert).toHaveBeenCalledWith(Messages.popupBlocked);
    unmount();

    const alert = vi.fn();
    render(
      <FormOpenerProvider window={win} alert={alert}>
        <OpenButton label="Open" request={{ url: '/x' }} />
      </FormOpenerProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(alert).toHaveBeenCalledWith(Messages.popupBlocked);
    expect(win.alert).toHaveBeenCalledOnce();
  });

  it('opens a process step dialog without a modal underlay', async () => {
    const user = userEvent.setup();
    render(
      <FormOpenerProvider window={fakeWindow(() => null)}>
        <OpenButton
          label="Run"
          request={{ url: '/form?a_step_id=4', target: '_dialog', title: 'Approve', isModal: false }}
        />
      </FormOpenerProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(screen.getByRole('dialog', { name: 'Approve' }).getAttribute('data-modal')).toBe('false');
    expect(screen.getByRole('button', { name: 'Run' })).toBeTruthy();
  });

  it('useFormOpener throws outside a provider', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<OpenButton label="x" request={{ url: '/x' }} />)).toThrow(/FormOpenerProvider/);
    spy.mockRestore();
  });
});
