import { lazy, Suspense } from 'react';
import { useSignedIn } from '../shell/signed-in-context';

// The developer bar (`@procedo/forms-react/developer`, with react-aria's menu, popover and toolbar)
// is loaded in a chunk of its own, and only for a user the server gives design mode: no other
// user's page fetches it.
const Bar = lazy(async () => ({ default: (await import('./HostDeveloperBar')).HostDeveloperBar }));

/** The developer bar under the title bar, for users with design mode only (loaded on first use). */
export function LazyHostDeveloperBar() {
  const { context } = useSignedIn();
  if (!context.DesignMode.CanDesign) return null;
  return (
    // Nothing while it loads: the bar is a strip of tools, not the page's content.
    <Suspense fallback={null}>
      <Bar />
    </Suspense>
  );
}
