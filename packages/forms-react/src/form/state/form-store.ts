import type {
  ElementPermission,
  FieldValue,
  FieldValues,
  FormDefinition,
  ValidationIssue,
  ValueElement,
} from '@procedo/client-api';
import {
  effectivePermissions,
  FORM_SCHEMA_VERSION,
  flattenElements,
  isValueElement,
  sameValue,
  validateElementValue,
} from '@procedo/client-api';

/** Value equality of the form, from `@procedo/client-api` (kept here for existing imports). */
export { sameValue };

/** Spec §4/§9: the dirty flag is cleared 100–300 ms after load; we wait 200 ms. */
export const DIRTY_CLEAR_DELAY_MS = 200;

/** The timer functions the store schedules with, injected so tests can use fake timers. */
export interface FormTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const systemTimers: FormTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/** What a field component reads: a new object only when this field changes. */
export interface FieldSnapshot {
  /** The value; `undefined` for a hidden element, which has none. */
  readonly value: FieldValue | undefined;
  /** The client or server validation message shown on the field, or `null`. */
  readonly error: string | null;
  /** Locked by permission (`ElementLocked`) or read-only by definition (`IsReadOnly`). */
  readonly isLocked: boolean;
  /** Hidden by permission (`ElementHidden`): not rendered, no value, never sent. */
  readonly isHidden: boolean;
  /** Whether the value differs from the loaded (or last saved) one. */
  readonly isDirty: boolean;
}

/** What the form as a whole shows: the §4 dirty flag, the error count and the submit state. */
export interface FormSnapshot {
  /** Spec §4: 0 or 1. */
  readonly dirty: 0 | 1;
  readonly errorCount: number;
  readonly isSubmitting: boolean;
}

/** A server issue (`{ code?, path, message }`, as a 400 body's `Issues` carries it). */
export interface ServerIssue {
  code?: string;
  path: readonly (string | number)[];
  message: string;
}

/** Options of {@link createFormStore}. */
export interface FormStoreOptions {
  /** The form definition. */
  definition: FormDefinition;
  /** The signed-in user's element permissions. @default [] */
  permissions?: readonly ElementPermission[];
  /** The record's values as loaded. @default {} (every field empty) */
  initialValues?: FieldValues;
  /** The global supported file extension list, for file field validation. @default undefined (not checked) */
  supportedFileExtensions?: readonly string[];
  /** The current time, for the text-area timestamp insert. @default () => new Date() */
  now?: () => Date;
  /** Timers for the dirty-clear delay. @default the global setTimeout / clearTimeout */
  timers?: FormTimers;
  /**
   * Why nothing may change (e.g. a past timepoint is viewed): when set, the save and delete buttons
   * are locked and, on a record form, every value field too; a search form's criteria stay
   * editable, since they are not data. @default null (writable)
   */
  readOnlyReason?: string | null;
}

