import { ShellDialog } from '@procedo/forms-react';
import { useId } from 'react';
import { Button } from 'react-aria-components';
import { useProcessTexts } from '../i18n/texts';

/** Props of {@link StepRunError}. */
export interface StepRunErrorProps {
  /** The step that failed, for the title; empty gives 'The step could not run'. */
  stepName: string;
  /** What went wrong (the server's Message, else the response text, else the status text). */
  message: string;
  /** Make the failed call again. */
  onRetry: () => void;
  /** Close; the process stays where it was and the step can be run again. */
  onClose: () => void;
}

/** A failed step call: the error, Try again and Close. The process is where it was. */
export function StepRunError({ stepName, message, onRetry, onClose }: StepRunErrorProps) {
  const PROCESS_LABELS = useProcessTexts().process;
  const messageId = useId();
  return (
    <ShellDialog
      title={stepName || PROCESS_LABELS.runFailedTitle}
      role="alertdialog"
      className="procedo-StepRunError"
      onDismiss={onClose}
      aria-describedby={messageId}
    >
      <div id={messageId} className="procedo-Dialog-body procedo-StepRunError-message">
        {message}
      </div>
      <div className="procedo-Dialog-actions">
        <Button className="procedo-Button" data-variant="primary" autoFocus onPress={onRetry}>
          {PROCESS_LABELS.tryAgain}
        </Button>
        <Button className="procedo-Button" onPress={onClose}>
          {PROCESS_LABELS.close}
        </Button>
      </div>
    </ShellDialog>
  );
}
