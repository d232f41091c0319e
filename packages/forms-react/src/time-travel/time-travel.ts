import {
  formatLocalTimepoint,
  formatTimepoint,
  type LocalTimeResolution,
  localTimepointToUtc,
  localTimeZone,
  parseTimepoint,
} from '@procedo/client-api';

// Spec §2 and CONTRACT "Time travel": a view is at the current data or at a Timepoint (UTC), and
// remembers TimepointPrev. Our reading of TimepointPrev: the timepoint viewed before this view —
// "Previous timepoint" is one click back to it, and the view left becomes the new TimepointPrev,
// so a second click returns. Leaving a timepoint for the current data keeps it as TimepointPrev.

/** The query parameters of a time-travel view, as the spec names them. */
export const TIME_TRAVEL_PARAMS = Object.freeze({ timepoint: 'Timepoint', previous: 'TimepointPrev' });

/** Where a view is in time: both in the spec's `yyyy-MM-dd HH:mm` (UTC), or `null`. */
export interface TimeTravelState {
  /** The timepoint viewed; `null` for the current data. */
  timepoint: string | null;
  /** The timepoint viewed before this view (spec `TimepointPrev`); `null` when there is none. */
  previousTimepoint: string | null;
}

/** A time-travel state read from a query, with a malformed `Timepoint` kept to be reported. */
export interface TimeTravelQuery extends TimeTravelState {
  /** The `Timepoint` text when it is not a Timepoint (the page says so instead of showing data). */
  malformedTimepoint: string | null;
}

const normalise = (text: string | null | undefined): string | null => {
  const at = text ? parseTimepoint(text.trim()) : null;
  return at === null ? null : formatTimepoint(at);
};

/**
 * Reads `Timepoint` and `TimepointPrev` from a query (either accepted form, normalised to
 * `yyyy-MM-dd HH:mm`); a malformed `Timepoint` is returned as `malformedTimepoint`, a malformed
 * `TimepointPrev` is dropped.
 */
export function readTimeTravelQuery(params: URLSearchParams): TimeTravelQuery {
  const raw = params.get(TIME_TRAVEL_PARAMS.timepoint)?.trim() ?? '';
  const timepoint = normalise(raw);
  const previous = normalise(params.get(TIME_TRAVEL_PARAMS.previous));
  return {
    timepoint,
    previousTimepoint: previous === timepoint ? null : previous,
    malformedTimepoint: raw !== '' && timepoint === null ? raw : null,
  };
}

/** A copy of `params` with the time-travel state written (or removed for `null`). */
export function writeTimeTravelQuery(params: URLSearchParams, state: TimeTravelState): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of [
    [TIME_TRAVEL_PARAMS.timepoint, state.timepoint],
    [TIME_TRAVEL_PARAMS.previous, state.previousTimepoint],
  ] as const) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/**
 * The state after moving the view to `to` (a Timepoint, or `null` for the current data): the
 * timepoint left becomes `previousTimepoint`; leaving the current data keeps the one before.
 */
export function travelTo(state: TimeTravelState, to: string | null): TimeTravelState {
  if (to === state.timepoint) return state;
  const left = state.timepoint ?? state.previousTimepoint;
  return { timepoint: to, previousTimepoint: left === to ? null : left };
}

/** What the user typed in the "data at a time" field, read in their time zone. */
export type TimepointEntry =
  | { kind: 'malformed'; text: string }
  | {
      kind: 'valid';
      /** The instant as a Timepoint (`yyyy-MM-dd HH:mm`, UTC). */
      timepoint: string;
      at: number;
      resolution: LocalTimeResolution;
      /** The text as typed (trimmed). */
      typed: string;
      timeZone: string;
    };

/**
 * Reads a local `yyyy-MM-dd HH:mm` as a UTC Timepoint with `localTimepointToUtc` (a time the
 * clocks skipped moves later by the jump; one that happens twice is the earlier), saying which.
 */
export function readTimepointEntry(text: string, timeZone: string = localTimeZone()): TimepointEntry {
  const typed = text.trim();
  const local = localTimepointToUtc(typed, timeZone);
  if (local === null) return { kind: 'malformed', text };
  return {
    kind: 'valid',
    timepoint: formatTimepoint(local.at),
    at: local.at,
    resolution: local.resolution,
    typed,
    timeZone,
  };
}

/** A Timepoint as the banner names it. */
export interface TimepointDescription {
  utc: string;
  local: string;
  timeZone: string;
  /** Later than now: the server answers with the current data. */
  isFuture: boolean;
}

/** Names a Timepoint in UTC and in local time; `null` when it is not a Timepoint. */
export function describeTimepoint(
  timepoint: string,
  { timeZone = localTimeZone(), now = Date.now() }: { timeZone?: string; now?: number } = {},
): TimepointDescription | null {
  const at = parseTimepoint(timepoint);
  if (at === null) return null;
  return {
    utc: formatTimepoint(at),
    local: formatLocalTimepoint(at, timeZone),
    timeZone,
    isFuture: at > now,
  };
}
