import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimateMinMax } from './decimate';

const line = fc.array(fc.integer({ min: 0, max: 1_000 }), { minLength: 0, maxLength: 3_000 });
const columns = fc.integer({ min: 1, max: 400 });

describe('decimateMinMax', () => {
  it('keeps every point of a short line', () => {
    expect(decimateMinMax([3, 1, 2], 100)).toEqual([0, 1, 2]);
    expect(decimateMinMax([], 10)).toEqual([]);
  });

  it('keeps ascending indices, at most four a column, the first and the last point', () => {
    fc.assert(
      fc.property(line, columns, (values, width) => {
        const kept = decimateMinMax(values, width);
        for (let i = 1; i < kept.length; i++) expect(kept[i]!).toBeGreaterThan(kept[i - 1]!);
        expect(kept.length).toBeLessThanOrEqual(Math.min(values.length, 4 * width));
        if (values.length > 0) {
          expect(kept[0]).toBe(0);
          expect(kept.at(-1)).toBe(values.length - 1);
        }
      }),
    );
  });

  it('reaches the lowest and the highest value of every column', () => {
    fc.assert(
      fc.property(line, columns, (values, width) => {
        const kept = new Set(decimateMinMax(values, width));
        if (values.length <= 4 * width) {
          expect(kept.size).toBe(values.length);
          return;
        }
        for (let column = 0; column < width; column++) {
          const first = Math.floor((column * values.length) / width);
          const last = Math.floor(((column + 1) * values.length) / width) - 1;
          const slice = values.slice(first, last + 1);
          const keptValues = [...kept]
            .filter((index) => index >= first && index <= last)
            .map((i) => values[i]!);
          expect(Math.min(...keptValues)).toBe(Math.min(...slice));
          expect(Math.max(...keptValues)).toBe(Math.max(...slice));
          expect(kept.has(first) && kept.has(last)).toBe(true);
        }
      }),
    );
  });

  it('draws 10,000 points as at most 4 × 600', () => {
    const values = Array.from({ length: 10_000 }, (_, i) => Math.round(50 + 40 * Math.sin(i / 37)));
    expect(decimateMinMax(values, 600).length).toBeLessThanOrEqual(2_400);
  });
});
