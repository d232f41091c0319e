import { fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { useHelpTooltip } from './HelpTooltip';

function Helped({ text }: { text?: string }) {
  const ref = useRef<HTMLButtonElement>(null);
  const { triggerProps, tooltip } = useHelpTooltip(text, ref);
  return (
    <>
      <button type="button" ref={ref} {...triggerProps}>
        Approve
      </button>
      {tooltip}
    </>
  );
}

// A module of its own per test file: here the tooltip's overlay has not been loaded yet.
describe('the help tooltip before its overlay is loaded', () => {
  it('loads the overlay on the first keyboard focus and then shows the help text tied to the element', async () => {
    render(<Helped text="Marks the batch as released" />);
    const button = screen.getByRole('button', { name: 'Approve' });
    // Keyboard focus (react-aria shows a tooltip at once for it, not for a pointer's focus).
    fireEvent.keyDown(document.body, { key: 'Tab' });
    button.focus();
    // Until the overlay is there the element names no tooltip that is not in the page.
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(button.getAttribute('aria-describedby')).toBeNull();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe('Marks the batch as released');
    expect(button.getAttribute('aria-describedby')).toBe(tooltip.id);
  });
});
