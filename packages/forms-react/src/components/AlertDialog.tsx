import { useId } from 'react';
import { Button } from 'react-aria-components';
import { useFormsTexts } from '../i18n/texts';
import { ShellDialog } from './ShellDialog';

/** Props of {@link AlertDialog}. */
export interface AlertDialogProps {
  /** Whether the dialog is on screen. */
  isOpen: boolean;
  /**
   * The text of the title bar.
   * @default 'Alert'
   */
  title?: string;
  /** The message; line breaks are kept. */
  message: string;
  /** Called when the user presses OK or Escape. */
  onClose: () => void;
}

/**
 * The modal Alert dialog with an OK button (spec §2); focus moves to OK when it opens and returns
 * to where it was when it closes.
 */
export function AlertDialog({ isOpen, title, message, onClose }: AlertDialogProps) {
  const SHELL_LABELS = useFormsTexts().shell;
  const messageId = useId();
  return (
    <ShellDialog
      isOpen={isOpen}
      title={title ?? SHELL_LABELS.alertTitle}
      role="alertdialog"
      className="procedo-AlertDialog"
      onDismiss={onClose}
      aria-describedby={messageId}
    >
      <div id={messageId} className="procedo-Dialog-body procedo-AlertDialog-message">
        {message}
      </div>
      <div className="procedo-Dialog-actions">
        <Button className="procedo-Button" data-variant="primary" autoFocus onPress={onClose}>
          {SHELL_LABELS.ok}
        </Button>
      </div>
    </ShellDialog>
  );
}
