import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeWindow, rowsPerPage, scrollTopForRow } from './windowing';

const inputs = fc.record({
  scrollTop: fc.integer({ min: -1000, max: 5_000_000 }),
  viewportHeight: fc.integer({ min: 0, max: 3000 }),
  rowHeight: fc.integer({ min: 1, max: 200 }),
  rowCount: fc.integer({ min: 0, max: 200_000 }),
  overscan: fc.integer({ min: 0, max: 20 }),
});

describe('computeWindow', () => {
  it('renders only the rows of a 100,000-row grid that are on screen plus the overscan', () => {
    const window = computeWindow({
      scrollTop: 32_000,
      viewportHeight: 320,
      rowHeight: 32,
      rowCount: 100_000,
      overscan: 5,
    });
    expect(window).toEqual({ start: 995, end: 1015, offsetTop: 995 * 32, totalHeight: 3_200_000 });
  });

  it('keeps the window inside the rows and never renders more than the viewport plus overscan', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const { start, end, offsetTop, totalHeight } = computeWindow(input);
        expect(0 <= start && start <= end && end <= input.rowCount).toBe(true);
        expect(end - start).toBeLessThanOrEqual(
          Math.ceil(input.viewportHeight / input.rowHeight) + 1 + 2 * input.overscan,
        );
        expect(offsetTop).toBe(start * input.rowHeight);
        expect(totalHeight).toBe(input.rowCount * input.rowHeight);
      }),
    );
  });

  it('covers every row that is even partly visible', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const { start, end } = computeWindow(input);
        const top = Math.min(Math.max(0, input.scrollTop), input.rowCount * input.rowHeight);
        for (let row = 0; row < input.rowCount; row += Math.max(1, Math.floor(input.rowCount / 50))) {
          const visible =
            row * input.rowHeight < top + input.viewportHeight && (row + 1) * input.rowHeight > top;
          if (visible) expect(row >= start && row < end).toBe(true);
        }
      }),
    );
  });
});

describe('scrollTopForRow', () => {
  it('brings any row fully into view and leaves a visible row where it is', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 3_000_000 }),
        fc.integer({ min: 40, max: 2000 }),
        fc.integer({ min: 1, max: 40 }),
        (index, scrollTop, viewport, rowHeight) => {
          const next = scrollTopForRow(index, scrollTop, viewport, rowHeight);
          expect(index * rowHeight).toBeGreaterThanOrEqual(next);
          expect((index + 1) * rowHeight).toBeLessThanOrEqual(next + viewport);
          const wasVisible =
            index * rowHeight >= scrollTop && (index + 1) * rowHeight <= scrollTop + viewport;
          if (wasVisible) expect(next).toBe(scrollTop);
        },
      ),
    );
  });

  it('counts whole rows per page, at least one', () => {
    expect(rowsPerPage(330, 32)).toBe(10);
    expect(rowsPerPage(0, 32)).toBe(1);
  });
});
