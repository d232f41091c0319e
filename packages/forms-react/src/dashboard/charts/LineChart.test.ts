import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nearestIndex } from './LineChart';

describe('nearestIndex', () => {
  it('finds the point nearest in time, the earlier one on a tie', () => {
    const days = [0, 10, 20, 40];
    expect(nearestIndex(days, -5)).toBe(0);
    expect(nearestIndex(days, 4)).toBe(0);
    expect(nearestIndex(days, 5)).toBe(0);
    expect(nearestIndex(days, 6)).toBe(1);
    expect(nearestIndex(days, 31)).toBe(3);
    expect(nearestIndex(days, 99)).toBe(3);
  });

  it('is never farther than any other point', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: -1_000, max: 1_000 }), { minLength: 1, maxLength: 200 }),
        fc.integer({ min: -1_200, max: 1_200 }),
        (raw, at) => {
          const days = [...raw].sort((a, b) => a - b);
          const found = Math.abs(days[nearestIndex(days, at)]! - at);
          for (const day of days) expect(found).toBeLessThanOrEqual(Math.abs(day - at));
        },
      ),
    );
  });
});
