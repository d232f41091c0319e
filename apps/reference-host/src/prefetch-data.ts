import { readTimeTravelQuery } from '@procedo/forms-react';
import { v1 } from './api';
import { dashboardIdOf, HOME_DASHBOARD_ID } from './dashboards/dashboard-id';
import { dropPrefetched, prefetch, prefetchKeys } from './prefetch';

/**
 * Starts the calls a signed-in page at `location` makes first: the session context (the signed-in
 * layout's) and, for the home page and `/dashboard?id=…`, the dashboard at the page's timepoint
 * (DashboardPanel's), together with the chart code. Loaded with `import()` by main.tsx before the
 * first render, so the logon page does not carry the v1 client.
 */
export function prefetchDataFor(location: { pathname: string; search: string }): void {
  prefetch(prefetchKeys.session, () =>
    v1.session.get().catch((cause: unknown) => {
      // Not signed in (or no answer): what was read beside it must not be shown after a logon.
      dropPrefetched(prefetchKeys.session);
      throw cause;
    }),
  );
  const params = new URLSearchParams(location.search);
  const id =
    location.pathname === '/'
      ? HOME_DASHBOARD_ID
      : location.pathname === '/dashboard'
        ? dashboardIdOf(params.get('id'))
        : null;
  if (id === null) return;
  const { timepoint, malformedTimepoint } = readTimeTravelQuery(params);
  if (malformedTimepoint !== null) return;
  prefetch(prefetchKeys.dashboard(id, timepoint), () =>
    v1.dashboards.get(id, timepoint === null ? {} : { timepoint }),
  );
  import('@procedo/forms-react/charts').catch(() => undefined);
}
