import { memo } from 'react';
import { InfoMessageBox } from '../../components/InfoMessageBox';
import type { FieldComponentProps } from '../registry';
import type { ElementOf } from '../state/elements';

/** An info element: the collapsible {@link InfoMessageBox}. */
export const InfoField = memo(function InfoField({ element, store }: FieldComponentProps<ElementOf<'info'>>) {
  if (store.isHidden(element.Name)) return null;
  return (
    <div className="procedo-Field procedo-Field-info" data-name={element.Name}>
      <InfoMessageBox title={element.Label} defaultExpanded={element.IsCollapsed !== true}>
        {element.Text}
      </InfoMessageBox>
    </div>
  );
});
