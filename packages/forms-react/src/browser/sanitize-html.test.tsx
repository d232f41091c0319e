// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadSanitizer, sanitizeHtml } from './sanitize-html';

declare global {
  interface Window {
    pwned?: boolean;
  }
}

function shown(html: string): HTMLElement {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the sanitiser under test
  const { container } = render(<div dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />);
  return container.firstElementChild as HTMLElement;
}

beforeAll(async () => {
  // DOMPurify loads on demand; these tests are of the sanitised result.
  expect(await loadSanitizer()).toBe(true);
});

afterEach(() => {
  delete window.pwned;
});

describe('sanitizeHtml', () => {
  it('keeps text, formatting, headings, lists and tables', () => {
    const html =
      '<h1>Server Error</h1><p>Object <b>reference</b> not <em>set</em>.<br>Line two</p>' +
      '<ul><li>one</li><li>two</li></ul><table><tr><th colspan="2">Stack</th></tr><tr><td>a</td><td>b</td></tr></table>' +
      '<pre><code>at Foo()</code></pre>';
    const root = shown(html);
    expect(root.querySelector('h1')?.textContent).toBe('Server Error');
    expect(root.querySelector('p b')?.textContent).toBe('reference');
    expect(root.querySelectorAll('li')).toHaveLength(2);
    expect(root.querySelector('th')?.getAttribute('colspan')).toBe('2');
    expect(root.querySelector('pre code')?.textContent).toBe('at Foo()');
    expect(root.querySelector('br')).not.toBeNull();
  });

  it('drops scripts, styles, forms, embedded documents and images with their content', () => {
    const root = shown(
      '<style>body { display: none }</style><script>window.pwned = true</script>' +
        '<form action="https://evil.example"><label>Password <input name="password"></label><button>Go</button></form>' +
        '<iframe srcdoc="<script>parent.pwned = true</script>"></iframe><img src="x" onerror="window.pwned = true">' +
        '<p>kept</p>',
    );
    expect(root.innerHTML).toBe('<p>kept</p>');
    expect(window.pwned).toBeUndefined();
  });

  it('keeps no event handler, style, id, name or class attribute', () => {
    const root = shown(
      '<p id="cookie" name="x" class="c" style="position:fixed" onclick="window.pwned = true" title="t">x</p>',
    );
    expect(root.innerHTML).toBe('<p title="t">x</p>');
  });

  it('keeps http(s) and mailto links, opened in a new window without a handle on this one', () => {
    const root = shown(
      '<a href="https://example.com/help">help</a><a href="mailto:it@example.com">mail</a>' +
        '<a href="javascript:window.pwned=true">js</a><a href=" JaVaScRiPt:alert(1)">js2</a>' +
        '<a href="data:text/html,<script>alert(1)</script>">data</a><a href="/relative">rel</a>',
    );
    const links = [...root.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/help',
      'mailto:it@example.com',
      null,
      null,
      null,
      '/relative',
    ]);
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(links[0]?.getAttribute('target')).toBe('_blank');
    expect(root.textContent).toBe('helpmailjsjs2datarel');
  });

  it('shows unknown elements as their content and drops foreign content and comments', () => {
    const root = shown(
      '<custom-el><section>in <font color="red">section</font></section></custom-el>' +
        '<svg><script>window.pwned = true</script><a href="javascript:1">s</a></svg>' +
        '<math><mtext><table><mglyph><style><img src=x onerror="window.pwned = true"></style></mglyph></table></mtext></math>' +
        '<!-- <img src=x onerror="window.pwned = true"> -->',
    );
    expect(root.innerHTML).toBe('in section');
    expect(window.pwned).toBeUndefined();
  });

  it('never turns text into markup', () => {
    const root = shown(
      '<p>&lt;img src=x onerror="window.pwned = true"&gt;</p><noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>',
    );
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('p')?.textContent).toBe('<img src=x onerror="window.pwned = true">');
  });

  it('leaves links to open in place when asked (navigation markup)', () => {
    const html = sanitizeHtml('<a href="/apps/flow/home/flow?id=1" onclick="x()">Parent</a>', {
      linksInNewWindow: false,
    });
    expect(html).toBe('<a href="/apps/flow/home/flow?id=1">Parent</a>');
    // The next call is back to the default.
    expect(sanitizeHtml('<a href="/x">x</a>')).toBe(
      '<a href="/x" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});
