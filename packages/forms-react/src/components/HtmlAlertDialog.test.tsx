// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { isSanitizerLoaded } from '../browser/sanitize-html';
import { HtmlAlertDialog } from './HtmlAlertDialog';

const serverPage = [
  '<html><head><style>body { display: none }</style><script>window.pwned = true</script></head>',
  '<body><h1>Server Error</h1><p>Object reference not set to an <b>instance</b>.</p>',
  '<img src="x" onerror="window.pwned = true">',
  '<a href="javascript:window.pwned=true">details</a>',
  '<form action="https://evil.example"><input name="password"></form></body></html>',
].join('');

describe('HtmlAlertDialog', () => {
  // First in this file: DOMPurify (loaded on demand) has not loaded before this render.
  it('shows only the text of the HTML until DOMPurify has loaded, never unsanitised markup', async () => {
    expect(isSanitizerLoaded()).toBe(false);
    const { unmount } = render(<HtmlAlertDialog isOpen title="Error" html={serverPage} onClose={() => {}} />);
    // A dynamic import never resolves synchronously: this is the dialog before DOMPurify.
    expect(isSanitizerLoaded()).toBe(false);
    const content = screen
      .getByRole('alertdialog', { name: 'Error' })
      .querySelector('.procedo-HtmlAlertDialog-content');
    expect(content?.children).toHaveLength(0);
    expect(content?.textContent).toBe('Server ErrorObject reference not set to an instance.details');
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
    // Then the sanitised markup.
    expect(await screen.findByRole('heading', { name: 'Server Error' })).toBeTruthy();
    expect(content?.querySelector('b')?.textContent).toBe('instance');
    expect(content?.querySelector('img, script, style, form')).toBeNull();
    unmount();
  });

  it('shows the server HTML without scripts, event handlers, javascript URLs, styles or forms', async () => {
    render(<HtmlAlertDialog isOpen title="Error" html={serverPage} onClose={() => {}} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Error' });
    expect(await screen.findByRole('heading', { name: 'Server Error' })).toBeTruthy();
    const html = dialog.innerHTML;

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
