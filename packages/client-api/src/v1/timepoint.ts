import * as z from 'zod/mini';

/**
 * Time travel (CONTRACT "Time travel"): a `Timepoint` names an instant in UTC, written either as
 * the spec's `yyyy-MM-dd HH:mm` (that minute, second 0) or as ISO 8601 with seconds or
 * milliseconds and a `Z`. Reads given one answer as the data was at that instant.
 */

/** The query parameter of a read at a timepoint, and of the host's pages. */
export const TIMEPOINT_PARAM = 'Timepoint';

const SPEC_FORM = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;
const ISO_FORM = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{3}))?Z$/;

/** The instant a `Timepoint` text names, or `null` when it is not one of the two forms or not a real time. */
export function parseTimepoint(text: string): Date | null {
  const match = SPEC_FORM.exec(text) ?? ISO_FORM.exec(text);
  if (!match) return null;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, millisecond = 0] = match
    .slice(1)
    .map((group) => (group === undefined ? 0 : Number(group)));
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second, millisecond));
  // Date.UTC rolls 2026-02-30 over into March; a real time reads back the same fields.
  const same =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second;
  return same ? date : null;
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
export const TimepointSchema = z.string().check(
  z.refine((text) => parseTimepoint(text) !== null, {
    message: 'Timepoint must be yyyy-MM-dd HH:mm (UTC) or ISO 8601 with seconds and Z',
  }),
);
