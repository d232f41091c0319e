import type { ComponentType } from 'react';
import { DashboardPanelCode } from '../dashboards/LazyDashboardPanel';
import { type LazyComponent, lazyComponent } from '../lazy-component';

/** A route page: no props, its code loaded on the first visit or preloaded (main.tsx). */
export type LazyPage = LazyComponent<Record<string, never>>;

/**
 * A page loaded on its first visit, in a chunk of its own (docs/ARCHITECTURE.md, Host bundle):
 * the app's entry holds only React, the router and this table, so the logon page loads no
 * signed-in shell, form, grid, process or dashboard code. Rolldown puts the modules two pages
 * share in chunks of their own, loaded by both. While one loads, the nearest `<Suspense>` shows
 * `RouteLoading`: App.tsx's around the routes, the signed-in layout's around its outlet — unless it
 * was preloaded, as main.tsx does for the address's pages before the first render
 * (`lazyComponent`: a page whose code is there does not suspend, so no fallback is committed and
 * React's 300 ms hold after one does not apply — about 0.6 s of every first signed-in load).
 */
const lazyPage = <Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): LazyPage => lazyComponent(load as () => Promise<Record<Name, ComponentType<Record<string, never>>>>, name);

// One line per route page; App.tsx puts them in the route table.
export const AuditPrintPage = lazyPage(() => import('./AuditPrintPage'), 'AuditPrintPage');
export const AuditSearchPage = lazyPage(() => import('./AuditSearchPage'), 'AuditSearchPage');
export const BlankPage = lazyPage(() => import('./BlankPage'), 'BlankPage');
export const DashboardPage = lazyPage(() => import('./DashboardPage'), 'DashboardPage');
/** `/designer/form`: the form designer and the form's versions (forms-react's `./designer`). */
export const DesignerChangesPage = lazyPage(() => import('./DesignerChangesPage'), 'DesignerChangesPage');
export const DesignerFormPage = lazyPage(() => import('./DesignerFormPage'), 'DesignerFormPage');
export const DesignerListPage = lazyPage(() => import('./DesignerListPage'), 'DesignerListPage');
/** `/designer/command`: the process command designer and the command's versions (forms-react's `./designer`). */
export const DesignerCommandPage = lazyPage(() => import('./DesignerCommandPage'), 'DesignerCommandPage');
/** `/designer/datasource`, `/designer/filters`: datasources and saved filters (forms-react's `./designer`). */
export const DatasourceDesignerPage = lazyPage(
  () => import('./DatasourceDesignerPage'),
  'DatasourceDesignerPage',
);
export const FilterManagerPage = lazyPage(() => import('./FilterManagerPage'), 'FilterManagerPage');
export const FilterEditorPage = lazyPage(() => import('./FilterEditorPage'), 'FilterEditorPage');
export const FlowHomePage = lazyPage(() => import('./FlowHomePage'), 'FlowHomePage');
export const FormPage = lazyPage(() => import('./FormPage'), 'FormPage');
export const HelpPage = lazyPage(() => import('./HelpPage'), 'HelpPage');
/** The home page, with its dashboard's code (loaded apart, as the dashboard page shares it) at once. */
export const HomePage = lazyPage(
  async () => (await Promise.all([import('./HomePage'), DashboardPanelCode.preload()]))[0],
  'HomePage',
);
export const LogonPage = lazyPage(() => import('./LogonPage'), 'LogonPage');
/** `/designer/navigation`: the navigation designer and a profile's versions (forms-react's `./designer`). */
export const NavigationDesignerPage = lazyPage(
  () => import('./NavigationDesignerPage'),
  'NavigationDesignerPage',
);
export const NotFoundPage = lazyPage(() => import('./NotFoundPage'), 'NotFoundPage');
/** `/_forms/form`: the element permissions editor over a form (forms-react's `./permissions`). */
export const PermissionsEditorPage = lazyPage(
  () => import('./PermissionsEditorPage'),
  'PermissionsEditorPage',
);
export const PermissionsOverviewPage = lazyPage(
  () => import('./PermissionsOverviewPage'),
  'PermissionsOverviewPage',
);
export const ProfilePage = lazyPage(() => import('./ProfilePage'), 'ProfilePage');
/** The signed-in layout (shell, session, opener, process runner) of every page below `/`. */
export const RootRoute = lazyPage(() => import('./RootRoute'), 'RootRoute');
export const SecurityEventsPage = lazyPage(() => import('./SecurityEventsPage'), 'SecurityEventsPage');
export const StepPage = lazyPage(() => import('./StepPage'), 'StepPage');
export const SystemPage = lazyPage(() => import('./SystemPage'), 'SystemPage');
