import DOMPurify from 'dompurify';

// Server error pages bring their own <style> (which would restyle the whole host page) and may
// carry forms (a phishing risk inside our dialog); neither is needed to read the message.
const FORBID_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'frame'];

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * Returns server HTML that is safe to put into the page: scripts, event-handler attributes,
 * `javascript:` URLs, styles sheets and forms removed. Where DOMPurify cannot run (no DOM) the
 * HTML is escaped and shows as text.
 */
export function sanitizeHtml(html: string): string {
  if (!DOMPurify.isSupported) return escapeHtml(html);
  return DOMPurify.sanitize(html, { FORBID_TAGS, USE_PROFILES: { html: true } });
}