/** The state of one form: values, errors, the dirty flag; subscribed to field by field. */
export interface FormStore {
  readonly definition: FormDefinition;
  /** The current time, for the timestamp insert. */
  now(): Date;
  /** The value element of that name, or `undefined`. */
  getElement(name: string): ValueElement | undefined;
  /** Whether the element (of any kind) is hidden by permission. */
  isHidden(name: string): boolean;
  /** Whether the element (of any kind) is locked by permission or read-only. */
  isLocked(name: string): boolean;
  /** Why the form is read-only as a whole (`readOnlyReason`), or `null`. */
  readonly readOnlyReason: string | null;
  /** The field's snapshot; the same object until that field changes. */
  getField(name: string): FieldSnapshot;
  /** Calls `listener` whenever that field's snapshot changes; returns the unsubscribe function. */
  subscribeField(name: string, listener: () => void): () => void;
  /** The form snapshot; the same object until it changes. */
  getFormSnapshot(): FormSnapshot;
  /** Calls `listener` whenever the form snapshot changes; returns the unsubscribe function. */
  subscribeForm(listener: () => void): () => void;
  /**
   * Sets a field's value; refused (returns false) for an unknown, hidden or locked field. Sets the
   * dirty flag when the element tracks dirtiness, and re-validates a field that shows an error.
   * Spec §5: a changed value clears the pickers that list this field in `DependsOn` (and theirs).
   */
  setValue(name: string, value: FieldValue): boolean;
  /** Every visible field's value (hidden elements are never returned). */
  getValues(): FieldValues;
  /** Only the visible values that differ from the loaded (or last saved) ones. */
  changedValues(): FieldValues;
  /** Validates one field and shows or clears its error; returns the message or `null`. */
  validateField(name: string): string | null;
  /** Shows (or with `null` clears) a message on a field, such as the browser's native validity text. */
  setFieldError(name: string, message: string | null): void;
  /** Validates every visible, editable field; returns the issues (empty when all pass). */
  validate(): ValidationIssue[];
  /**
   * Shows server issues on their fields (`path` `['Values', Name]` or `[Name]`), replacing the
   * errors shown before; returns the issues that name no field of this form, for a form-level message.
   */
  setServerErrors(issues: readonly ServerIssue[]): ServerIssue[];
  /** Spec §4: clears the dirty flag {@link DIRTY_CLEAR_DELAY_MS} after load; returns a cancel function. */
  clearDirtyAfterLoad(): () => void;
  /**
   * Sets the dirty flag so that no after-load clear ({@link FormStore.clearDirtyAfterLoad}, pending
   * or asked for later) resets it; a save does. For values the user asked for that arrive while the
   * page loads (a new record copied from another), which are not loading noise.
   */
  markDirty(): void;
  /** Spec §4: after a successful save, `values` (default: the current ones) become the loaded values and the flag is reset. */
  markSaved(values?: FieldValues): void;
  /** Marks a submit as running or finished. */
  setSubmitting(isSubmitting: boolean): void;
  /** Cancels pending timers and drops every listener. */
  dispose(): void;
}

const emptyValueOf = (element: ValueElement): FieldValue => {
  switch (element.Kind) {
    case 'text':
    case 'phone':
    case 'brackets':
    case 'textarea':
    case 'date':
    case 'select':
      return '';
    case 'checkbox':
      return false;
    default:
      return null;
  }
};

const HIDDEN_FIELD: FieldSnapshot = Object.freeze({
  value: undefined,
  error: null,
  isLocked: false,
  isHidden: true,
  isDirty: false,
});

/**
 * Creates the state of one form, with no React: per-field subscriptions so a keystroke notifies
 * only its own field, and the §4 dirty flag.
 *
 * @example
 * const store = createFormStore({ definition, permissions, initialValues: record.Values });
 * store.clearDirtyAfterLoad();
 */
