import { describe, expect, it } from 'vitest';
import { positiveIdParam } from './flow-links';

describe('positiveIdParam', () => {
  it('reads a positive whole number and nothing else', () => {
    expect(positiveIdParam('17')).toBe(17);
    for (const bad of [null, '', '0', '-1', '1.5', 'abc', ' 3', '1e3', '1234567890123456']) {
      expect(positiveIdParam(bad)).toBeNull();
    }
  });
});
