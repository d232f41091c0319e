import { useId, useMemo } from 'react';
import { Button } from 'react-aria-components';
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
 * handler attributes, style sheets and forms never reach the page, with an OK button. DOMPurify is
 * loaded the first time: until then the dialog shows the HTML's text.
 */
export function HtmlAlertDialog({ isOpen, title, html, onClose }: HtmlAlertDialogProps) {
  const SHELL_LABELS = useFormsTexts().shell;
  const contentId = useId();
  // Until DOMPurify has loaded (on demand), the HTML's text only; never unsanitised markup.
  const ready = useSanitizer(isOpen);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `ready` changes what sanitizeHtml returns
  const safeHtml = useMemo(() => (isOpen ? sanitizeHtml(html) : ''), [html, ready, isOpen]);
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
        <Button className="procedo-Button" data-variant="primary" autoFocus onPress={onClose}>
          {SHELL_LABELS.ok}
        </Button>
      </div>
    </ShellDialog>
  );
}
