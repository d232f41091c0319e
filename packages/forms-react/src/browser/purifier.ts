import DOMPurify from 'dompurify';

// Loaded on demand by `sanitize-html.ts` (the first time HTML is shown), so DOMPurify is in no
// app's main chunk.

// What server HTML (error pages, messages, breadcrumbs) needs to be read: text, formatting,
// headings, lists, tables and links. No styles (they would restyle the host page), no forms (a
// phishing risk inside our dialogs), no images or embedded documents, no SVG or MathML.
const ALLOWED_TAGS = [
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'caption',
  'cite',
  'code',
  'dd',
  'del',
  'div',
  'dl',
  'dt',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'ins',
  'kbd',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
];
const ALLOWED_ATTR = ['href', 'title', 'colspan', 'rowspan', 'scope', 'lang', 'dir'];
// A forbidden element normally leaves its text behind; these go with everything inside them.
const ADD_FORBID_CONTENTS = ['form', 'button', 'select', 'textarea', 'iframe', 'object', 'embed'];
// DOMPurify's default URI rule narrowed to http(s) and mailto: any other scheme (`javascript:`,
// `data:`, `tel:`…) is dropped; relative URLs and plain attribute values (DOMPurify checks every
// attribute value against this) pass.
const ALLOWED_URI_REGEXP = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/** Sanitises `html`; links open in a new window unless `linksInNewWindow` is false. */
export type Purify = (html: string, linksInNewWindow: boolean) => string;

/** Our own DOMPurify instance, so the link hook never affects other users of DOMPurify; null without a DOM. */
export function createPurifier(win: Window & typeof globalThis): Purify | null {
  const instance = DOMPurify(win);
  if (!instance.isSupported) return null;
  // The link rule of the sanitize call running now (sanitising is synchronous).
  let newWindow = true;
  // Links open in a new window without a handle on this one (unless the call says otherwise).
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (newWindow && node.nodeName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return (html, linksInNewWindow) => {
    newWindow = linksInNewWindow;
    try {
      return instance.sanitize(html, {
        ALLOWED_TAGS,
        ALLOWED_ATTR,
        ADD_FORBID_CONTENTS,
        ALLOWED_URI_REGEXP,
        ALLOW_DATA_ATTR: false,
        ALLOW_ARIA_ATTR: false,
      });
    } finally {
      newWindow = true;
    }
  };
}
