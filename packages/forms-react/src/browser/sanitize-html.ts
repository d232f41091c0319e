import DOMPurify from 'dompurify';

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

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

type Purifier = ReturnType<typeof DOMPurify>;
let purifier: Purifier | null = null;
// The link rule of the sanitize call running now (sanitising is synchronous).
let linksInNewWindow = true;

/** Options of {@link sanitizeHtml}. */
export interface SanitizeHtmlOptions {
  /**
   * Whether links open in a new window (`target="_blank"`, `rel="noopener noreferrer"`); `false`
   * leaves them to open in place, for navigation markup such as process breadcrumbs.
   * @default true
   */
  linksInNewWindow?: boolean;
}

/** Our own DOMPurify instance, so the link hook never affects other users of DOMPurify. */
function getPurifier(): Purifier | null {
  if (purifier) return purifier;
  if (typeof window === 'undefined') return null;
  const instance = DOMPurify(window);
  if (!instance.isSupported) return null;
  // Links open in a new window without a handle on this one (unless the call says otherwise).
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (linksInNewWindow && node.nodeName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  purifier = instance;
  return instance;
}

/**
 * Returns server HTML that is safe to put into the page, sanitised by DOMPurify with an allowlist:
 * text, formatting, headings, lists, tables and http(s)/mailto/same-site links (opened in a new
 * window); scripts, event-handler attributes, styles, ids, classes, forms, images, embedded
 * documents, SVG, MathML and comments are removed. Where DOMPurify cannot run (no DOM) the HTML
 * is escaped and shows as text.
 */
export function sanitizeHtml(html: string, options: SanitizeHtmlOptions = {}): string {
  const instance = getPurifier();
  if (!instance) return escapeHtml(html);
  linksInNewWindow = options.linksInNewWindow ?? true;
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
    linksInNewWindow = true;
  }
}
