import { useId } from 'react';
import { useFormsTexts } from '../i18n/texts';

/** Props of {@link LoadingPanel}. */
export interface LoadingPanelProps {
  /** Whether the panel is on screen. */
  isVisible: boolean;
  /**
   * The text under the spinner, also the progress bar's accessible name.
   * @default 'Loading…'
   */
  label?: string;
}

/** The loading panel shown while navigating (spec §2): a spinner over the page that blocks clicks. */
export function LoadingPanel({ isVisible, label: labelProp }: LoadingPanelProps) {
  const texts = useFormsTexts();
  const label = labelProp ?? texts.shell.loading;
  const labelId = useId();
  if (!isVisible) return null;
  // A native indeterminate <progress> (no value) drawn as the spinner: a non-interactive
  // progress bar needs no more than the element itself (RAC's ProgressBar added ~1 KB min+gzip).
  return (
    <div className="procedo-LoadingPanel" data-visible>
      <div className="procedo-LoadingPanel-progress">
        <progress className="procedo-LoadingPanel-spinner" aria-labelledby={labelId} />
        <span id={labelId} className="procedo-LoadingPanel-label">
          {label}
        </span>
      </div>
    </div>
  );
}
