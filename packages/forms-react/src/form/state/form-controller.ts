/** The actions of a form's buttons (`ButtonElement.Action`). */
export type FormAction = 'search' | 'save' | 'delete' | 'reset';

/**
 * A handle on a rendered form's actions, for controls outside the form (floating page commands,
 * a toolbar, a keyboard shortcut). An action runs exactly as the form's own button runs it: Save
 * validates, marks the form submitting and calls `onSave`; nothing runs while a submit is under
 * way, as the form's buttons are disabled then.
 */
export interface FormController {
  /** Runs an action of the form; false when no form is connected or a submit is running. */
  run(action: FormAction): boolean;
  save(): boolean;
  search(): boolean;
  delete(): boolean;
  reset(): boolean;
  /**
   * Connects a form's action runner (`FormRenderer` does this for its `controller` prop); returns
   * the function that disconnects it. One form at a time: a later connection replaces the earlier.
   */
  connect(runner: (action: FormAction) => boolean): () => void;
}

/**
 * Creates a {@link FormController}; pass it to `FormRenderer`'s `controller` prop.
 *
 * @example
 * const controller = createFormController();
 * <FormRenderer store={store} controller={controller} onSave={save} />
 * <button onClick={() => controller.save()}>Save</button>
 */
export function createFormController(): FormController {
  let runner: ((action: FormAction) => boolean) | null = null;
  const run = (action: FormAction) => runner?.(action) ?? false;
  return {
    run,
    save: () => run('save'),
    search: () => run('search'),
    delete: () => run('delete'),
    reset: () => run('reset'),
    connect(next) {
      runner = next;
      return () => {
        if (runner === next) runner = null;
      };
    },
  };
}
