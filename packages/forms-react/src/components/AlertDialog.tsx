import { useId } from 'react';
import { Button } from 'react-aria-components';
import { SHELL_LABELS } from '../state/labels';
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
export function AlertDialog({ isOpen, title = SHELL_LABELS.alertTitle, message, onClose }: AlertDialogProps) {
  const messageId = useId();
  return (
    <ShellDialog
      isOpen={isOpen}
      title={title}
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
