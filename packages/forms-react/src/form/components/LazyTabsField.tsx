import { lazy, Suspense } from 'react';
import type { FieldComponentProps } from '../registry';
import type { ElementOf } from '../state/elements';

// react-aria-components' Tabs pull in react-aria and its locale detection (the page's first
// `Intl` call, ~20 ms on a cold page): forms without tabs should not pay for it.
const TabsField = lazy(() => import('./TabsField').then((module) => ({ default: module.TabsField })));

/** The `tabs` element, loaded with its widget code when a form first shows a tab strip. */
export function LazyTabsField(props: FieldComponentProps<ElementOf<'tabs'>>) {
  return (
    <Suspense fallback={<div className="procedo-Field procedo-Field-tabs" aria-busy="true" />}>
      <TabsField {...props} />
    </Suspense>
  );
}
