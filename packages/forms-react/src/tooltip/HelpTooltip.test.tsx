import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataGrid } from '../grid/DataGrid';
import { createGridStore } from '../grid/grid-state';
import { memorySource, type SampleRow, sampleRows } from '../grid/test-rows';
import { TOOLTIP_DELAY_MS } from '../state/page-timeouts';
import { loadHelpTooltip, useHelpTooltip } from './HelpTooltip';

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

// A mouse moving onto the element, as react-aria's hover expects it (pointer modality, a mouse
// pointer: the mouse events a touch emulates show no tooltip).
const hover = (element: Element) => {
  fireEvent.pointerMove(element, { pointerType: 'mouse' });
  fireEvent.pointerOver(element, { pointerType: 'mouse' });
  fireEvent.pointerEnter(element, { pointerType: 'mouse' });
};
const unhover = (element: Element) => {
  fireEvent.pointerOut(element, { pointerType: 'mouse' });
  fireEvent.pointerLeave(element, { pointerType: 'mouse' });
};
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

// The overlay is loaded on the first hover or focus (HelpTooltip-load.test.tsx); these tests time
// the §9 delay with it already there.
beforeAll(async () => {
  await loadHelpTooltip();
});
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('help text tooltips (spec §9: tooltip timeout 2000 ms)', () => {
  it('waits 2000 ms with the pointer on the element, then shows the help text tied to it', () => {
    render(<Helped text="Marks the batch as released" />);
    const button = screen.getByRole('button', { name: 'Approve' });
    hover(button);
    advance(TOOLTIP_DELAY_MS - 1);
    expect(screen.queryByRole('tooltip')).toBeNull();
    advance(1);
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip.textContent).toBe('Marks the batch as released');
    expect(button.getAttribute('aria-describedby')).toBe(tooltip.id);
    expect(TOOLTIP_DELAY_MS).toBe(2000);
  });

  it('is dismissed with Escape', () => {
    render(<Helped text="Marks the batch as released" />);
    hover(screen.getByRole('button', { name: 'Approve' }));
    advance(TOOLTIP_DELAY_MS);
    expect(screen.getByRole('tooltip')).toBeTruthy();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    advance(1000);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('adds nothing to an element without help text', () => {
    render(<Helped />);
    const button = screen.getByRole('button', { name: 'Approve' });
    hover(button);
    advance(TOOLTIP_DELAY_MS * 2);
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(button.getAttribute('aria-describedby')).toBeNull();
  });

  it("shows a grid column's description on its header after the delay", () => {
    const grid = createGridStore<SampleRow>({
      source: memorySource(sampleRows(3)),
      getRowKey: (row) => row.id,
      columnCount: 2,
      selectionMode: 'none',
      withTotal: true,
    });
    render(
      <DataGrid
        grid={grid}
        aria-label="Rows"
        height={200}
        rowHeight={32}
        columns={[
          { key: 'name', header: 'Name', description: 'The supplier the product is bought from' },
          { key: 'n', header: 'Number' },
        ]}
      />,
    );
    const header = screen.getByRole('columnheader', { name: 'Name' });
    hover(header);
    advance(TOOLTIP_DELAY_MS - 1);
    expect(screen.queryByRole('tooltip')).toBeNull();
    advance(1);
    expect(screen.getByRole('tooltip').textContent).toBe('The supplier the product is bought from');
    unhover(header);
    advance(TOOLTIP_DELAY_MS * 2);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
