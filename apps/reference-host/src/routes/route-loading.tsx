import { LoadingPanel } from '@procedo/forms-react';
import { type ReactNode, useEffect, useState } from 'react';

/**
 * How long code may take to arrive before a loading state shows: a page or part whose chunk is
 * cached or arrives quickly appears without a spinner flashing first.
 */
export const ROUTE_LOADING_DELAY_MS = 300;

/**
 * A status region, present from the start so screen readers announce what appears in it, that
 * shows `children` once `delayMs` has passed.
 */
export function DelayedStatus({
  delayMs = ROUTE_LOADING_DELAY_MS,
  className,
  children,
}: {
  delayMs?: number;
  className?: string;
  children: ReactNode;
}) {
  const [isShown, setShown] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return (
    <div role="status" className={className}>
      {isShown ? children : null}
    </div>
  );
}

/** What a route shows while its code loads: the loading panel, after {@link ROUTE_LOADING_DELAY_MS}. */
export function RouteLoading({ delayMs }: { delayMs?: number }) {
  return (
    <DelayedStatus delayMs={delayMs} className="procedo-RouteLoading">
      <LoadingPanel isVisible />
    </DelayedStatus>
  );
}
