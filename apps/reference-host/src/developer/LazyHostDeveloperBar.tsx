import { lazyComponent, useLoaded } from '../lazy-component';
import { useSignedIn } from '../shell/signed-in-context';

// The developer bar (`@procedo/forms-react/developer`, with react-aria's menu, popover and toolbar)
// is loaded in a chunk of its own, and only for a user the server gives design mode: no other
// user's page fetches it.
const Bar = lazyComponent(() => import('./HostDeveloperBar'), 'HostDeveloperBar');

/** The developer bar under the title bar, for users with design mode only (loaded on first use). */
export function LazyHostDeveloperBar() {
  const { context } = useSignedIn();
  return context.DesignMode.CanDesign ? <LoadedBar /> : null;
}

/** Nothing while it loads (the bar is a strip of tools, not the page's content), and no Suspense fallback. */
function LoadedBar() {
  return useLoaded(Bar) ? <Bar /> : null;
}
