import { useMessages } from '@procedo/forms-react';

/** Props of {@link StepEnded}. */
export interface StepEndedProps {
  /**
   * The text shown.
   * @default 'This part of the process has ended.'
   */
  message?: string;
}

/**
 * The notice a step's page shows once its part of the process is over (spec §8 'This part of the
 * process has ended.'); a polite live region, so screen readers announce it.
 */
export function StepEnded({ message: messageProp }: StepEndedProps) {
  const messages = useMessages();
  const message = messageProp ?? messages.processPartEnded;
  return (
    <p className="procedo-StepEnded" role="status">
      {message}
    </p>
  );
}
