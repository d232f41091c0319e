import type { PickerValue } from '@procedo/client-api';
import { type ChangeEvent, type FocusEvent, useId, useRef, useState } from 'react';
import { onDemand } from '../browser/on-demand';
import type { FieldLabels } from './labels';
import type { PickerComboBox, PickerComboBoxProps } from './PickerComboBox';
import { RequiredMark } from './RequiredMark';
import type { PickerSearch } from './usePickerSearch';

/** Props of {@link PickerField}. */
export interface PickerFieldProps {
  /** The visible label. */
  label: string;
  /** The picked value, or `null`. */
  value: PickerValue | null;
  /** Called with the new value: a picked item, or `null` when the value is cleared. */
  onChange(value: PickerValue | null): void;
  /** Searches the server list; the signal is aborted when a newer search replaces this one. */
  search: PickerSearch;
  /** Spec §5: the least number of typed characters that runs a search (the field's attribute). @default 1 */
  minLength?: number;
  /** Spec §5: a mandatory picker keeps its last valid value. @default false */
  isMandatory?: boolean;
  /** A locked picker shows its text read-only and never searches. @default false */
  isLocked?: boolean;
  /** The error shown under the field (a server or validation error). */
  errorMessage?: string;
  /** Help text under the field. */
  description?: string;
  /** The input's `name`. */
  name?: string;
  /** Pause after the last keystroke before searching, in ms. @default 150 */
  searchDelayMs?: number;
  /** Texts to override. @default FIELD_LABELS */
  labels?: Partial<FieldLabels>;
}

/**
 * An autocomplete picker (spec §5) over a server list. It renders a plain labelled text input
 * until it is first focused, and only then mounts the react-aria `ComboBox`, keeping focus and
 * what was typed — so a form of many pickers costs no more than text inputs until used. The
 * ComboBox is a module of its own, loaded the first time any picker is focused (the pointer
 * entering a picker starts the load early); until it has arrived the plain input takes the
 * typing, and the ComboBox takes over the text and the caret if the input still has the focus
 * then. Once loaded, every picker swaps at once. If the load fails the input stays a plain input,
 * and its next focus tries again.
 *
 * Rules: a search runs `searchDelayMs` after the last keystroke when the text has at least
 * `minLength` characters, aborting the previous one; picking an item calls `onChange(item)`;
 * emptying the text of a non-mandatory picker calls `onChange(null)`; on leaving the field a
 * mandatory picker whose text matches no item restores the last valid text (the value is kept),
 * while a non-mandatory one clears its text and value. A text that equals exactly one listed
 * item's text (ignoring case) picks that item. (A text typed while the ComboBox loads has been
 * searched for nothing yet: leaving the field before it arrives matches no item.)
 *
 * Clearing the fields that depend on a picker when its value changes is the form renderer's job:
 * it sees every `onChange`.
 *
 * @example
 * <PickerField label="Supplier" value={supplier} onChange={setSupplier}
 *   search={(text, signal) => api.searchPicker('suppliers', { text }, { signal })} minLength={2} />
 */
export function PickerField(props: PickerFieldProps) {
  const [activation, setActivation] = useState<Activation | null>(null);
  // Set only by the placeholder, so a later remount (after a lock is lifted) does not steal focus.
  const focusOnMount = useRef(false);
  // The placeholder activates only once the ComboBox has loaded, so it is here whenever activated.
  const LoadedComboBox = comboBox.loaded();
  if (activation && !props.isLocked && LoadedComboBox) {
    return <LoadedComboBox {...props} {...activation} focusOnMount={focusOnMount} />;
  }
  return (
    <PickerPlaceholder
      {...props}
      onActivate={(next) => {
        focusOnMount.current = true;
        setActivation(next);
      }}
    />
  );
}

// react-aria-components' ComboBox and list with the picker's search: loaded on first use (below).
const comboBox = onDemand(() => import('./PickerComboBox').then((module) => module.PickerComboBox));

/**
 * Loads the pickers' ComboBox if it is not loaded yet, as a picker's first focus does; resolves
 * once it is there, and from then on a focused picker swaps it in at once (tests load it ahead).
 */
