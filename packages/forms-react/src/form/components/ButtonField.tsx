import { memo, useRef } from 'react';
import { mergeProps } from 'react-aria';
import { useHelpTooltip } from '../../tooltip/HelpTooltip';
import { useFormRendererContext } from '../hooks/form-context';
import { useFormSnapshot } from '../hooks/useFormSnapshot';
import type { FieldComponentProps } from '../registry';
import type { ElementOf } from '../state/elements';

/**
 * A form button: `search` runs the search, `save` validates then saves, `delete` and `reset` call
 * the host. Disabled while a submit runs and when locked by permission.
 */
export const ButtonField = memo(function ButtonField({
  element,
  store,
}: FieldComponentProps<ElementOf<'button'>>) {
  const { isSubmitting } = useFormSnapshot(store);
  const context = useFormRendererContext();
  const ref = useRef<HTMLButtonElement>(null);
  const isLocked = store.isLocked(element.Name);
  // A read-only form (time travel) says why its save and delete are off, in the native title (a
  // disabled button gets no pointer events); otherwise the help text is a §9 tooltip.
  const lockedReason = isLocked && store.readOnlyReason ? store.readOnlyReason : null;
  const help = useHelpTooltip(lockedReason === null ? element.Hint : null, ref);
  if (store.isHidden(element.Name)) return null;
  const run = {
    search: context.runSearch,
    save: context.runSave,
    delete: context.runDelete,
    reset: context.runReset,
  }[element.Action];
  return (
    <>
      <button
        type="button"
        name={element.Name}
        data-name={element.Name}
        className={`procedo-Button procedo-FormButton procedo-FormButton-${element.Action}`}
        data-variant={element.IsDefault ? 'primary' : undefined}
        data-default={element.IsDefault || undefined}
        data-locked={isLocked || undefined}
        title={lockedReason ?? undefined}
        data-read-only={lockedReason !== null || undefined}
        disabled={isSubmitting || isLocked}
        {...mergeProps(help.triggerProps, { onClick: run })}
        ref={ref}
      >
        {element.Label}
      </button>
      {help.tooltip}
    </>
  );
});
