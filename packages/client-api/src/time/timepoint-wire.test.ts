import { describe, expect, it } from 'vitest';
import { parseTimepoint, TimepointSchema, timepointText } from '../time/timepoint';

describe('timepoints', () => {
  it('reads the spec form as that minute in UTC and ISO with seconds or milliseconds and Z', () => {
    expect(new Date(parseTimepoint('2026-03-01 09:30')!).toISOString()).toBe('2026-03-01T09:30:00.000Z');
    expect(new Date(parseTimepoint('2026-03-01T09:30:12Z')!).toISOString()).toBe('2026-03-01T09:30:12.000Z');
    expect(new Date(parseTimepoint('2024-02-29T23:59:59.999Z')!).toISOString()).toBe(
      '2024-02-29T23:59:59.999Z',
    );
  });

  it.each([
    '2026-02-29 10:00',
    '2026-13-01 10:00',
    '2026-03-01 09:60',
    '2026-03-01T09:30:61Z',
    '2026-3-1 9:30',
    '',
  ])('refuses %j', (text) => {
    expect(parseTimepoint(text)).toBeNull();
    expect(TimepointSchema.safeParse(text).success).toBe(false);
    expect(() => timepointText(text)).toThrow(RangeError);
  });

  it('reports a malformed Timepoint parameter as one custom issue at its path, with the accepted forms', () => {
    const result = TimepointSchema.safeParse('1.3.2026 9:30');
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      {
        code: 'custom',
        path: [],
        message: 'Timepoint must be yyyy-MM-dd HH:mm (UTC) or ISO 8601 with seconds and Z',
      },
    ]);
    expect(TimepointSchema.safeParse('2026-03-01 09:30')).toEqual({
      success: true,
      data: '2026-03-01 09:30',
    });
  });

  it('sends a Date as ISO UTC and refuses an invalid one', () => {
    expect(timepointText(new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6)))).toBe('2026-01-02T03:04:05.006Z');
    expect(() => timepointText(new Date(Number.NaN))).toThrow(RangeError);
  });
});
