import type { ComponentProps } from 'react';
import { lazyComponent, useLoaded } from '../lazy-component';
import { pageCode } from '../routes/page-code';
import type { DashboardPanel as DashboardPanelType } from './DashboardPanel';

type Props = ComponentProps<typeof DashboardPanelType>;

// The home page's dashboard, in the chunk the dashboard page loads too: the home page's own chunk
// (the app's main one) stays without forms-react's `./dashboard` entry.
// The home page's loader preloads it beside its own code (routes/lazy-pages.tsx).
export const DashboardPanelCode = lazyComponent<'DashboardPanel', Props>(
  pageCode.DashboardPanel,
  'DashboardPanel',
);

/** {@link DashboardPanel}, loaded on first use; "Loading the dashboard…" until it has arrived. */
export function LazyDashboardPanel(props: Props) {
  const isLoaded = useLoaded(DashboardPanelCode);
  return isLoaded ? <DashboardPanelCode {...props} /> : <p role="status">Loading the dashboard…</p>;
}
