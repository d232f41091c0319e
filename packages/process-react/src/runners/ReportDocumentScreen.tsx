import { ShellDialog } from '@procedo/forms-react';
import { useId } from 'react';
import { Button } from 'react-aria-components';
import { useProcessTexts } from '../i18n/texts';

/** Props of {@link ReportDocumentScreen}. */
export interface ReportDocumentScreenProps {
  /** The step name (the title). */
  stepName: string;
  /** The produced document's URL; `null` before it is produced. */
  documentUrl: string | null;
  /** Whether the document is being produced. @default false */
  isProducing?: boolean;
  /** A server error to show. */
  errorMessage?: string | null;
  /** Produce the document (`action/complete/report-document`). */
  onProduce: () => void;
  /** Go on once the document is produced (the run finishes or asks what comes next). */
  onContinue: () => void;
  /** Leave the screen; the step stays where it is. */
  onCancel: () => void;
}

/**
 * The report-document step screen: produce the document of the process data, then open it through
 * a link (a new tab: a user's click, so no popup blocker) and continue.
 */
export function ReportDocumentScreen({
  stepName,
  documentUrl,
  isProducing = false,
  errorMessage,
  onProduce,
  onContinue,
  onCancel,
}: ReportDocumentScreenProps) {
  const PROCESS_LABELS = useProcessTexts().process;
  const statusId = useId();
  return (
    <ShellDialog
      title={stepName}
      className="procedo-ReportDocumentScreen"
      onDismiss={onCancel}
      aria-describedby={statusId}
    >
      <div className="procedo-Dialog-body">
        {!documentUrl && !isProducing && <p>{PROCESS_LABELS.reportIntro}</p>}
        <p id={statusId} role="status">
          {documentUrl ? PROCESS_LABELS.reportReady : isProducing ? PROCESS_LABELS.producing : ''}
        </p>
        {documentUrl && (
          <a
            className="procedo-ReportDocument-link"
            href={documentUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            {PROCESS_LABELS.openDocument}
          </a>
        )}
        {errorMessage && (
          <p className="procedo-Field-error" role="alert">
            {errorMessage}
          </p>
        )}
      </div>
      <div className="procedo-Dialog-actions">
        {documentUrl ? (
          <Button className="procedo-Button" data-variant="primary" autoFocus onPress={onContinue}>
            {PROCESS_LABELS.continue}
          </Button>
        ) : (
          <Button
            className="procedo-Button"
            data-variant="primary"
            autoFocus
            isDisabled={isProducing}
            onPress={onProduce}
          >
            {PROCESS_LABELS.produceDocument}
          </Button>
        )}
        <Button className="procedo-Button" isDisabled={isProducing} onPress={onCancel}>
          {PROCESS_LABELS.cancel}
        </Button>
      </div>
    </ShellDialog>
  );
}
