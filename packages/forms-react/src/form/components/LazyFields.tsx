import { lazy, Suspense } from 'react';
import { INFO_BOX_COLLAPSED_HEIGHT } from '../../state/durations';
import type { FieldComponentProps } from '../registry';
import type { ElementOf } from '../state/elements';

// react-aria-components widgets load the first time a form shows their kind: importing react-aria
// runs its locale detection, the page's first `Intl` call (~20 ms on a cold page), and forms of
// plain fields should not pay for it (bench/form-bench.mjs). The tab strip (`TabsField`) uses no
// react-aria code and loads with the form.
const InfoField = lazy(() => import('./InfoField').then((module) => ({ default: module.InfoField })));

/**
 * The `info` element, loaded with the disclosure widget when a form first shows an info box;
 * meanwhile its title and text show without the toggle, in the same size, so nothing moves when
 * it arrives.
 */
export function LazyInfoField(props: FieldComponentProps<ElementOf<'info'>>) {
  const { element } = props;
  const expanded = element.IsCollapsed !== true;
  const fallback = (
    <div className="procedo-Field procedo-Field-info" data-name={element.Name} aria-busy="true">
      <div
        className="procedo-InfoMessageBox"
        data-expanded={expanded || undefined}
        style={
          expanded
            ? undefined
            : { height: INFO_BOX_COLLAPSED_HEIGHT, overflow: 'hidden', boxSizing: 'border-box' }
        }
      >
        <h3 className="procedo-InfoMessageBox-heading">
          <span className="procedo-InfoMessageBox-trigger">
            <span className="procedo-InfoMessageBox-chevron" aria-hidden="true" />
            {element.Label}
          </span>
        </h3>
        {expanded ? <div className="procedo-InfoMessageBox-panel">{element.Text}</div> : null}
      </div>
    </div>
  );
  return (
    <Suspense fallback={fallback}>
      <InfoField {...props} />
    </Suspense>
  );
}
