import '@procedo/forms-react/styles.css';
import '@procedo/session/styles.css';
import '@procedo/process-react/styles.css';
import './styles/app.css';
import './styles/classic.css';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { App, preloadPagesFor, readsSessionFirst } from './App';
import { RouteLoading } from './routes/route-loading';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// A data router (one splat route holding the app's <Routes>) so pages can use `useBlocker`.
const router = createBrowserRouter([
  {
    path: '*',
    element: (
      <Suspense fallback={<RouteLoading />}>
        <App />
      </Suspense>
    ),
  },
]);

/** How long the first render waits for the address's page code before showing the loading state. */
const FIRST_RENDER_WAIT_MS = 1000;

// A signed-in page's first calls (the session, the dashboard) start now, beside its code, rather
// than after the code has arrived and React has rendered the layout (prefetch.ts).
if (readsSessionFirst(window.location)) {
  import('./prefetch-data')
    .then(({ prefetchDataFor }) => prefetchDataFor(window.location))
    // Without it the pages make their calls themselves, as on later visits.
    .catch(() => undefined);
}

// The first render waits for the code of the address's pages (up to FIRST_RENDER_WAIT_MS): React
// holds content back for 300 ms after a Suspense fallback was shown, so a fallback committed on
// the way (the signed-in layout, then the page) costs ~0.3 s each even when the code is there
// right after (routes/lazy-pages.tsx). A chunk that fails to load fails again in the render, at
// the page, as before.
void Promise.race([
  preloadPagesFor(window.location.pathname).catch(() => undefined),
  new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
]).then(() =>
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  ),
);
