import { createElement, Fragment, type ReactNode } from 'react';

// Server HTML (error pages, application messages) is parsed by the browser into an inert document
// (DOMParser: no script runs, nothing loads) and rebuilt as React elements from an allowlist. No
// markup string ever reaches innerHTML, so there is no serialise-and-reparse step for mutation XSS
// to hide in; React sets the kept text and attributes through the DOM.

/** Formatting and structure kept as they are; every other element is replaced by its content. */
const KEPT_TAGS = new Set(
  (
    'a abbr b bdi bdo blockquote br caption cite code dd del dfn div dl dt em h1 h2 h3 h4 h5 h6 hr i ins ' +
    'kbd li mark ol p pre q s samp small span strong sub sup table tbody td tfoot th thead tr u ul var wbr'
  ).split(' '),
);

/**
 * Dropped with their content: scripts and styles (a server page's style sheet would restyle the
 * host), forms and their controls (phishing inside our dialog), embedded documents and media,
 * foreign content (SVG, MathML) and the document's head.
 */
const DROPPED_TAGS = new Set(
  (
    'script style link meta base title head template noscript noembed noframes xmp plaintext iframe frame ' +
    'frameset object embed applet portal form input button select option optgroup datalist textarea ' +
    'output fieldset legend label dialog svg math canvas img picture source video audio track map area'
  ).split(' '),
);

const VOID_TAGS = new Set(['br', 'hr', 'wbr']);
/** Elements where the HTML parser itself ignores whitespace text; React warns about it there. */
const TABLE_TAGS = new Set(['table', 'tbody', 'thead', 'tfoot', 'tr']);
const SAFE_URL_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** `href` kept only for http(s) and mailto links (relative ones resolve against the page). */
function safeHref(value: string): string | null {
  try {
    const url = new URL(value, document.baseURI);
    return SAFE_URL_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** The attributes kept for one element, as React props (no id, name, class, style or handler). */
function propsOf(element: Element, tag: string): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  const title = element.getAttribute('title');
  if (title) props.title = title;
  const dir = element.getAttribute('dir');
  if (dir === 'ltr' || dir === 'rtl' || dir === 'auto') props.dir = dir;
  const lang = element.getAttribute('lang');
  if (lang && /^[A-Za-z0-9-]{1,35}$/.test(lang)) props.lang = lang;
  if (tag === 'a') {
    const href = safeHref(element.getAttribute('href') ?? '');
    if (href) {
      props.href = href;
      // Opened away from the page: the server page never gets a handle on this window.
      props.target = '_blank';
      props.rel = 'noopener noreferrer';
    }
  }
  if (tag === 'td' || tag === 'th') {
    for (const name of ['colspan', 'rowspan'] as const) {
      const span = Number(element.getAttribute(name));
      if (Number.isInteger(span) && span > 1 && span <= 1000)
        props[name === 'colspan' ? 'colSpan' : 'rowSpan'] = span;
    }
  }
  return props;
}

function childrenOf(parent: Node, parentTag: string): ReactNode[] {
  const children: ReactNode[] = [];
  parent.childNodes.forEach((node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node.nodeValue ?? '';
      if (!(TABLE_TAGS.has(parentTag) && text.trim() === '')) children.push(text);
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return; // comments, processing instructions
    const element = node as Element;
    // Only HTML elements: anything in another namespace (SVG, MathML) is foreign content.
    if (element.namespaceURI !== 'http://www.w3.org/1999/xhtml') return;
    const tag = element.localName;
    if (DROPPED_TAGS.has(tag)) return;
    if (!KEPT_TAGS.has(tag)) {
      children.push(...childrenOf(element, parentTag));
      return;
    }
    const props = propsOf(element, tag);
    children.push(
      VOID_TAGS.has(tag) ? createElement(tag, props) : createElement(tag, props, ...childrenOf(element, tag)),
    );
  });
  return children;
}

/**
 * Server HTML as React content safe to show in the page: the text with its formatting, lists,
 * tables and http(s)/mailto links; no script, event handler, `javascript:` URL, style, form,
 * embedded document or image. Where there is no DOM (server rendering) it is the page's text.
 *
 * @example <nav aria-label="Breadcrumbs">{sanitizeHtml(process.BreadCrumbHtml)}</nav>
 */
export function sanitizeHtml(html: string): ReactNode {
  if (typeof DOMParser === 'undefined') return html.replace(/<[^>]*>/g, '');
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  // Children as arguments, not an array: static content needs no keys.
  return createElement(Fragment, null, ...childrenOf(parsed.body, 'body'));
}
