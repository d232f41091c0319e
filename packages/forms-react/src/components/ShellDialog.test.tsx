// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ShellDialog } from './ShellDialog';

/** A page with a button that opens the dialog; the dialog holds two buttons. */
function Page({ onDismiss }: { onDismiss?: (close: () => void) => void }) {
  const [isOpen, setIsOpen] = useState(false);
  const close = () => setIsOpen(false);
  return (
    <>
      <main>
        <p>Page text</p>
        <button type="button" onClick={() => setIsOpen(true)}>
          Open
        </button>
      </main>
      <section data-react-aria-top-layer aria-label="Messages">
        <p>Saved.</p>
      </section>
      <ShellDialog
        isOpen={isOpen}
        title="Confirm"
        className="procedo-Test"
        {...(onDismiss ? { onDismiss: () => onDismiss(close) } : {})}
      >
        <button type="button">First</button>
        <button type="button" onClick={close}>
          Last
        </button>
      </ShellDialog>
    </>
  );
}

async function open(onDismiss?: (close: () => void) => void) {
  const user = userEvent.setup();
  render(<Page {...(onDismiss ? { onDismiss } : {})} />);
  const opener = screen.getByRole('button', { name: 'Open' });
  await user.click(opener);
  return { user, opener, dialog: screen.getByRole('dialog', { name: 'Confirm' }) };
}

describe('ShellDialog (the modal layer)', () => {
  it('is a dialog named by its title, outside the page, with focus in it', async () => {
    const { dialog } = await open();
    expect(dialog.querySelector('h2')?.textContent).toBe('Confirm');
    expect(dialog.classList.contains('procedo-Test')).toBe(true);
    expect(document.querySelector('main')?.contains(dialog)).toBe(false);
    // No element asked for focus: the dialog itself takes it.
    expect(document.activeElement).toBe(dialog);
  });

  it('keeps Tab inside the dialog and gives focus back to the opener when it closes', async () => {
    const { user, opener } = await open();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'First' }));
    await user.tab();
    const last = screen.getByRole('button', { name: 'Last' });
    expect(document.activeElement).toBe(last);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'First' }));
    await user.click(last);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('hides the page from assistive technology and locks its scrolling while open, not the top layer', async () => {
    const { user } = await open();
    await waitFor(() => expect(screen.getByText('Page text').closest('[aria-hidden="true"]')).not.toBeNull());
    expect(screen.getByText('Saved.').closest('[aria-hidden="true"]')).toBeNull();
    expect(document.documentElement.style.overflow).toBe('hidden');
    await user.click(screen.getByRole('button', { name: 'Last' }));
    expect(screen.getByText('Page text').closest('[aria-hidden="true"]')).toBeNull();
    expect(document.documentElement.style.overflow).toBe('');
  });

  it('calls onDismiss on Escape', async () => {
    const onDismiss = vi.fn((close: () => void) => close());
    const { user } = await open(onDismiss);
    await user.keyboard('{Escape}');
    expect(onDismiss).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays open on Escape without onDismiss', async () => {
    const { user, dialog } = await open();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Confirm' })).toBe(dialog);
  });

  it('stays open on a click outside it', async () => {
    const onDismiss = vi.fn();
    const { user, dialog } = await open(onDismiss);
    const underlay = document.querySelector('.procedo-ModalOverlay');
    expect(underlay?.contains(dialog)).toBe(true);
    await user.pointer({ keys: '[MouseLeft]', target: underlay! });
    expect(onDismiss).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Confirm' })).toBe(dialog);
  });

  it('renders nothing when isOpen is false', () => {
    render(
      <ShellDialog isOpen={false} title="Hidden" className="procedo-Test">
        <p>Body</p>
      </ShellDialog>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.querySelector('.procedo-ModalOverlay')).toBeNull();
  });
});
