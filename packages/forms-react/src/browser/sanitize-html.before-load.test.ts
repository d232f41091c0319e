// @vitest-environment jsdom
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSanitizerLoaded, loadSanitizer, sanitizeHtml } from './sanitize-html';

const fragment = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '<b>',
    '</b>',
    '<img src=x onerror="window.pwned=1">',
    '<script>window.pwned=2</script>',
    '<a href="javascript:alert(1)">',
    '&lt;p&gt;',
    '<!--',
    '-->',
    '<svg><style>',
    '"',
    "'",
    '&',
  ),
);

describe('sanitizeHtml before DOMPurify has loaded', () => {
  // Synchronous, first in this file: the load the first call starts cannot finish in between.
  it('gives the text only, escaped, for any input: no markup is ever put into the page', () => {
    expect(isSanitizerLoaded()).toBe(false);
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 12 }), (parts) => {
        const result = sanitizeHtml(parts.join(''));
        expect(result).not.toMatch(/[<>"']/);
        const box = document.createElement('div');
        box.innerHTML = result;
        expect(box.children).toHaveLength(0);
      }),
    );
    expect(isSanitizerLoaded()).toBe(false);
    expect(sanitizeHtml('<p>Object <b>reference</b> &amp; more</p><script>x()</script>')).toBe(
      'Object reference &#38; more',
    );
  });

  it('sanitises with DOMPurify once it has loaded', async () => {
    expect(await loadSanitizer()).toBe(true);
    expect(sanitizeHtml('<p onclick="x()">Object <b>reference</b></p><script>x()</script>')).toBe(
      '<p>Object <b>reference</b></p>',
    );
  });
});
