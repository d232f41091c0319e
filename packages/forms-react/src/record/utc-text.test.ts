import { describe, expect, it } from 'vitest';
import { utcText } from './utc-text';

describe('utcText', () => {
  it('shows an ISO UTC time without T, fraction or Z, to the second or the minute', () => {
    expect(utcText('2026-11-23T17:56:13.123Z')).toBe('2026-11-23 17:56:13');
    expect(utcText('2026-11-23T17:56:13Z')).toBe('2026-11-23 17:56:13');
    expect(utcText('2026-11-23T17:56:13.123Z', 'minutes')).toBe('2026-11-23 17:56');
  });
});
