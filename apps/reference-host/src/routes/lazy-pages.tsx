import { type ComponentType, type ReactNode, type ReactPromise, use } from 'react';

/**
 * A promise that says whether it has settled, as React's `use` reads it (`ReactPromise`: no
 * suspending once it says fulfilled).
 */
type Tracked<T> = Promise<T> & { status?: 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

/** A page whose code loads on first use, or earlier through {@link LazyPage.preload}. */
export interface LazyPage {
  (): ReactNode;
  displayName?: string;
  /** Starts loading the page's code (once); the page then renders without suspending once it has arrived. */
  preload(): Promise<ComponentType>;
}

/**
 * A page loaded on its first visit, in a chunk of its own (docs/ARCHITECTURE.md, Host bundle):
 * the app's entry holds only React, the router and this table, so the logon page loads no
 * signed-in shell, form, grid, process or dashboard code. Rolldown puts the modules two pages
 * share in chunks of their own, loaded by both. While one loads, the nearest `<Suspense>` shows
 * `RouteLoading`: App.tsx's around the routes, the signed-in layout's around its outlet.
 *
 * Unlike `React.lazy`, a page whose code has arrived before it renders does not suspend at all
 * (`use` of a promise marked fulfilled): main.tsx preloads the address's pages before the first
 * render, because React holds content back for 300 ms after a fallback was shown — twice on a
 * signed-in page (the layout, then the page), about 0.6 s of every first load.
 */
export const lazyPage = <Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) => {
  let loading: Tracked<ComponentType> | null = null;
  const preload = (): Tracked<ComponentType> => {
    if (loading) return loading;
    const promise: Tracked<ComponentType> = load().then((module) => module[name]);
    promise.then(
      (value) => {
        promise.status = 'fulfilled';
        promise.value = value;
      },
      (reason: unknown) => {
        promise.status = 'rejected';
        promise.reason = reason;
      },
    );
    loading = promise;
    return promise;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page, at module level (the table below)
  const Page: LazyPage = () => {
    const Loaded = use(preload() as ReactPromise<ComponentType>);
    return <Loaded />;
  };
  Page.displayName = name;
  Page.preload = preload;
  return Page;
};

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
export const HomePage = lazyPage(() => import('./HomePage'), 'HomePage');
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
