import { Label, ProgressBar } from 'react-aria-components';
import { SHELL_LABELS } from '../state/labels';

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
export function LoadingPanel({ isVisible, label = SHELL_LABELS.loading }: LoadingPanelProps) {
  if (!isVisible) return null;
  return (
    <div className="procedo-LoadingPanel" data-visible>
      <ProgressBar className="procedo-LoadingPanel-progress" isIndeterminate>
        <span className="procedo-LoadingPanel-spinner" aria-hidden="true" />
        <Label className="procedo-LoadingPanel-label">{label}</Label>
      </ProgressBar>
    </div>
  );
}
