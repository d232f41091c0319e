import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { MenuAnchor } from '../../permissions/ElementContextMenu';
import { usePermissionsMode } from '../../permissions/permissions-mode';
import { TranslationContext, type TranslationContextValue } from '../../translation/TranslateButton';
import type { TranslationTarget } from '../../translation/translation-target';
import { defaultFieldRegistry } from '../default-registry';
import type {
  FormRendererContextValue,
  FormSaveEvent,
  FormSearchEvent,
  ResultRow,
  ResultsElementOf,
  TabSelectEvent,
} from '../hooks/form-context';
import { FormRendererContext } from '../hooks/form-context';
import { useFormSnapshot } from '../hooks/useFormSnapshot';
import type { FieldRegistry } from '../registry';
import type { FormAction, FormController } from '../state/form-controller';
import type { FormStore } from '../state/form-store';
import { FormElements } from './FormElements';

/** Props of {@link FormRenderer}. */
export interface FormRendererProps {
  /** The form's state, from `createFormStore`. */
  store: FormStore;
  /** Element components by kind. @default defaultFieldRegistry */
  registry?: FieldRegistry;
  /** Runs the search: the default search button, or Enter in an edit field (spec §5). */
  onSearch?: (event: FormSearchEvent) => void;
  /** Saves, after every field passed validation; the renderer marks the form submitting until it settles. */
  onSave?: (event: FormSaveEvent) => Promise<unknown> | unknown;
  /** Called by a `delete` button. */
  onDelete?: (event: FormSearchEvent) => void;
  /** Called by a `reset` button. */
  onReset?: () => void;
  /** Runs the callback `Tab.Select`; a rejection shows 'Server: Tab Select Error'. */
  onTabSelect?: (event: TabSelectEvent) => Promise<unknown> | unknown;
  /** The rows of the search form's result list. @default [] */
  results?: readonly ResultRow[];
  /**
   * Renders the result list element (e.g. a `SearchResultsGrid` over the keyset search) instead
   * of the static table of `results`. @default the table
   */
  renderResults?: (element: ResultsElementOf) => ReactNode;
  /**
   * The link of a result row.
   * @default `form?WebTemplateNo=${webTemplateNo}&UGoToItemNo=${row.Id}`
   */
  getRowHref?: (input: { row: ResultRow; webTemplateNo: number }) => string;
  /**
   * A handle through which controls outside the form run its actions as its buttons do (see
   * `createFormController`). @default none
   */
  controller?: FormController;
  /** Extra class names after `procedo-Form`. */
  className?: string;
  /**
   * Opens the element permissions editor for an element (spec §4). When given, and while
   * permissions mode is on, a right-click on a named element (or Shift+F10 / the ContextMenu key
   * on a focused one) opens a small menu whose "Permissions…" entry calls it; otherwise a
   * right-click is the browser's own. Give it to users with the permission-design role only.
   * @default none
   */
  onOpenPermissions?: (event: { elementName: string }) => void;
  /**
   * Translation mode: given, each labelled element shows a "Translate" button beside its label
   * (result lists one per column header, tab strips one per tab) that calls this with what to
   * translate — the host opens its `TranslationPrompt`. @default none (no buttons)
   */
  onTranslate?: (target: TranslationTarget) => void;
}

// Loaded on the first right-click in permissions mode: no other page needs the positioning code.
const ElementContextMenu = lazy(() =>
  import('../../permissions/ElementContextMenu').then((module) => ({ default: module.ElementContextMenu })),
);

/** The named element (`data-name`) an event happened in, inside the form root. */
function namedElementOf(target: EventTarget | null, root: HTMLElement): HTMLElement | null {
  const element = target instanceof Element ? target.closest<HTMLElement>('[data-name]') : null;
  return element && root.contains(element) && element.dataset.name ? element : null;
}

const defaultRowHref = ({ row, webTemplateNo }: { row: ResultRow; webTemplateNo: number }) =>
  `form?WebTemplateNo=${webTemplateNo}&UGoToItemNo=${row.Id}`;

// spec §5: Enter submits the default search from edit fields only — not text areas, and not
// non-edit controls (buttons, checkboxes, radios, selects, file inputs).
const NON_EDIT_INPUT_TYPES = new Set([
  'button',
  'submit',
  'reset',
  'checkbox',
  'radio',
  'file',
  'image',
  'color',
  'range',
]);
function isEditField(target: EventTarget): boolean {
  return target instanceof HTMLInputElement && !NON_EDIT_INPUT_TYPES.has(target.type);
}

/**
 * Renders a form definition from its store: each element through the registry, in order. Each
 * field subscribes to its own value, so a keystroke re-renders that field only.
 *
 * @example
 * <FormRenderer store={store} onSave={({ changedValues }) => api.update(changedValues)} />
 */
