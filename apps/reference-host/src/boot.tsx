import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { App, preloadPagesFor } from './App';
import { RouteLoading } from './routes/route-loading';

// The application itself, loaded by main.tsx once the page's first reads are on their way.

/** How long the first render waits for the address's page code before showing the loading state. */
const FIRST_RENDER_WAIT_MS = 1000;

/** Renders the app into `container`. */
export function boot(container: HTMLElement): void {
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
}
