import type { LocalTimeResolution } from '@procedo/client-api';

/** The texts of the time-travel toggle and banner; see {@link TIME_TRAVEL_LABELS}. */
export interface TimeTravelLabels {
  /** The toggle's group name. */
  toggle: string;
  current: string;
  atTime: string;
  previous: string;
  /** The previous choice's description: which timepoint it goes back to. */
  previousIs: (utc: string) => string;
  previousNone: string;
  timeField: string;
  timeFieldHint: (timeZone: string) => string;
  show: string;
  /** A typed time that is not `yyyy-MM-dd HH:mm` (or not a real date). */
  malformed: (text: string) => string;
  /** A typed local time the clocks skipped (spring forward) or passed twice (fall back). */
  resolution: (event: {
    resolution: Exclude<LocalTimeResolution, 'exact'>;
    typed: string;
    timeZone: string;
    local: string;
    utc: string;
  }) => string;
  /** The banner's region name. */
  banner: string;
  bannerAt: (event: { utc: string; local: string; timeZone: string }) => string;
  bannerFuture: (event: { utc: string; local: string; timeZone: string }) => string;
  bannerReadOnly: string;
}

/** The default (English) {@link TimeTravelLabels}. */
export const TIME_TRAVEL_LABELS: Readonly<TimeTravelLabels> = Object.freeze<TimeTravelLabels>({
  toggle: 'Time travel',
  current: 'Current data',
  atTime: 'Data at a time',
  previous: 'Previous timepoint',
  previousIs: (utc: string) => `Back to ${utc} UTC`,
  previousNone: 'No previous timepoint',
  timeField: 'Time (your local time)',
  timeFieldHint: (timeZone: string) => `yyyy-MM-dd HH:mm, in ${timeZone}`,
  show: 'Show',
  malformed: (text: string) =>
    `'${text}' is not a time: type it as yyyy-MM-dd HH:mm, for example 2026-03-01 09:30.`,
  resolution: ({ resolution, typed, timeZone, local, utc }) =>
    resolution === 'skipped'
      ? `${typed} does not exist in ${timeZone}: the clocks jumped forward over it. Shown instead: ${local} local time (${utc} UTC).`
      : `${typed} happens twice in ${timeZone}: the clocks went back. Shown: the earlier one, ${utc} UTC.`,
  banner: 'Time travel',
  bannerAt: ({ utc, local, timeZone }) =>
    `You are viewing the data as it was at ${utc} UTC (${local} in ${timeZone}).`,
  bannerFuture: ({ utc, local, timeZone }) =>
    `${utc} UTC (${local} in ${timeZone}) is in the future: the current data is shown.`,
  bannerReadOnly:
    'Nothing can be changed while a timepoint is viewed: saving, deleting and uploading are off.',
});
