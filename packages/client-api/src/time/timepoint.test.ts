import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatLocalTimepoint, formatTimepoint, localTimepointToUtc, parseTimepoint } from './timepoint';

const MIN = Date.UTC(1000, 0, 1);
const MAX = Date.UTC(9999, 11, 31, 23, 59);
const minute = fc.integer({ min: MIN / 60_000, max: MAX / 60_000 }).map((m) => m * 60_000);
const instant = fc.integer({ min: MIN, max: MAX });
const ZONES = [
  'UTC',
  'Europe/Vienna',
  'America/New_York',
  'Australia/Lord_Howe',
  'Asia/Kolkata',
  'Pacific/Apia',
];

describe('parseTimepoint', () => {
  it("reads the spec's minute form and ISO with seconds or milliseconds and Z", () => {
    expect(parseTimepoint('2026-03-01 09:30')).toBe(Date.UTC(2026, 2, 1, 9, 30));
    expect(parseTimepoint('2026-03-01T09:30:12Z')).toBe(Date.UTC(2026, 2, 1, 9, 30, 12));
    expect(parseTimepoint('2026-03-01T09:30:12.345Z')).toBe(Date.UTC(2026, 2, 1, 9, 30, 12, 345));
    expect(parseTimepoint('2024-02-29 00:00')).toBe(Date.UTC(2024, 1, 29));
  });

  it('refuses everything else: other forms, offsets, impossible dates and times', () => {
    for (const text of [
      '',
      '2026-03-01',
      '2026-03-01 9:30',
      '2026-03-01T09:30Z',
      '2026-03-01T09:30:12+01:00',
      '2026-03-01T09:30:12.345',
      '2026-03-01 09:30:12',
      ' 2026-03-01 09:30',
      '2026-02-30 10:00',
      '2025-02-29 10:00',
      '2026-13-01 10:00',
      '2026-00-10 10:00',
      '2026-01-01 24:00',
      '2026-01-01 10:60',
      '2026-01-01T10:00:60Z',
      '0999-01-01 10:00',
      '２０２６-03-01 09:30',
    ]) {
      expect(parseTimepoint(text), text).toBeNull();
    }
  });

  it('reads back every minute it formats, and every instant written as ISO', () => {
    fc.assert(fc.property(minute, (ms) => parseTimepoint(formatTimepoint(ms)) === ms));
    fc.assert(fc.property(instant, (ms) => parseTimepoint(new Date(ms).toISOString()) === ms));
  });

  it('never throws, and accepts only texts of the two forms', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        const parsed = parseTimepoint(text);
        if (parsed !== null) {
          expect(text).toMatch(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}|T\d{2}:\d{2}:\d{2}(\.\d{3})?Z)$/);
        }
      }),
    );
  });
});

describe('local time to UTC', () => {
  it('converts a local time that happens once', () => {
    expect(localTimepointToUtc('2026-07-01 12:00', 'Europe/Vienna')).toEqual({
      at: Date.UTC(2026, 6, 1, 10, 0),
      resolution: 'exact',
    });
    expect(localTimepointToUtc('2026-01-15 08:15', 'America/New_York')).toEqual({
      at: Date.UTC(2026, 0, 15, 13, 15),
      resolution: 'exact',
    });
    expect(localTimepointToUtc('2026-01-15 08:15', 'Asia/Kolkata')?.at).toBe(Date.UTC(2026, 0, 15, 2, 45));
  });

  it('moves a time the clocks skipped later by the jump (spring forward)', () => {
    // Vienna, 29 March 2026: 02:00 CET → 03:00 CEST; 02:30 does not exist.
    expect(localTimepointToUtc('2026-03-29 02:30', 'Europe/Vienna')).toEqual({
      at: Date.UTC(2026, 2, 29, 1, 30),
      resolution: 'skipped',
    });
    expect(formatLocalTimepoint(Date.UTC(2026, 2, 29, 1, 30), 'Europe/Vienna')).toBe('2026-03-29 03:30');
    // New York, 8 March 2026: 02:00 EST → 03:00 EDT.
    expect(localTimepointToUtc('2026-03-08 02:15', 'America/New_York')).toEqual({
      at: Date.UTC(2026, 2, 8, 7, 15),
      resolution: 'skipped',
    });
  });

  it('takes the earlier of a time that happens twice (fall back)', () => {
    // Vienna, 25 October 2026: 03:00 CEST → 02:00 CET; 02:30 happens at 00:30Z and at 01:30Z.
    expect(localTimepointToUtc('2026-10-25 02:30', 'Europe/Vienna')).toEqual({
      at: Date.UTC(2026, 9, 25, 0, 30),
      resolution: 'repeated',
    });
    // Lord Howe moves by half an hour: 02:00 → 01:30 on 5 April 2026.
    expect(localTimepointToUtc('2026-04-05 01:45', 'Australia/Lord_Howe')?.resolution).toBe('repeated');
  });

  it('for every zone and instant: the local time it shows converts back to an instant showing the same time', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: Date.UTC(1990, 0, 1) / 60_000, max: Date.UTC(2040, 0, 1) / 60_000 }),
        (zone, m) => {
          const ms = m * 60_000;
          const local = formatLocalTimepoint(ms, zone);
          const back = localTimepointToUtc(local, zone);
          expect(back).not.toBeNull();
          expect(back!.resolution).not.toBe('skipped');
          expect(formatLocalTimepoint(back!.at, zone)).toBe(local);
          if (back!.resolution === 'exact') expect(back!.at).toBe(ms);
          else expect(back!.at).toBeLessThanOrEqual(ms);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuses text that is not a local yyyy-MM-dd HH:mm', () => {
    expect(localTimepointToUtc('2026-03-29T02:30:00Z', 'Europe/Vienna')).toBeNull();
    expect(localTimepointToUtc('2026-02-30 10:00', 'Europe/Vienna')).toBeNull();
    expect(localTimepointToUtc('yesterday', 'Europe/Vienna')).toBeNull();
  });
});
