import * as z from 'zod/mini';

// Spec §1/§2/§9 and CONTRACT "Time travel": a Timepoint names an instant in UTC. Written as
// `yyyy-MM-dd HH:mm` (that minute, second 0) or ISO 8601 with seconds or milliseconds and a `Z`.
// Users type it in their local time; the conversion to UTC lives here too, once.

/** The query parameter of a read at a timepoint, and of the host's pages. */
export const TIMEPOINT_PARAM = 'Timepoint';

const MINUTE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{3}))?Z$/;

/** The wall-clock parts of a Timepoint text, checked to be a real date and time. */
interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
}

function wallTime(match: RegExpExecArray): WallTime | null {
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const second = match[6] === undefined ? 0 : Number(match[6]);
  const ms = match[7] === undefined ? 0 : Number(match[7]);
  if (year < 1000 || hour > 23 || minute > 59 || second > 59) return null;
  // Day 31 of a 30-day month (or 29 February of a common year) rolls over: not a date.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return { year, month, day, hour, minute, second, ms };
}

function utcMs(t: WallTime): number {
  const date = new Date(0);
  date.setUTCFullYear(t.year, t.month - 1, t.day);
  date.setUTCHours(t.hour, t.minute, t.second, t.ms);
  return date.getTime();
}

/**
 * Reads a Timepoint (`yyyy-MM-dd HH:mm` or ISO 8601 UTC with seconds or milliseconds and `Z`)
 * as epoch milliseconds; null for anything else, an impossible date (`2026-02-30`) or a year
 * before 1000 included.
 *
 * @example parseTimepoint('2026-03-01 09:30') // Date.UTC(2026, 2, 1, 9, 30)
 */
export function parseTimepoint(text: string): number | null {
  const match = MINUTE.exec(text) ?? ISO.exec(text);
  if (!match) return null;
  const parts = wallTime(match);
  return parts ? utcMs(parts) : null;
}

const two = (n: number) => String(n).padStart(2, '0');
const four = (n: number) => String(n).padStart(4, '0');

/** An instant as the spec's Timepoint text, `yyyy-MM-dd HH:mm` in UTC (seconds dropped). */
export function formatTimepoint(ms: number): string {
  const d = new Date(ms);
  return `${four(d.getUTCFullYear())}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

// Making a formatter costs far more than using one.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock offset (ms, east of UTC positive) of `timeZone` at an instant. */
function offsetAt(ms: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = new Date(0);
  wall.setUTCFullYear(get('year'), get('month') - 1, get('day'));
  wall.setUTCHours(get('hour'), get('minute'), get('second'), 0);
  return wall.getTime() - (ms - (((ms % 1000) + 1000) % 1000));
}

/** How a local time was turned into an instant at a daylight-saving change. */
export type LocalTimeResolution =
  /** The local time happens exactly once. */
  | 'exact'
  /** The local time does not exist (the clocks jumped over it): moved later by the jump. */
  | 'skipped'
  /** The local time happens twice (the clocks went back): the earlier of the two. */
  | 'repeated';

/** A local `yyyy-MM-dd HH:mm` turned into a UTC instant. */
export interface LocalTimepoint {
  /** Epoch milliseconds. */
  at: number;
  resolution: LocalTimeResolution;
}

/** The time zone the conversions use when none is given: the browser's (or the process's). */
export const localTimeZone = (): string => new Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Turns a local wall time `yyyy-MM-dd HH:mm` (what a user types, spec §2) into a UTC instant in
 * `timeZone` (default: the browser's). At a daylight-saving change it resolves as Temporal's
 * and java.time's default ('compatible') does: a time the clocks skipped moves later by the jump
 * (02:30 on a spring-forward night where 02:00 → 03:00 becomes 03:30), and a time that happens
 * twice is the earlier one (the first 02:30 when 03:00 → 02:00). `resolution` says which case it
 * was, so the UI can tell the user. Null for text that is not such a time.
 */
export function localTimepointToUtc(text: string, timeZone: string = localTimeZone()): LocalTimepoint | null {
  const match = MINUTE.exec(text.trim());
  if (!match) return null;
  const parts = wallTime(match);
  if (!parts) return null;
  const wall = utcMs(parts);
  // The offsets in force a day either side bracket any transition at this wall time.
  const before = offsetAt(wall - 86_400_000, timeZone);
  const after = offsetAt(wall + 86_400_000, timeZone);
  const candidates = [...new Set([before, after])]
    .map((offset) => wall - offset)
    .filter((at) => at + offsetAt(at, timeZone) === wall)
    .sort((a, b) => a - b);
  if (candidates.length === 0) {
    // Skipped: read with the offset from before the jump, which lands after it.
    return { at: wall - before, resolution: 'skipped' };
  }
  return { at: candidates[0]!, resolution: candidates.length > 1 ? 'repeated' : 'exact' };
}

/** An instant as local wall time `yyyy-MM-dd HH:mm` in `timeZone` (default: the browser's). */
export function formatLocalTimepoint(ms: number, timeZone: string = localTimeZone()): string {
  return formatTimepoint(ms + offsetAt(ms, timeZone));
}

/** A `Timepoint` as sent: a `Date` as ISO 8601 with milliseconds and `Z`, a text as given. */
export type TimepointInput = string | Date;

/**
 * The wire text of a timepoint; throws a `RangeError` for an invalid `Date` or a text that is not
 * a `Timepoint`, before anything is sent.
 */
export function timepointText(value: TimepointInput): string {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new RangeError('Timepoint: the Date is invalid');
    return value.toISOString();
  }
  if (parseTimepoint(value) === null) {
    throw new RangeError(
      `Timepoint '${value}' is neither yyyy-MM-dd HH:mm (UTC) nor ISO 8601 with seconds and Z`,
    );
  }
  return value;
}

/** A `Timepoint` query parameter (for the server's parsing of `?Timepoint=`). */
// `superRefine`, not `refine`: the same issue, without zod's `$ZodCustom` schema class that only
// `refine` brings into an app's bundle (0.5 KB minified; bench/README.md, package size).
export const TimepointSchema = z.string().check(
  z.superRefine((text, ctx) => {
    if (parseTimepoint(text) === null) {
      ctx.addIssue({
        code: 'custom',
        input: text,
        message: 'Timepoint must be yyyy-MM-dd HH:mm (UTC) or ISO 8601 with seconds and Z',
      });
    }
  }),
);
