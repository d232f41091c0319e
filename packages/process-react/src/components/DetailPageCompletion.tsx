import { useState } from 'react';
import { Button } from 'react-aria-components';
import { processErrorText } from '../errors';
import { useProcessRunner } from '../hooks/useProcessRunner';
import { useProcessTexts } from '../i18n/texts';
import { StepEnded } from './StepEnded';

/** Props of {@link DetailPageCompletion}. */
export interface DetailPageCompletionProps {
  /** The step the page was opened for: its URL's `a_step_id` (see `stepIdFromUrl`). */
  stepId: number;
  /**
   * The page's query string, posted as `QueryString`; the step completes only when every
   * parameter it requires is present and not empty.
   * @default the current page's `location.search` without the `?`
   */
  queryString?: string;
  /**
   * The page's URL, posted as `CurrentPageUrl`.
   * @default the current page's `location.href`
   */
  currentPageUrl?: string;
  /**
   * The button text.
   * @default 'Complete the step'
   */
  label?: string;
}

/**
 * The bar a page opened by a detail-page (or form) step shows — a host renders it when its URL has
 * `a_step_id`: Complete the step posts `QueryString` and `CurrentPageUrl`
 * (`action/complete/detail-page`). A server error (required data missing, a step no longer active)
 * shows in the bar and the user can try again; success is handled as the step's result: the step
 * dialog holding the page closes, or the page goes to the flow home or step page.
 */
export function DetailPageCompletion({
  stepId,
  queryString,
  currentPageUrl,
  label,
}: DetailPageCompletionProps) {
  const PROCESS_LABELS = useProcessTexts().process;
  const runner = useProcessRunner();
  const [isSending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isDone, setDone] = useState(false);

  const complete = async () => {
    setSending(true);
    setError(null);
    try {
      const result = await runner.api.completeDetailPage(stepId, {
        QueryString: queryString ?? globalThis.location.search.replace(/^\?/, ''),
        CurrentPageUrl: currentPageUrl ?? globalThis.location.href,
      });
      setDone(true);
      runner.handleResult(result);
    } catch (caught) {
      setError(processErrorText(caught));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="procedo-DetailPageCompletion" aria-label={PROCESS_LABELS.detailPageRegion}>
      {isDone ? (
        <StepEnded />
      ) : (
        <Button
          className="procedo-Button"
          data-variant="primary"
          isDisabled={isSending}
          onPress={() => void complete()}
        >
          {isSending ? PROCESS_LABELS.completing : (label ?? PROCESS_LABELS.completeStep)}
        </Button>
      )}
      {error && (
        <p className="procedo-Field-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
