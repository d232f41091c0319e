import { useId, useMemo, useState } from 'react';
import { Button } from 'react-aria-components';
import { copyToClipboard } from '../browser/clipboard';
import { sanitizeHtml } from '../browser/sanitize-html';
import { useSanitizer } from '../hooks/useSanitizer';
import { useFormsTexts } from '../i18n/texts';
import { ShellDialog } from './ShellDialog';

/** Props of {@link HtmlAlertDialog}. */
export interface HtmlAlertDialogProps {
  /** Whether the dialog is on screen. */
  isOpen: boolean;
  /**
   * The text of the title bar.
   * @default 'Alert'
   */
  title?: string;
  /** HTML from the server (an error page, an application error); sanitised before display. */
  html: string;
  /** Called when the user presses OK or Escape. */
  onClose: () => void;
}

/**
 * The HTML Alert dialog (spec §8): shows server HTML, sanitised with DOMPurify so scripts, event
 * handler attributes, style sheets and forms never reach the page, with OK and **Copy text** (its
 * text to the clipboard). DOMPurify is
 * loaded the first time: until then the dialog shows the HTML's text.
 */
export function HtmlAlertDialog({ isOpen, title, html, onClose }: HtmlAlertDialogProps) {
  const SHELL_LABELS = useFormsTexts().shell;
  const contentId = useId();
  // Until DOMPurify has loaded (on demand), the HTML's text only; never unsanitised markup.
  const ready = useSanitizer(isOpen);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `ready` changes what sanitizeHtml returns
  const safeHtml = useMemo(() => (isOpen ? sanitizeHtml(html) : ''), [html, ready, isOpen]);
  const [copied, setCopied] = useState(false);
  // Spec §1 clipboard copy: what the error window says (an exception line) goes to a support call.
  const copy = () => {
    const content = document.getElementById(contentId);
    if (!content) return;
    // One line per block (the message, the exception line), as it reads on screen.
    const blocks = [...content.children].map((child) => child.textContent?.trim() ?? '').filter(Boolean);
    const text = blocks.length > 0 ? blocks.join('\n') : (content.textContent?.trim() ?? '');
    if (text) void copyToClipboard(text).then(setCopied);
  };
  return (
    <ShellDialog
      isOpen={isOpen}
      title={title ?? SHELL_LABELS.alertTitle}
      role="alertdialog"
      className="procedo-HtmlAlertDialog"
      onDismiss={onClose}
      aria-describedby={contentId}
    >
      <div
        id={contentId}
        className="procedo-Dialog-body procedo-HtmlAlertDialog-content"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above
        dangerouslySetInnerHTML={{ __html: safeHtml }}
      />
      <div className="procedo-Dialog-actions">
        <Button className="procedo-Button" onPress={copy}>
          {copied ? SHELL_LABELS.copied : SHELL_LABELS.copyText}
        </Button>
        <Button className="procedo-Button" data-variant="primary" autoFocus onPress={onClose}>
          {SHELL_LABELS.ok}
        </Button>
      </div>
    </ShellDialog>
  );
}