export function FormRenderer({
  store,
  registry = defaultFieldRegistry,
  onSearch,
  onSave,
  onDelete,
  onReset,
  onTabSelect,
  results,
  renderResults,
  getRowHref = defaultRowHref,
  controller,
  className,
  onOpenPermissions,
  onTranslate,
}: FormRendererProps) {
  const [permissionsMode] = usePermissionsMode();
  const [menu, setMenu] = useState<{ elementName: string; anchor: MenuAnchor } | null>(null);
  const menuEnabled = permissionsMode && onOpenPermissions !== undefined;
  // The form element alone re-renders when the flag changes; the fields below are memoised.
  const { dirty, isSubmitting } = useFormSnapshot(store);
  // Callbacks are read through a ref so new function props never re-render the fields.
  const handlers = useRef({ onSearch, onSave, onDelete, onReset, onTabSelect });
  handlers.current = { onSearch, onSave, onDelete, onReset, onTabSelect };
  const translateRef = useRef(onTranslate);
  translateRef.current = onTranslate;
  const isTranslating = onTranslate !== undefined;
  const translation = useMemo<TranslationContextValue | null>(
    () =>
      isTranslating
        ? {
            webTemplateNo: store.definition.WebTemplateNo,
            onTranslate: (target) => translateRef.current?.(target),
          }
        : null,
    [isTranslating, store],
  );

  const actions = useMemo(
    () => ({
      runSearch: () => handlers.current.onSearch?.({ values: store.getValues() }),
      runSave: () => {
        const save = handlers.current.onSave;
        if (!save || store.getFormSnapshot().isSubmitting) return;
        if (store.validate().length > 0) return;
        store.setSubmitting(true);
        Promise.resolve()
          .then(() => save({ values: store.getValues(), changedValues: store.changedValues() }))
          // A failed save keeps the form dirty and the input on screen; the host reports it.
          .catch(() => undefined)
          .finally(() => store.setSubmitting(false));
      },
      runDelete: () => handlers.current.onDelete?.({ values: store.getValues() }),
      runReset: () => handlers.current.onReset?.(),
      onTabSelect: (event: TabSelectEvent) => handlers.current.onTabSelect?.(event),
    }),
    [store],
  );

  // Outside controls run the same actions; a disabled button runs nothing, nor does the controller.
  useEffect(() => {
    if (!controller) return;
    const run: Record<FormAction, () => unknown> = {
      search: actions.runSearch,
      save: actions.runSave,
      delete: actions.runDelete,
      reset: actions.runReset,
    };
    return controller.connect((action) => {
      if (store.getFormSnapshot().isSubmitting) return false;
      run[action]();
      return true;
    });
  }, [controller, actions, store]);

  const context = useMemo<FormRendererContextValue>(
    () => ({ store, registry, results, renderResults, getRowHref, ...actions }),
    [store, registry, results, renderResults, getRowHref, actions],
  );

  const defaultSearch = useMemo(
    () =>
      store.definition.Elements.find(
        (element) =>
          element.Kind === 'button' &&
          element.Action === 'search' &&
          element.IsDefault &&
          !store.isHidden(element.Name),
      ),
    [store],
  );

  // One delegated handler on the form root for every named element (spec §4 permissions mode).
  const onContextMenu = (event: MouseEvent<HTMLDivElement>) => {
    if (!menuEnabled) return;
    const element = namedElementOf(event.target, event.currentTarget);
    if (!element?.dataset.name) return;
    event.preventDefault();
    setMenu({ elementName: element.dataset.name, anchor: { x: event.clientX, y: event.clientY } });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (menuEnabled && (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey))) {
      const element = namedElementOf(event.target, event.currentTarget);
      if (element?.dataset.name) {
        // From the keyboard the menu opens at the focused element, not at a pointer.
        event.preventDefault();
        const box = element.getBoundingClientRect();
        setMenu({
          elementName: element.dataset.name,
          anchor: { x: box.left, y: box.top, width: box.width, height: box.height },
        });
        return;
      }
    }
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (!isEditField(event.target)) return;
    // Enter searches only through the default button, never by the implicit submission of a
    // <form> the host may put around the renderer.
    event.preventDefault();
    if (defaultSearch && !store.isLocked(defaultSearch.Name)) actions.runSearch();
  };

  // A form landmark that is not a <form> element: the renderer submits nothing natively (Enter and
  // the buttons are handled above), and every property read on an HTMLFormElement goes through
  // its named-control lookup — React reads one on each ancestor for every event it dispatches, so
  // a keystroke in a 200-field <form> cost ~0.25 ms more JS, and its first render ~15 % more
  // (bench/README.md, form rendering).
  return (
    <FormRendererContext.Provider value={context}>
      {/* biome-ignore lint/a11y/useSemanticElements: a <form> costs every keystroke, see above. */}
      <div
        role="form"
        className={className ? `procedo-Form ${className}` : 'procedo-Form'}
        data-kind={store.definition.Kind}
        data-dirty={dirty === 1 || undefined}
        data-submitting={isSubmitting || undefined}
        aria-busy={isSubmitting || undefined}
        aria-label={store.definition.Title}
        onKeyDown={onKeyDown}
        onContextMenu={menuEnabled ? onContextMenu : undefined}
        data-permissions-mode={menuEnabled || undefined}
      >
        <TranslationContext.Provider value={translation}>
          <FormElements elements={store.definition.Elements} />
        </TranslationContext.Provider>
      </div>
      {menu && menuEnabled ? (
        <Suspense fallback={null}>
          <ElementContextMenu
            anchor={menu.anchor}
            elementName={menu.elementName}
            onClose={() => setMenu(null)}
            onOpenPermissions={() => onOpenPermissions?.({ elementName: menu.elementName })}
          />
        </Suspense>
      ) : null}
    </FormRendererContext.Provider>
  );
}
