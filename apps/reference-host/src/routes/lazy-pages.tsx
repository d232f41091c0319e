import type { ComponentType } from 'react';
import { DashboardPanelCode } from '../dashboards/LazyDashboardPanel';
import { type LazyComponent, lazyComponent } from '../lazy-component';
import { pageCode } from './page-code';

/** A route page: no props, its code loaded on the first visit or preloaded (boot.tsx). */
export type LazyPage = LazyComponent<Record<string, never>>;

/**
 * A page loaded on its first visit, in a chunk of its own (docs/ARCHITECTURE.md, Host bundle):
 * the app's boot chunk holds only React, the router and this table, so the logon page loads no
 * signed-in shell, form, grid, process or dashboard code. Rolldown puts the modules two pages
 * share in chunks of their own, loaded by both. While one loads, the nearest `<Suspense>` shows
 * `RouteLoading`: App.tsx's around the routes, the signed-in layout's around its outlet — unless it
 * was preloaded, as boot.tsx does for the address's pages before the first render
 * (`lazyComponent`: a page whose code is there does not suspend, so no fallback is committed and
 * React's 300 ms hold after one does not apply — about 0.6 s of every first signed-in load).
 */
const lazyPage = <Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): LazyPage => lazyComponent(load as () => Promise<Record<Name, ComponentType<Record<string, never>>>>, name);

// One line per route page; App.tsx puts them in the route table.
export const AuditPrintPage = lazyPage(pageCode.AuditPrintPage, 'AuditPrintPage');
export const AuditSearchPage = lazyPage(pageCode.AuditSearchPage, 'AuditSearchPage');
export const BlankPage = lazyPage(pageCode.BlankPage, 'BlankPage');
export const DashboardPage = lazyPage(pageCode.DashboardPage, 'DashboardPage');
/** `/designer/form`: the form designer and the form's versions (forms-react's `./designer`). */
export const DesignerChangesPage = lazyPage(pageCode.DesignerChangesPage, 'DesignerChangesPage');
export const DesignerFormPage = lazyPage(pageCode.DesignerFormPage, 'DesignerFormPage');
export const DesignerListPage = lazyPage(pageCode.DesignerListPage, 'DesignerListPage');
/** `/designer/command`: the process command designer and the command's versions (forms-react's `./designer`). */
export const DesignerCommandPage = lazyPage(pageCode.DesignerCommandPage, 'DesignerCommandPage');
/** `/designer/datasource`, `/designer/filters`: datasources and saved filters (forms-react's `./designer`). */
export const DatasourceDesignerPage = lazyPage(pageCode.DatasourceDesignerPage, 'DatasourceDesignerPage');
export const FilterManagerPage = lazyPage(pageCode.FilterManagerPage, 'FilterManagerPage');
export const FilterEditorPage = lazyPage(pageCode.FilterEditorPage, 'FilterEditorPage');
export const FlowHomePage = lazyPage(pageCode.FlowHomePage, 'FlowHomePage');
export const FormPage = lazyPage(pageCode.FormPage, 'FormPage');
export const HelpPage = lazyPage(pageCode.HelpPage, 'HelpPage');
/** The home page, with its dashboard's code (loaded apart, as the dashboard page shares it) at once. */
export const HomePage = lazyPage(
  async () => (await Promise.all([pageCode.HomePage(), DashboardPanelCode.preload()]))[0],
  'HomePage',
);
export const LogonPage = lazyPage(pageCode.LogonPage, 'LogonPage');
/** `/designer/navigation`: the navigation designer and a profile's versions (forms-react's `./designer`). */
export const NavigationDesignerPage = lazyPage(pageCode.NavigationDesignerPage, 'NavigationDesignerPage');
export const NotFoundPage = lazyPage(pageCode.NotFoundPage, 'NotFoundPage');
/** `/_forms/form`: the element permissions editor over a form (forms-react's `./permissions`). */
export const PermissionsEditorPage = lazyPage(pageCode.PermissionsEditorPage, 'PermissionsEditorPage');
export const PermissionsOverviewPage = lazyPage(pageCode.PermissionsOverviewPage, 'PermissionsOverviewPage');
export const ProfilePage = lazyPage(pageCode.ProfilePage, 'ProfilePage');
/** The signed-in layout (shell, session, opener, process runner) of every page below `/`. */
export const RootRoute = lazyPage(pageCode.RootRoute, 'RootRoute');
export const SecurityEventsPage = lazyPage(pageCode.SecurityEventsPage, 'SecurityEventsPage');
export const StepPage = lazyPage(pageCode.StepPage, 'StepPage');
export const SystemPage = lazyPage(pageCode.SystemPage, 'SystemPage');
