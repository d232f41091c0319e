import type { ReactNode } from 'react';
import { Button, Disclosure, DisclosurePanel, Heading } from 'react-aria-components';
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
 * only its title button, which carries `aria-expanded`.
 */
export function InfoMessageBox({
  title,
  children,
  defaultExpanded = true,
  isExpanded,
  onExpandedChange,
}: InfoMessageBoxProps) {
  return (
    <Disclosure
      className="procedo-InfoMessageBox"
      defaultExpanded={defaultExpanded}
      isExpanded={isExpanded}
      onExpandedChange={onExpandedChange}
      style={({ isExpanded: expanded }) =>
        expanded
          ? undefined
          : { height: INFO_BOX_COLLAPSED_HEIGHT, overflow: 'hidden', boxSizing: 'border-box' }
      }
    >
      <Heading className="procedo-InfoMessageBox-heading" level={3}>
        <Button slot="trigger" className="procedo-InfoMessageBox-trigger">
          <span className="procedo-InfoMessageBox-chevron" aria-hidden="true" />
          {title}
        </Button>
      </Heading>
      <DisclosurePanel className="procedo-InfoMessageBox-panel">{children}</DisclosurePanel>
    </Disclosure>
  );
}
