import { type ReactNode, useId, useState } from 'react';
import { Button } from 'react-aria-components';
import { INFO_BOX_COLLAPSED_HEIGHT } from '../state/durations';

/** Props of {@link InfoMessageBox}. */
export interface InfoMessageBoxProps {
  /** The title, shown on the disclosure button that is always visible. */
  title: ReactNode;
  /** The message. */
  children: ReactNode;
  /**
   * Whether the box starts expanded (uncontrolled).
   * @default true
   */
  defaultExpanded?: boolean;
  /** Whether the box is expanded (controlled). */
  isExpanded?: boolean;
  /** Called when the user expands or collapses the box. */
  onExpandedChange?: (isExpanded: boolean) => void;
}

/**
 * A collapsible info message box (spec §2); collapsed, it is exactly 20 px high (spec §9) and shows
 * only its title button, which carries `aria-expanded` and controls the message panel (the WAI-ARIA
 * disclosure pattern: a react-aria-components `Button` in a heading; the collapsed panel is
 * `hidden`).
 */
export function InfoMessageBox({
  title,
  children,
  defaultExpanded = true,
  isExpanded,
  onExpandedChange,
}: InfoMessageBoxProps) {
  const [ownExpanded, setOwnExpanded] = useState(defaultExpanded);
  const expanded = isExpanded ?? ownExpanded;
  const panelId = useId();
  const toggle = () => {
    setOwnExpanded(!expanded);
    onExpandedChange?.(!expanded);
  };
  return (
    <div
      className="procedo-InfoMessageBox"
      data-expanded={expanded || undefined}
      style={
        expanded
          ? undefined
          : { height: INFO_BOX_COLLAPSED_HEIGHT, overflow: 'hidden', boxSizing: 'border-box' }
      }
    >
      <h3 className="procedo-InfoMessageBox-heading">
        <Button
          className="procedo-InfoMessageBox-trigger"
          aria-expanded={expanded}
          aria-controls={panelId}
          onPress={toggle}
        >
          <span className="procedo-InfoMessageBox-chevron" aria-hidden="true" />
          {title}
        </Button>
      </h3>
      <div id={panelId} className="procedo-InfoMessageBox-panel" hidden={!expanded}>
        {children}
      </div>
    </div>
  );
}
