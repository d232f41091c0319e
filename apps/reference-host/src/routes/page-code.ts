// The code of each route page (and the dashboard panel both dashboard pages show), by name: one
// dynamic import each and nothing else, so the entry (main.tsx, early-reads.ts) can start a page's
// code before React is evaluated; lazy-pages.tsx wraps them as React components. A module is
// fetched and evaluated once whoever imports it first.

export const pageCode = {
  AuditPrintPage: () => import('./AuditPrintPage'),
  AuditSearchPage: () => import('./AuditSearchPage'),
  BlankPage: () => import('./BlankPage'),
  DashboardPage: () => import('./DashboardPage'),
  DatasourceDesignerPage: () => import('./DatasourceDesignerPage'),
  DesignerChangesPage: () => import('./DesignerChangesPage'),
  DesignerCommandPage: () => import('./DesignerCommandPage'),
  DesignerFormPage: () => import('./DesignerFormPage'),
  DesignerListPage: () => import('./DesignerListPage'),
  FilterEditorPage: () => import('./FilterEditorPage'),
  FilterManagerPage: () => import('./FilterManagerPage'),
  FlowHomePage: () => import('./FlowHomePage'),
  FormPage: () => import('./FormPage'),
  HelpPage: () => import('./HelpPage'),
  HomePage: () => import('./HomePage'),
  LogonPage: () => import('./LogonPage'),
  NavigationDesignerPage: () => import('./NavigationDesignerPage'),
  NotFoundPage: () => import('./NotFoundPage'),
  PermissionsEditorPage: () => import('./PermissionsEditorPage'),
  PermissionsOverviewPage: () => import('./PermissionsOverviewPage'),
  ProfilePage: () => import('./ProfilePage'),
  RootRoute: () => import('./RootRoute'),
  SecurityEventsPage: () => import('./SecurityEventsPage'),
  StepPage: () => import('./StepPage'),
  SystemPage: () => import('./SystemPage'),
  DashboardPanel: () => import('../dashboards/DashboardPanel'),
};

/** The name of a page (or part) whose code {@link pageCode} loads. */
export type PageCodeName = keyof typeof pageCode;
