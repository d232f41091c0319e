import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyFieldValue } from '../../test/rules-fixtures';
import { sameValue, valueChanged } from './values';

describe('sameValue', () => {
  it('compares pickers and files by their fields, and keeps empty text apart from null', () => {
    expect(sameValue({ Id: '1', Text: 'A' }, { Text: 'A', Id: '1' })).toBe(true);
    expect(sameValue({ Id: '1', Text: 'A' }, { Id: '1', Text: 'B' })).toBe(false);
    expect(sameValue('', null)).toBe(false);
    expect(sameValue(undefined, undefined)).toBe(true);
  });

  it('is reflexive and symmetric for every value', () => {
    fc.assert(
      fc.property(anyFieldValue, anyFieldValue, (a, b) => {
        expect(sameValue(a, a)).toBe(true);
        expect(sameValue(a, b)).toBe(sameValue(b, a));
      }),
    );
  });
});

describe('valueChanged', () => {
  it('treats every empty value as the same, and compares the rest by content', () => {
    expect(valueChanged(null, '')).toBe(false);
    expect(valueChanged(undefined, ' ')).toBe(false);
    expect(valueChanged(false, null)).toBe(false);
    expect(valueChanged('', 'x')).toBe(true);
    expect(valueChanged(0, null)).toBe(true);
    expect(valueChanged({ Id: '1', Text: 'A' }, { Text: 'A', Id: '1' })).toBe(false);
  });

  it('never sees a change between values the form holds as the same, and is symmetric', () => {
    fc.assert(
      fc.property(anyFieldValue, anyFieldValue, (a, b) => {
        if (sameValue(a, b)) expect(valueChanged(a, b)).toBe(false);
        expect(valueChanged(a, b)).toBe(valueChanged(b, a));
      }),
    );
  });
});
