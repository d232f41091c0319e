import { onDemand } from './on-demand';
import type { Purify } from './purifier';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

// Elements whose content is no readable text of the message (the sanitiser drops them with it).
const NOT_TEXT =
  'script, style, template, noscript, title, form, button, select, textarea, iframe, object, embed, svg, math';

/**
 * The HTML's text, escaped, for the moment before DOMPurify has loaded: markup never reaches the
 * page unsanitised. The parse is of an inert document (no scripts run, nothing is fetched, no
 * handler fires), the way DOMPurify itself parses.
 */
function textOnly(html: string): string {
  if (typeof DOMParser === 'undefined') return escapeHtml(html);
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  for (const element of body.querySelectorAll(NOT_TEXT)) element.remove();
  return escapeHtml(body.textContent ?? '');
}

let purify: Purify | null = null;
const listeners = new Set<() => void>();
// A failed chunk load (offline, a new deployment) is tried again by the next caller.
const purifier = onDemand(() =>
  import('./purifier').then(({ createPurifier }) => {
    purify = createPurifier(window);
    for (const listener of listeners) listener();
    return purify !== null;
  }),
);

/**
 * Loads DOMPurify (once; a separate chunk, so apps load it only when HTML is first shown).
 * Resolves true when {@link sanitizeHtml} sanitises with it from now on, false where it cannot run
 * (no DOM: the HTML then keeps showing as escaped text).
 */
export function loadSanitizer(): Promise<boolean> {
  if (purify) return Promise.resolve(true);
  if (typeof window === 'undefined') return Promise.resolve(false);
  return purifier.load();
}

/** Whether DOMPurify has loaded, so {@link sanitizeHtml} returns sanitised markup. */
export function isSanitizerLoaded(): boolean {
  return purify !== null;
}

/** Calls `listener` once DOMPurify has loaded; returns the unsubscribe function. */
export function onSanitizerLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Options of {@link sanitizeHtml}. */
export interface SanitizeHtmlOptions {
  /**
   * Whether links open in a new window (`target="_blank"`, `rel="noopener noreferrer"`); `false`
   * leaves them to open in place, for navigation markup such as process breadcrumbs.
   * @default true
   */
  linksInNewWindow?: boolean;
}

/**
 * Returns server HTML that is safe to put into the page, sanitised by DOMPurify with an allowlist:
 * text, formatting, headings, lists, tables and http(s)/mailto/same-site links (opened in a new
 * window); scripts, event-handler attributes, styles, ids, classes, forms, images, embedded
 * documents, SVG, MathML and comments are removed.
 *
 * DOMPurify is loaded on demand: until it has loaded (see {@link loadSanitizer}, which this call
 * starts, and `useSanitizer`) the result is the HTML's text only, escaped; where DOMPurify cannot
 * run (no DOM) the HTML is escaped and shows as text.
 */
export function sanitizeHtml(html: string, options: SanitizeHtmlOptions = {}): string {
  if (!purify) {
    loadSanitizer().catch(() => undefined);
    return textOnly(html);
  }
  return purify(html, options.linksInNewWindow ?? true);
}
