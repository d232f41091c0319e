import {
  readTimeTravelQuery,
  TimeTravelBanner,
  type TimeTravelQuery,
  type TimeTravelState,
  TimeTravelToggle,
  writeTimeTravelQuery,
} from '@procedo/forms-react';
import { useCallback, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { withPageTimeTravel } from '../forms/form-query';
import { FORM_PAGE_LABELS } from '../forms/labels';

/** Where a process page is in time (its address's `Timepoint`/`TimepointPrev`), and how to move. */
export interface ProcessTimeTravel extends TimeTravelQuery {
  /** Moves the page to another time (the address changes, so the view can be shared). */
  travel(state: TimeTravelState): void;
  /** A link inside the app from this page: it keeps the page's timepoint. */
  href(to: string): string;
  /** The read options of the page's v1 calls: `{ timepoint }` while one is viewed. */
  read: { timepoint?: string };
}

/** The time travel of the process page this is on (spec §2, CONTRACT "Time travel"). */
export function useProcessTimeTravel(): ProcessTimeTravel {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readTimeTravelQuery(params), [params]);
  const travel = useCallback(
    (state: TimeTravelState) => setParams(writeTimeTravelQuery(params, state)),
    [params, setParams],
  );
  const href = useCallback((to: string) => withPageTimeTravel(to, params), [params]);
  return {
    ...query,
    travel,
    href,
    read: query.timepoint === null ? {} : { timepoint: query.timepoint },
  };
}

/** The time-travel toggle of a process page, with the banner while a timepoint is viewed. */
export function ProcessTimeTravelBar({ timeTravel }: { timeTravel: ProcessTimeTravel }) {
  return (
    <div className="procedo-FormPage-timeTravel">
      <TimeTravelToggle
        timepoint={timeTravel.timepoint}
        previousTimepoint={timeTravel.previousTimepoint}
        onChange={timeTravel.travel}
      />
      {timeTravel.timepoint ? <TimeTravelBanner timepoint={timeTravel.timepoint} /> : null}
    </div>
  );
}

/**
 * What a process page shows for a `Timepoint` that is not one: never the current data in its place,
 * and a way back to it.
 */
export function MalformedTimepoint({ title, timeTravel }: { title: string; timeTravel: ProcessTimeTravel }) {
  const [params] = useSearchParams();
  if (timeTravel.malformedTimepoint === null) return null;
  return (
    <>
      <h1>{title}</h1>
      <p role="alert">{FORM_PAGE_LABELS.malformedTimepoint(timeTravel.malformedTimepoint)}</p>
      <p>
        <Link to={`?${writeTimeTravelQuery(params, { timepoint: null, previousTimepoint: null })}`}>
          {FORM_PAGE_LABELS.showCurrentData}
        </Link>
      </p>
    </>
  );
}
