import DOMPurify from 'dompurify';

// Breadcrumbs and messages are short markup: links and emphasis. Styles would restyle the host
// page and forms could phish inside it.
const FORBID_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'frame'];

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * Returns server HTML (BreadCrumbHtml, messages) safe to put into the page: scripts, event-handler
 * attributes, `javascript:` URLs, styles and forms removed by DOMPurify. Where DOMPurify cannot
 * run (no DOM) the HTML is escaped and shows as text.
 */
export function sanitizeServerHtml(html: string): string {
  if (!DOMPurify.isSupported) return escapeHtml(html);
  return DOMPurify.sanitize(html, { FORBID_TAGS, USE_PROFILES: { html: true } });
}
