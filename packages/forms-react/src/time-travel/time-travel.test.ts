import { describe, expect, it } from 'vitest';
import {
  describeTimepoint,
  readTimepointEntry,
  readTimeTravelQuery,
  travelTo,
  writeTimeTravelQuery,
} from './time-travel';

describe('time-travel state', () => {
  it('reads Timepoint and TimepointPrev from a query in either form, normalised to yyyy-MM-dd HH:mm', () => {
    const query = readTimeTravelQuery(
      new URLSearchParams({ Timepoint: '2026-03-01T09:30:00Z', TimepointPrev: '2026-02-01 08:00' }),
    );
    expect(query).toEqual({
      timepoint: '2026-03-01 09:30',
      previousTimepoint: '2026-02-01 08:00',
      malformedTimepoint: null,
    });
  });

  it('keeps a malformed Timepoint to report it, and drops a malformed TimepointPrev', () => {
    expect(readTimeTravelQuery(new URLSearchParams({ Timepoint: '2026-02-30 10:00' }))).toEqual({
      timepoint: null,
      previousTimepoint: null,
      malformedTimepoint: '2026-02-30 10:00',
    });
    expect(readTimeTravelQuery(new URLSearchParams({ TimepointPrev: 'yesterday' })).previousTimepoint).toBe(
      null,
    );
    expect(readTimeTravelQuery(new URLSearchParams()).malformedTimepoint).toBe(null);
  });

  it('writes both parameters and removes the ones that are null, keeping the rest of the query', () => {
    const params = new URLSearchParams({ WebTemplateNo: '103', Timepoint: '2026-01-01 00:00' });
    const next = writeTimeTravelQuery(params, { timepoint: null, previousTimepoint: '2026-01-01 00:00' });
    expect(next.toString()).toBe('WebTemplateNo=103&TimepointPrev=2026-01-01+00%3A00');
    expect(params.get('Timepoint')).toBe('2026-01-01 00:00');
  });

  it('makes the timepoint left the previous one, so "previous" twice comes back', () => {
    const atA = travelTo({ timepoint: null, previousTimepoint: null }, 'A');
    expect(atA).toEqual({ timepoint: 'A', previousTimepoint: null });
    const atB = travelTo(atA, 'B');
    expect(atB).toEqual({ timepoint: 'B', previousTimepoint: 'A' });
    const back = travelTo(atB, atB.previousTimepoint);
    expect(back).toEqual({ timepoint: 'A', previousTimepoint: 'B' });
    expect(travelTo(back, back.previousTimepoint)).toEqual({ timepoint: 'B', previousTimepoint: 'A' });
  });

  it('keeps the timepoint left for the current data as the previous one, and never points at itself', () => {
    const current = travelTo({ timepoint: 'A', previousTimepoint: 'X' }, null);
    expect(current).toEqual({ timepoint: null, previousTimepoint: 'A' });
    expect(travelTo(current, 'B')).toEqual({ timepoint: 'B', previousTimepoint: 'A' });
    expect(travelTo(current, 'A')).toEqual({ timepoint: 'A', previousTimepoint: null });
    expect(travelTo(current, null)).toBe(current);
  });
});

describe('readTimepointEntry', () => {
  it('reads a typed local time in the given zone as a UTC Timepoint', () => {
    expect(readTimepointEntry(' 2026-01-15 10:00 ', 'Europe/Vienna')).toMatchObject({
      kind: 'valid',
      timepoint: '2026-01-15 09:00',
      resolution: 'exact',
      typed: '2026-01-15 10:00',
    });
  });

  it('moves a time skipped by spring-forward later by the jump and says so', () => {
    // Europe/Vienna, 29 March 2026: 02:00 → 03:00 (UTC+1 → UTC+2); 02:30 never happens.
    expect(readTimepointEntry('2026-03-29 02:30', 'Europe/Vienna')).toMatchObject({
      kind: 'valid',
      timepoint: '2026-03-29 01:30',
      resolution: 'skipped',
    });
  });

  it('takes the earlier of a time repeated by fall-back and says so', () => {
    // Europe/Vienna, 25 October 2026: 03:00 → 02:00; 02:30 happens at 00:30 and at 01:30 UTC.
    expect(readTimepointEntry('2026-10-25 02:30', 'Europe/Vienna')).toMatchObject({
      kind: 'valid',
      timepoint: '2026-10-25 00:30',
      resolution: 'repeated',
    });
  });

  it('answers malformed for text that is not yyyy-MM-dd HH:mm or not a real date', () => {
    for (const text of ['', '2026-03-01', '2026-03-01T09:30', '01.03.2026 09:30', '2026-02-30 10:00']) {
      expect(readTimepointEntry(text, 'UTC')).toEqual({ kind: 'malformed', text });
    }
  });
});

describe('describeTimepoint', () => {
  it('names a timepoint in UTC and local time and tells a future one', () => {
    const now = Date.UTC(2026, 5, 1);
    expect(describeTimepoint('2026-03-01 09:30', { timeZone: 'America/New_York', now })).toEqual({
      utc: '2026-03-01 09:30',
      local: '2026-03-01 04:30',
      timeZone: 'America/New_York',
      isFuture: false,
    });
    expect(describeTimepoint('2026-07-01 00:00', { timeZone: 'UTC', now })?.isFuture).toBe(true);
    expect(describeTimepoint('soon', { now })).toBe(null);
  });
});
