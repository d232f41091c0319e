import { localTimeZone } from '@procedo/client-api';
import { useFormsTexts } from '../i18n/texts';
import type { TimeTravelLabels } from './labels';
import { describeTimepoint } from './time-travel';

/** Props of {@link TimeTravelBanner}. */
export interface TimeTravelBannerProps {
  /** The timepoint viewed (a Timepoint, UTC). */
  timepoint: string;
  /** The IANA time zone of the local time shown. @default the browser's */
  timeZone?: string;
  /** The current time (epoch ms), to tell a future timepoint. @default Date.now() */
  now?: number;
  /** Texts to override. @default TIME_TRAVEL_LABELS */
  labels?: Partial<TimeTravelLabels>;
}

/**
 * The banner shown while a timepoint is viewed: names it in UTC and in local time, says that a
 * future timepoint shows the current data, and that nothing can be changed. A `region` landmark
 * (`procedo-TimeTravelBanner`, `data-future`); renders nothing for a text that is not a Timepoint.
 */
export function TimeTravelBanner({ timepoint, timeZone, now, labels: overrides }: TimeTravelBannerProps) {
  const L = { ...useFormsTexts().timeTravel, ...overrides };
  const description = describeTimepoint(timepoint, {
    timeZone: timeZone ?? localTimeZone(),
    now: now ?? Date.now(),
  });
  if (description === null) return null;
  return (
    <section
      className="procedo-TimeTravelBanner"
      aria-label={L.banner}
      data-future={description.isFuture || undefined}
    >
      <p className="procedo-TimeTravelBanner-when">
        {description.isFuture ? L.bannerFuture(description) : L.bannerAt(description)}
      </p>
      <p className="procedo-TimeTravelBanner-readonly">{L.bannerReadOnly}</p>
    </section>
  );
}
