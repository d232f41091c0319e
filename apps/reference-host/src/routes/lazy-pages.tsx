import { LoadingPanel } from '@procedo/forms-react';
import { lazy, Suspense } from 'react';

// The filter editor and the dashboard pages carry parts of forms-react (`./filter-editor`,
// `./dashboard`) no other page needs: each is loaded on its first visit, in a chunk of its own, so
// the app's main chunk stays without them (docs/ARCHITECTURE.md, Package size).
const LazyDashboardPage = lazy(async () => ({ default: (await import('./DashboardPage')).DashboardPage }));
const LazyFilterEditorPage = lazy(async () => ({
  default: (await import('./FilterEditorPage')).FilterEditorPage,
}));

/** `/dashboard`, loaded on its first visit. */
export function DashboardPage() {
  return (
    <Suspense fallback={<LoadingPanel isVisible />}>
      <LazyDashboardPage />
    </Suspense>
  );
}

/** `/filter-editor`, loaded on its first visit. */
export function FilterEditorPage() {
  return (
    <Suspense fallback={<LoadingPanel isVisible />}>
      <LazyFilterEditorPage />
    </Suspense>
  );
}

// The permissions pages carry forms-react's `./permissions` entry (with @floating-ui/react).
const LazyPermissionsEditorPage = lazy(async () => ({
  default: (await import('./PermissionsEditorPage')).PermissionsEditorPage,
}));
const LazyPermissionsOverviewPage = lazy(async () => ({
  default: (await import('./PermissionsOverviewPage')).PermissionsOverviewPage,
}));

/** `/_forms/form`, the element permissions editor over a form, loaded on its first visit. */
export function PermissionsEditorPage() {
  return (
    <Suspense fallback={<LoadingPanel isVisible />}>
      <LazyPermissionsEditorPage />
    </Suspense>
  );
}

/** `/permissions`, the overview of every element permission, loaded on its first visit. */
export function PermissionsOverviewPage() {
  return (
    <Suspense fallback={<LoadingPanel isVisible />}>
      <LazyPermissionsOverviewPage />
    </Suspense>
  );
}
