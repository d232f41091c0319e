// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { HtmlAlertDialog } from './HtmlAlertDialog';

const serverPage = [
  '<html><head><style>body { display: none }</style><script>window.pwned = true</script></head>',
  '<body><h1>Server Error</h1><p>Object reference not set to an <b>instance</b>.</p>',
  '<img src="x" onerror="window.pwned = true">',
  '<a href="javascript:window.pwned=true">details</a>',
  '<form action="https://evil.example"><input name="password"></form></body></html>',
].join('');

describe('HtmlAlertDialog', () => {
  it('shows the server HTML without scripts, event handlers, javascript URLs, styles or forms', () => {
    render(<HtmlAlertDialog isOpen title="Error" html={serverPage} onClose={() => {}} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Error' });
    const html = dialog.innerHTML;

    expect(screen.getByRole('heading', { name: 'Server Error' })).toBeTruthy();
    expect(dialog.querySelector('b')?.textContent).toBe('instance');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/onerror=/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toMatch(/<style/i);
    expect(dialog.querySelector('form, input')).toBeNull();
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it('puts focus on OK and closes with it', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<HtmlAlertDialog isOpen html="<p>Done</p>" onClose={onClose} />);
    expect(screen.getByRole('alertdialog', { name: 'Alert' })).toBeTruthy();
    const ok = screen.getByRole('button', { name: 'OK' });
    expect(document.activeElement).toBe(ok);
    await user.click(ok);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
