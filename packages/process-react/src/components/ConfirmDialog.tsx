import { ShellDialog } from '@procedo/forms-react';
import { useId } from 'react';
import { Button } from 'react-aria-components';
import { useProcessTexts } from '../i18n/texts';

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  /** The title bar text (the step name). */
  title: string;
  /** The question. */
  message: string;
  /** Called with `true` for Yes, `false` for No or Escape. */
  onAnswer: (confirmed: boolean) => void;
}

/**
 * A step's confirm (and completion confirm): the question with Yes and No. Modal; focus starts on
 * Yes; Escape answers No.
 */
export function ConfirmDialog({ title, message, onAnswer }: ConfirmDialogProps) {
  const PROCESS_LABELS = useProcessTexts().process;
  const messageId = useId();
  return (
    <ShellDialog
      title={title}
      role="alertdialog"
      className="procedo-ConfirmDialog"
      onDismiss={() => onAnswer(false)}
      aria-describedby={messageId}
    >
      <div id={messageId} className="procedo-Dialog-body procedo-ConfirmDialog-message">
        {message}
      </div>
      <div className="procedo-Dialog-actions">
        <Button className="procedo-Button" data-variant="primary" autoFocus onPress={() => onAnswer(true)}>
          {PROCESS_LABELS.yes}
        </Button>
        <Button className="procedo-Button" onPress={() => onAnswer(false)}>
          {PROCESS_LABELS.no}
        </Button>
      </div>
    </ShellDialog>
  );
}
