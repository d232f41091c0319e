// @vitest-environment jsdom
import { Messages } from '@procedo/client-api';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ShellProvider } from '../components/ShellProvider';
import { HELP_WINDOW_NAME, HelpFrame, HelpIcon, helpTopicUrl } from './HelpIcon';

describe('HelpIcon', () => {
  it('opens the help topic in the named help window and focuses it', async () => {
    const user = userEvent.setup();
    const focus = vi.fn();
    const open = vi.spyOn(window, 'open').mockReturnValue({ focus } as unknown as Window);
    render(<HelpIcon topic="supplier-form" />);
    await user.click(screen.getByRole('button', { name: 'Help' }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(open.mock.calls[0]?.[0]).toBe('/help/supplier-form');
    expect(open.mock.calls[0]?.[1]).toBe(HELP_WINDOW_NAME);
    expect(HELP_WINDOW_NAME).toBe('procedo-help');
    expect(focus).toHaveBeenCalled();
  });

  it('hands the topic address to the frame opener for the frame target and opens no window', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open');
    const onOpenFrame = vi.fn();
    render(<HelpIcon topic="batch-record" target="frame" onOpenFrame={onOpenFrame} basePath="/app/" />);
    await user.click(screen.getByRole('button', { name: 'Help' }));
    expect(onOpenFrame).toHaveBeenCalledWith('/app/help/batch-record');
    expect(open).not.toHaveBeenCalled();
  });

  it('falls back to the window for the frame target without a frame opener', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue({ focus() {} } as unknown as Window);
    render(<HelpIcon topic="batch-record" target="frame" />);
    await user.click(screen.getByRole('button', { name: 'Help' }));
    expect(open.mock.calls[0]?.[0]).toBe('/help/batch-record');
  });

  it('shows the popup-blocked message when the window cannot open', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'open').mockReturnValue(null);
    render(
      <ShellProvider>
        <HelpIcon topic="supplier-form" />
      </ShellProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Help' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain(Messages.popupBlocked);
  });

  it('encodes the topic into the path', () => {
    expect(helpTopicUrl('a/b c')).toBe('/help/a%2Fb%20c');
  });
});

describe('HelpFrame', () => {
  it('shows the help page in a titled frame and closes with its button or Escape', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<HelpFrame url="/help/supplier-form" onClose={onClose} />);
    const frame = screen.getByTitle('Help') as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.src).toBe(new URL('/help/supplier-form', window.location.href).href);
    expect(screen.getByRole('complementary', { name: 'Help' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close help' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('never loads a javascript: address', () => {
    render(<HelpFrame url="javascript:alert(1)" onClose={() => {}} />);
    expect((screen.getByTitle('Help') as HTMLIFrameElement).getAttribute('src')).toBe('about:blank');
  });
});