export function loadPickerComboBox(): Promise<typeof PickerComboBox> {
  return comboBox.load();
}

/** What the placeholder hands over to the ComboBox: its text and its selection. */
type Activation = Pick<PickerComboBoxProps, 'initialText' | 'initialSelectionStart' | 'initialSelectionEnd'>;

/** The input's text and selection (or a caret at the end), as the ComboBox takes them over. */
function activationOf(input: HTMLInputElement, caretAtEnd = false): Activation {
  const end = input.value.length;
  return {
    initialText: input.value,
    initialSelectionStart: caretAtEnd ? end : (input.selectionStart ?? end),
    initialSelectionEnd: caretAtEnd ? end : (input.selectionEnd ?? end),
  };
}

/**
 * The cheap stand-in: a labelled input with the picked text, swapped for the ComboBox on focus —
 * at once when the ComboBox has loaded, else when it arrives if the input still has the focus
 * (taking the focus back from elsewhere would surprise the user).
 */
function PickerPlaceholder({
  label,
  value,
  onChange,
  isMandatory,
  isLocked,
  errorMessage,
  description,
  name,
  onActivate,
}: PickerFieldProps & { onActivate(activation: Activation): void }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [description ? hintId : null, errorMessage ? errorId : null].filter(Boolean).join(' ');
  const text = value?.Text ?? '';
  // What was typed while the ComboBox loads; `null` shows the picked text.
  const [draft, setDraft] = useState<string | null>(null);
  const handedOver = useRef(false);
  const handOver = (activation: Activation) => {
    handedOver.current = true;
    onActivate(activation);
  };
  /** Swaps in the ComboBox: now if it has loaded, else once it arrives if this input has the focus then. */
  const activate = (input: HTMLInputElement) => {
    if (comboBox.loaded()) {
      handOver(activationOf(input, true));
      return;
    }
    comboBox.load().then(
      () => {
        // A lock that came meanwhile makes the input read-only: it stays the placeholder.
        if (handedOver.current || input !== input.ownerDocument.activeElement || input.readOnly) return;
        handOver(activationOf(input));
      },
      // Without the ComboBox the input stays a plain text input; its next focus tries again.
      () => undefined,
    );
  };
  return (
    <div
      className="procedo-Field procedo-PickerField"
      data-invalid={errorMessage ? true : undefined}
      data-locked={isLocked || undefined}
      data-required={isMandatory || undefined}
    >
      <label className="procedo-Field-label" htmlFor={`${id}-input`}>
        {label}
        <RequiredMark isMandatory={isMandatory} />
      </label>
      <input
        id={`${id}-input`}
        className="procedo-Field-input"
        type="text"
        name={name}
        autoComplete="off"
        value={isLocked ? text : (draft ?? text)}
        readOnly={isLocked}
        aria-readonly={isLocked || undefined}
        aria-required={isMandatory || undefined}
        aria-invalid={errorMessage ? true : undefined}
        aria-describedby={describedBy || undefined}
        // The pointer on the way to a picker starts loading the ComboBox, so it is there on focus.
        onPointerEnter={isLocked ? undefined : comboBox.preload}
        onFocus={isLocked ? undefined : (event: FocusEvent<HTMLInputElement>) => activate(event.target)}
        // A keystroke that lands before the swap (or while the ComboBox loads) is carried over to it.
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          if (isLocked) return;
          if (comboBox.loaded()) handOver(activationOf(event.target));
          else setDraft(event.target.value);
        }}
        onBlur={() => {
          if (draft === null || handedOver.current) return;
          // Left before the ComboBox arrived: the typed text was searched for nothing, so it matches
          // no item — a mandatory picker shows its value's text again, another one is cleared (§5).
          setDraft(null);
          if (!isMandatory && value && draft !== value.Text) onChange(null);
        }}
      />
      {description ? (
        <div className="procedo-Field-hint" id={hintId}>
          {description}
        </div>
      ) : null}
      {errorMessage ? (
        <div className="procedo-Field-error" id={errorId}>
          {errorMessage}
        </div>
      ) : null}
    </div>
  );
}
