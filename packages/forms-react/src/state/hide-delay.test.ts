import { describe, expect, it } from 'vitest';
import { parseHideDelay } from './hide-delay';

describe('parseHideDelay', () => {
  it('reads a value under 1000 as seconds', () => {
    expect(parseHideDelay(999)).toBe(999000);
    expect(parseHideDelay(1)).toBe(1000);
    expect(parseHideDelay('2')).toBe(2000);
    expect(parseHideDelay('0.5')).toBe(500);
  });

  it('reads a value of 1000 or more as milliseconds', () => {
    expect(parseHideDelay(1000)).toBe(1000);
    expect(parseHideDelay('1500')).toBe(1500);
    expect(parseHideDelay(' 2500 ')).toBe(2500);
  });

  it('gives 0 for missing, empty, non-numeric, negative or infinite values', () => {
    expect(parseHideDelay(undefined)).toBe(0);
    expect(parseHideDelay(null)).toBe(0);
    expect(parseHideDelay('')).toBe(0);
    expect(parseHideDelay('   ')).toBe(0);
    expect(parseHideDelay('soon')).toBe(0);
    expect(parseHideDelay('2s')).toBe(0);
    expect(parseHideDelay(-3)).toBe(0);
    expect(parseHideDelay(Number.NaN)).toBe(0);
    expect(parseHideDelay(Number.POSITIVE_INFINITY)).toBe(0);
    expect(parseHideDelay(0)).toBe(0);
  });
});
