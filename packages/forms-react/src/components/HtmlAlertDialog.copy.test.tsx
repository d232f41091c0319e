// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HtmlAlertDialog } from './HtmlAlertDialog';

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('the error window copies its text (spec §1 clipboard copy)', () => {
  it('puts the message and the exception line on the clipboard with Copy text', async () => {
    // After user-event's setup, which puts a clipboard of its own on the navigator.
    const user = userEvent.setup();
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(
      <HtmlAlertDialog
        isOpen
        title="Saving"
        html="<p>Saving: HTTP 500</p><pre>Error: deadlock</pre>"
        onClose={() => {}}
      />,
    );
    await screen.findByText('Error: deadlock');
    await user.click(screen.getByRole('button', { name: 'Copy text' }));
    expect(writeText).toHaveBeenCalledTimes(1);
    expect(writeText).toHaveBeenCalledWith('Saving: HTTP 500\nError: deadlock');
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
  });

  it('says nothing was copied when the browser has no clipboard', async () => {
    const user = userEvent.setup();
    Reflect.deleteProperty(navigator, 'clipboard');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<HtmlAlertDialog isOpen html="<p>Error</p>" onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Copy text' }));
    expect(screen.getByRole('button', { name: 'Copy text' })).toBeTruthy();
    warn.mockRestore();
  });
});
