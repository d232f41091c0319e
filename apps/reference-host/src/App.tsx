import { createRoutesFromElements, matchRoutes, Navigate, Route, Routes } from 'react-router';
import type { LazyPage } from './routes/lazy-pages';
import {
  AuditPrintPage,
  AuditSearchPage,
  BlankPage,
  DashboardPage,
  DatasourceDesignerPage,
  DesignerChangesPage,
  DesignerCommandPage,
  DesignerFormPage,
  DesignerListPage,
  FilterEditorPage,
  FilterManagerPage,
  FlowHomePage,
  FormPage,
  HelpPage,
  HomePage,
  LogonPage,
  NavigationDesignerPage,
  NotFoundPage,
  PermissionsEditorPage,
  PermissionsOverviewPage,
  ProfilePage,
  RootRoute,
  SecurityEventsPage,
  StepPage,
  SystemPage,
} from './routes/lazy-pages';

// Every page is loaded on its first visit (routes/lazy-pages.tsx; boot.tsx's <Suspense> shows
// the loading state): a new route adds a line there and in routes/page-code.ts, and its <Route> here.
export const ROUTES = (
  <>
    <Route path="/logon" element={<LogonPage />} />
    <Route path="/blank" element={<BlankPage />} />
    <Route path="/help" element={<Navigate to="/help/getting-started" replace />} />
    <Route path="/help/:topic" element={<HelpPage />} />
    {/* Every other page is a signed-in page inside the application shell. */}
    <Route path="/" element={<RootRoute />}>
      <Route index element={<HomePage />} />
      <Route path="form" element={<FormPage />} />
      <Route path="dashboard" element={<DashboardPage />} />
      <Route path="apps/flow/home/flow" element={<FlowHomePage />} />
      <Route path="apps/flow/step" element={<StepPage />} />
      <Route path="audit" element={<AuditSearchPage />} />
      <Route path="audit-print" element={<AuditPrintPage />} />
      <Route path="security-events" element={<SecurityEventsPage />} />
      <Route path="filter-editor" element={<FilterEditorPage />} />
      <Route path="profile" element={<ProfilePage />} />
      <Route path="_forms/form" element={<PermissionsEditorPage />} />
      <Route path="permissions" element={<PermissionsOverviewPage />} />
      <Route path="system" element={<SystemPage />} />
      <Route path="designer" element={<DesignerListPage />} />
      <Route path="designer/form" element={<DesignerFormPage />} />
      <Route path="designer/changes" element={<DesignerChangesPage />} />
      <Route path="designer/command" element={<DesignerCommandPage />} />
      <Route path="designer/navigation" element={<NavigationDesignerPage />} />
      <Route path="designer/datasource" element={<DatasourceDesignerPage />} />
      <Route path="designer/filters" element={<FilterManagerPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Route>
  </>
);

/** The routes of the reference host (CONTRACT "Routes of the reference host"). */
export function App() {
  return <Routes>{ROUTES}</Routes>;
}

/**
 * Starts loading the code of the pages `pathname` shows (the signed-in layout and the page inside
 * it) and resolves once it has arrived, so the first render does not suspend on it.
 */
export function preloadPagesFor(pathname: string): Promise<unknown> {
  const matches = matchRoutes(createRoutesFromElements(ROUTES), pathname) ?? [];
  return Promise.all(
    matches.map(({ route }) => {
      const type = (route.element as { type?: Partial<LazyPage> } | undefined)?.type;
      return typeof type?.preload === 'function' ? type.preload() : null;
    }),
  );
}
