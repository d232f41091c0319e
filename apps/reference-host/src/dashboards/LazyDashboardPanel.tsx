import { type ComponentProps, lazy, Suspense } from 'react';
import type { DashboardPanel as DashboardPanelType } from './DashboardPanel';

// The home page's dashboard, in the chunk the dashboard page loads too: the home page's own chunk
// (the app's main one) stays without forms-react's `./dashboard` entry.
const DashboardPanel = lazy(async () => ({ default: (await import('./DashboardPanel')).DashboardPanel }));

/** {@link DashboardPanel}, loaded on first use; "Loading the dashboard…" until it has arrived. */
export function LazyDashboardPanel(props: ComponentProps<typeof DashboardPanelType>) {
  return (
    <Suspense fallback={<p role="status">Loading the dashboard…</p>}>
      <DashboardPanel {...props} />
    </Suspense>
  );
}