export function createFormStore(options: FormStoreOptions): FormStore {
  const { definition, permissions = [], supportedFileExtensions } = options;
  if ((definition.schemaVersion as number) !== FORM_SCHEMA_VERSION) {
    throw new Error(
      `Procedo form ${definition.WebTemplateNo}: definition schemaVersion ${definition.schemaVersion} is not supported (expected ${FORM_SCHEMA_VERSION})`,
    );
  }
  const timers = options.timers ?? systemTimers;
  const now = options.now ?? (() => new Date());

  // spec §3: the server's rule, so the form shows what the server enforces (tab inheritance too).
  const access = effectivePermissions(definition, permissions);
  const fields = new Map<string, ValueElement>();
  const readOnlyNames = new Set<string>();
  const readOnlyReason = options.readOnlyReason ?? null;
  for (const element of flattenElements(definition)) {
    if (isValueElement(element)) {
      fields.set(element.Name, element);
      if (element.IsReadOnly || (readOnlyReason !== null && definition.Kind === 'record')) {
        readOnlyNames.add(element.Name);
      }
    } else if (
      readOnlyReason !== null &&
      element.Kind === 'button' &&
      (element.Action === 'save' || element.Action === 'delete')
    ) {
      readOnlyNames.add(element.Name);
    }
  }
  const isHidden = (name: string) => access.get(name)?.hidden === true;
  // spec §5: the elements that list a picker in `DependsOn` are cleared when its value changes.
  const dependentsOf = new Map<string, string[]>();
  for (const element of fields.values()) {
    if (element.Kind !== 'picker') continue;
    for (const source of element.DependsOn ?? []) {
      dependentsOf.set(source, [...(dependentsOf.get(source) ?? []), element.Name]);
    }
  }
  const isLocked = (name: string) => access.get(name)?.locked === true || readOnlyNames.has(name);

  // Hidden elements have no value at all: they are dropped from what was loaded.
  const initial = new Map<string, FieldValue>();
  const values = new Map<string, FieldValue>();
  const loadInitial = (source: FieldValues | undefined) => {
    for (const [name, element] of fields) {
      if (isHidden(name)) continue;
      const value =
        source && Object.hasOwn(source, name) ? (source[name] as FieldValue) : emptyValueOf(element);
      initial.set(name, value);
      values.set(name, value);
    }
  };
  loadInitial(options.initialValues);

  const errors = new Map<string, string>();
  const snapshots = new Map<string, FieldSnapshot>();
  const fieldListeners = new Map<string, Set<() => void>>();
  const formListeners = new Set<() => void>();
  let dirty: 0 | 1 = 0;
  let isSubmitting = false;
  let formSnapshot: FormSnapshot = { dirty, errorCount: 0, isSubmitting };
  let clearTimer: unknown;
  let hasClearTimer = false;
  let isDirtyMarked = false;

  const buildField = (name: string): FieldSnapshot => {
    if (!fields.has(name) || isHidden(name)) return HIDDEN_FIELD;
    const value = values.get(name);
    return {
      value,
      error: errors.get(name) ?? null,
      isLocked: isLocked(name),
      isHidden: false,
      isDirty: !sameValue(value, initial.get(name)),
    };
  };

  const notifyField = (name: string) => {
    snapshots.set(name, buildField(name));
    for (const listener of fieldListeners.get(name) ?? []) listener();
  };

  const updateForm = () => {
    const next = { dirty, errorCount: errors.size, isSubmitting };
    if (
      next.dirty === formSnapshot.dirty &&
      next.errorCount === formSnapshot.errorCount &&
      next.isSubmitting === formSnapshot.isSubmitting
    ) {
      return;
    }
    formSnapshot = next;
    for (const listener of formListeners) listener();
  };

  const setError = (name: string, message: string | null): boolean => {
    if ((errors.get(name) ?? null) === message) return false;
    if (message === null) errors.delete(name);
    else errors.set(name, message);
    return true;
  };

  const check = (name: string): string | null => {
    const element = fields.get(name);
    if (!element) return null;
    return validateElementValue(element, values.get(name), { supportedFileExtensions })?.message ?? null;
  };

  const cancelClear = () => {
    if (hasClearTimer) timers.clearTimeout(clearTimer);
    hasClearTimer = false;
  };

  const store: FormStore = {
    definition,
    now,
    getElement: (name) => fields.get(name),
    isHidden,
    isLocked,
    readOnlyReason,
    getField(name) {
      let snapshot = snapshots.get(name);
      if (!snapshot) {
        snapshot = buildField(name);
        snapshots.set(name, snapshot);
      }
      return snapshot;
    },
    subscribeField(name, listener) {
      let listeners = fieldListeners.get(name);
      if (!listeners) {
        listeners = new Set();
        fieldListeners.set(name, listeners);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getFormSnapshot: () => formSnapshot,
    subscribeForm(listener) {
      formListeners.add(listener);
      return () => {
        formListeners.delete(listener);
      };
    },
    setValue(name, value) {
      const element = fields.get(name);
      if (!element || isHidden(name) || isLocked(name)) return false;
      if (sameValue(values.get(name), value)) return true;
      values.set(name, value);
      // spec §4: any change in a tracked element sets the flag; tracking is off per element.
      if (element.TrackDirty !== false) dirty = 1;
      // A shown error follows the value as it is corrected; a new one waits for blur or submit.
      if (errors.has(name)) setError(name, check(name));
      notifyField(name);
      // A cleared dependent clears its own dependents in turn (Supplier → Product → Batch).
      for (const dependent of dependentsOf.get(name) ?? []) {
        const dependentElement = fields.get(dependent);
        if (!dependentElement || isHidden(dependent) || isLocked(dependent)) continue;
        store.setValue(dependent, emptyValueOf(dependentElement));
      }
      updateForm();
      return true;
    },
    getValues() {
      return Object.fromEntries(values);
    },
    changedValues() {
      const changed: FieldValues = {};
      for (const [name, value] of values) {
        if (!sameValue(value, initial.get(name))) changed[name] = value;
      }
      return changed;
    },
    validateField(name) {
      if (!fields.has(name) || isHidden(name) || isLocked(name)) return null;
      const message = check(name);
      if (setError(name, message)) {
        notifyField(name);
        updateForm();
      }
      return message;
    },
    setFieldError(name, message) {
      if (!fields.has(name) || isHidden(name)) return;
      if (setError(name, message)) {
        notifyField(name);
        updateForm();
      }
    },
    validate() {
      const issues: ValidationIssue[] = [];
      for (const [name, element] of fields) {
        if (isHidden(name) || isLocked(name)) continue;
        const result = validateElementValue(element, values.get(name), { supportedFileExtensions });
        if (result) issues.push({ ...result, path: ['Values', name] });
        if (setError(name, result?.message ?? null)) notifyField(name);
      }
      updateForm();
      return issues;
    },
    setServerErrors(issues) {
      const unmatched: ServerIssue[] = [];
      const touched = new Set<string>();
      // A new answer replaces the errors of the previous one.
      const previous = [...errors.keys()].filter(
        (name) =>
          !issues.some((issue) => (issue.path[0] === 'Values' ? issue.path[1] : issue.path[0]) === name),
      );
      for (const name of previous) if (setError(name, null)) notifyField(name);
      for (const issue of issues) {
        const name = issue.path[0] === 'Values' ? issue.path[1] : issue.path[0];
        if (typeof name !== 'string' || !fields.has(name) || isHidden(name) || touched.has(name)) {
          if (!(typeof name === 'string' && touched.has(name))) unmatched.push(issue);
          continue;
        }
        touched.add(name);
        if (setError(name, issue.message)) notifyField(name);
      }
      updateForm();
      return unmatched;
    },
    clearDirtyAfterLoad() {
      cancelClear();
      if (isDirtyMarked) return cancelClear;
      hasClearTimer = true;
      clearTimer = timers.setTimeout(() => {
        hasClearTimer = false;
        dirty = 0;
        updateForm();
      }, DIRTY_CLEAR_DELAY_MS);
      return cancelClear;
    },
    markDirty() {
      cancelClear();
      isDirtyMarked = true;
      dirty = 1;
      updateForm();
    },
    markSaved(saved) {
      cancelClear();
      const changedNames = new Set<string>();
      for (const [name, value] of values) {
        const next = saved && Object.hasOwn(saved, name) ? (saved[name] as FieldValue) : value;
        if (!sameValue(next, value) || !sameValue(next, initial.get(name)) || errors.has(name)) {
          changedNames.add(name);
        }
        values.set(name, next);
        initial.set(name, next);
      }
      errors.clear();
      dirty = 0;
      isDirtyMarked = false;
      for (const name of changedNames) notifyField(name);
      updateForm();
    },
    setSubmitting(next) {
      isSubmitting = next;
      updateForm();
    },
    dispose() {
      cancelClear();
      fieldListeners.clear();
      formListeners.clear();
    },
  };
  return store;
}
