import type { FormDefinition } from '@procedo/client-api';
import { type FormController, type FormStore, useFormSnapshot } from '@procedo/forms-react';
import { FORM_PAGE_LABELS as L } from './labels';

/** The form's page commands: its top-level buttons (Search, Save, Delete, Reset), not those inside tabs. */
export function pageCommandsOf(definition: FormDefinition, store: FormStore) {
  return definition.Elements.filter(
    (element) => element.Kind === 'button' && !store.isHidden(element.Name),
  ) as Extract<FormDefinition['Elements'][number], { Kind: 'button' }>[];
}

interface PageCommandsProps {
  store: FormStore;
  commands: ReturnType<typeof pageCommandsOf>;
  /** The rendered form's controller: the bar runs the form's own actions through it. */
  controller: FormController;
}

/**
 * The floating page commands: a toolbar that sticks to the bottom of the window, so Save and
 * Delete stay in reach on a long form. Each button runs the form's own action through its
 * controller, so validation, the audit sign-off and the busy state are exactly the form's. Not shown in a dialog or frame
 * whose parent page shows its own (spec §2); the form's buttons stay where the form places them.
 * While the bar shows, the form's own top-level buttons are hidden (`app.css`): each command shows once.
 */
export function PageCommands({ store, commands, controller }: PageCommandsProps) {
  const { isSubmitting } = useFormSnapshot(store);
  return (
    <div className="procedo-PageCommands" role="toolbar" aria-label={L.pageCommands}>
      {commands.map((command) => (
        <button
          key={command.Name}
          type="button"
          className="procedo-Button"
          data-variant={command.IsDefault || command.Action === 'save' ? 'primary' : undefined}
          disabled={isSubmitting || store.isLocked(command.Name)}
          onClick={() => controller.run(command.Action)}
        >
          {command.Label}
        </button>
      ))}
    </div>
  );
}
