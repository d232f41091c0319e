import { memo } from 'react';
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
  if (store.isHidden(element.Name)) return null;
  const run = {
    search: context.runSearch,
    save: context.runSave,
    delete: context.runDelete,
    reset: context.runReset,
  }[element.Action];
  const isLocked = store.isLocked(element.Name);
  return (
    <button
      type="button"
      name={element.Name}
      data-name={element.Name}
      className={`procedo-Button procedo-FormButton procedo-FormButton-${element.Action}`}
      data-variant={element.IsDefault ? 'primary' : undefined}
      data-default={element.IsDefault || undefined}
      data-locked={isLocked || undefined}
      // A read-only form (time travel) says why its save and delete are off.
      title={isLocked && store.readOnlyReason ? store.readOnlyReason : element.Hint}
      data-read-only={(isLocked && store.readOnlyReason !== null) || undefined}
      disabled={isSubmitting || isLocked}
      onClick={run}
    >
      {element.Label}
    </button>
  );
});
