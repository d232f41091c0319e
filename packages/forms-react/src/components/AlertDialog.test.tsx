// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AlertDialog } from './AlertDialog';

function Harness({ onClose }: { onClose: () => void }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setIsOpen(true)}>
        Open
      </button>
      <AlertDialog
        isOpen={isOpen}
        title="Save"
        message={'Your session has expired.\nPlease log in again.'}
        onClose={() => {
          onClose();
          setIsOpen(false);
        }}
      />
    </>
  );
}

describe('AlertDialog', () => {
  it('is a modal alertdialog named by its title and described by its message', () => {
    render(<AlertDialog isOpen title="Save" message="Your session has expired." onClose={() => {}} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Save' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Your session has expired.',
    );
  });

  it('uses Alert as the title when none is given', () => {
    render(<AlertDialog isOpen message="Hello" onClose={() => {}} />);
    expect(screen.getByRole('alertdialog', { name: 'Alert' })).toBeTruthy();
  });

  it('puts focus on OK, closes on OK and gives focus back to the opener', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);

    const ok = screen.getByRole('button', { name: 'OK' });
    expect(document.activeElement).toBe(ok);
    expect(screen.getByRole('alertdialog').textContent).toContain('Please log in again.');

    await user.click(ok);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // react-aria restores focus on the next animation frame.
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<AlertDialog isOpen message="Hello" onClose={onClose} />);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('renders nothing while closed', () => {
    render(<AlertDialog isOpen={false} message="Hello" onClose={() => {}} />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
