import { useEffect, useState } from 'react';
import { isSanitizerLoaded, loadSanitizer, onSanitizerLoaded } from '../browser/sanitize-html';

/**
 * Loads DOMPurify for `sanitizeHtml` and re-renders once it has: false until then (sanitizeHtml
 * gives the HTML's text only), true after. Put it in the memo's dependencies of `sanitizeHtml`.
 * Pass `enabled: false` while there is no HTML to show, so nothing is loaded before it is needed.
 *
 * @example
 * const ready = useSanitizer();
 * const safe = useMemo(() => sanitizeHtml(html), [html, ready]);
 */
export function useSanitizer(enabled = true): boolean {
  const [ready, setReady] = useState(isSanitizerLoaded);
  useEffect(() => {
    if (ready || !enabled) return undefined;
    const stop = onSanitizerLoaded(() => setReady(true));
    // A failed load leaves the text showing; the next HTML shown tries again.
    loadSanitizer().catch(() => undefined);
    if (isSanitizerLoaded()) setReady(true);
    return stop;
  }, [ready, enabled]);
  return ready;
}
