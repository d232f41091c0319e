import '@procedo/forms-react/styles.css';
import '@procedo/session/styles.css';
import '@procedo/process-react/styles.css';
import './styles/app.css';
import './styles/classic.css';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { App } from './App';
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

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
