import type { PickerValue } from '@procedo/client-api';
import {
  type ChangeEvent,
  type CSSProperties,
  type FocusEvent,
  type ReactNode,
  type RefObject,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import {
  ComboBox,
  ComboBoxStateContext,
  FieldError,
  Input,
  type Key,
  Label,
  ListBox,
  ListBoxItem,
  PopoverContext,
  Text,
  useSlottedContext,
} from 'react-aria-components';
import { useFormsTexts } from '../i18n/texts';
import type { FieldLabels } from './labels';
import { PICKER_SEARCH_DELAY_MS, type PickerSearch, usePickerSearch } from './usePickerSearch';

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
 * what was typed — so a form of many pickers costs no more than text inputs until used.
 *
 * Rules: a search runs `searchDelayMs` after the last keystroke when the text has at least
 * `minLength` characters, aborting the previous one; picking an item calls `onChange(item)`;
 * emptying the text of a non-mandatory picker calls `onChange(null)`; on leaving the field a
 * mandatory picker whose text matches no item restores the last valid text (the value is kept),
 * while a non-mandatory one clears its text and value. A text that equals exactly one listed
 * item's text (ignoring case) picks that item.
 *
 * Clearing the fields that depend on a picker when its value changes is the form renderer's job:
 * it sees every `onChange`.
 *
 * @example
 * <PickerField label="Supplier" value={supplier} onChange={setSupplier}
 *   search={(text, signal) => api.searchPicker('suppliers', { text }, { signal })} minLength={2} />
 */
export function PickerField(props: PickerFieldProps) {
  const [activation, setActivation] = useState<{ text: string; caret: number } | null>(null);
  // Set only by the placeholder, so a later remount (after a lock is lifted) does not steal focus.
  const focusOnMount = useRef(false);
  if (activation && !props.isLocked) {
    return (
      <PickerComboBox
        {...props}
        initialText={activation.text}
        initialCaret={activation.caret}
        focusOnMount={focusOnMount}
      />
    );
  }
  return (
    <PickerPlaceholder
      {...props}
      onActivate={(text, caret) => {
        focusOnMount.current = true;
        setActivation({ text, caret });
      }}
    />
  );
}

function RequiredMark({ isMandatory }: { isMandatory?: boolean }) {
  return isMandatory ? (
    <span className="procedo-Field-required" aria-hidden="true">
      {' *'}
    </span>
  ) : null;
}

/** The cheap stand-in: a labelled input with the picked text, swapped for the ComboBox on focus. */
function PickerPlaceholder({
  label,
  value,
  isMandatory,
  isLocked,
  errorMessage,
  description,
  name,
  onActivate,
}: PickerFieldProps & { onActivate(text: string, caret: number): void }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [description ? hintId : null, errorMessage ? errorId : null].filter(Boolean).join(' ');
  const text = value?.Text ?? '';
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
        value={text}
        readOnly={isLocked}
        aria-readonly={isLocked || undefined}
        aria-required={isMandatory || undefined}
        aria-invalid={errorMessage ? true : undefined}
        aria-describedby={describedBy || undefined}
        onFocus={
          isLocked
            ? undefined
            : (event: FocusEvent<HTMLInputElement>) => onActivate(text, event.target.value.length)
        }
        // A keystroke that lands before the swap is carried over to the ComboBox.
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          if (isLocked) return;
          const typed = event.target.value;
          onActivate(typed, event.target.selectionStart ?? typed.length);
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

/**
 * Opens the list when a search starts, ends or fails while the field has focus (the ComboBox's
 * `menuTrigger` is manual: react-aria would reopen it for any text that differs from the picked
 * item's, even right after Escape closed it, since the picked item is seldom in the results).
 */
function OpenOnSearch({ search }: { search: ReturnType<typeof usePickerSearch> }) {
  const state = useContext(ComboBoxStateContext);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs per search step, not per state change.
  useEffect(() => {
    if (search.status !== 'idle' && state?.isFocused && !state.isOpen) state.open(null, 'manual');
  }, [search.status, search.items]);
  return null;
}

/** Whether this browser can anchor a top-layer popup to the input (CSS anchor positioning). */
function canAnchorPopup(): boolean {
  return (
    typeof CSS !== 'undefined' &&
    typeof CSS.supports === 'function' &&
    CSS.supports('position-area', 'block-end')
  );
}

/**
 * The list's popup, in place of react-aria-components' `Popover`, whose JavaScript positioning is
 * the largest part of a picker's size. It is a `popover="manual"` element shown in the top layer
 * (so no dialog or scrolling panel clips it) and placed by CSS anchor positioning: under the
 * input, as wide as it at least, above it when there is no room below (styles.css). A browser
 * without anchor positioning gets it in the page, under the input. Rendered in the DOM inside the
 * field, so the ComboBox's outside-press, blur and `aria-hidden` rules treat it as its own, as they
 * do react-aria's popover (it takes the popover ref the ComboBox provides).
 */
function PickerPopup({ children }: { children: ReactNode }) {
  const state = useContext(ComboBoxStateContext);
  // react-aria first renders the children without a state, to collect the list's items.
  if (!state) return <>{children}</>;
  return state.isOpen ? <OpenPickerPopup>{children}</OpenPickerPopup> : null;
}

function OpenPickerPopup({ children }: { children: ReactNode }) {
  const popoverRef = useSlottedContext(PopoverContext)?.ref;
  const ref = useRef<HTMLDivElement>(null);
  const [isAnchored] = useState(canAnchorPopup);
  useLayoutEffect(() => {
    const popup = ref.current;
    if (!popup) return;
    const comboBoxRef = popoverRef && typeof popoverRef === 'object' ? popoverRef : null;
    if (comboBoxRef) comboBoxRef.current = popup;
    if (isAnchored) popup.showPopover();
    return () => {
      if (comboBoxRef) comboBoxRef.current = null;
    };
  }, [isAnchored, popoverRef]);
  return (
    <div
      ref={ref}
      className="procedo-PickerField-popup"
      popover={isAnchored ? 'manual' : undefined}
      data-anchored={isAnchored || undefined}
    >
      {children}
    </div>
  );
}

const sameText = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

function PickerComboBox({
  label,
  value,
  onChange,
  search,
  minLength = 1,
  isMandatory = false,
  errorMessage,
  description,
  name,
  searchDelayMs = PICKER_SEARCH_DELAY_MS,
  labels: labelOverrides,
  initialText,
  initialCaret,
  focusOnMount,
}: PickerFieldProps & { initialText: string; initialCaret: number; focusOnMount: RefObject<boolean> }) {
  const labels = { ...useFormsTexts().fields, ...labelOverrides };
  // A CSS name per picker for its popup's anchor (React's ids hold characters a CSS name cannot).
  const anchorName = `--procedo-picker-${useId().replace(/[^\w-]/g, '')}`;
  const [text, setTextState] = useState(initialText);
  const textRef = useRef(initialText);
  const setText = (next: string) => {
    textRef.current = next;
    setTextState(next);
  };
  const searcher = usePickerSearch(search, minLength, searchDelayMs);
  const inputRef = useRef<HTMLInputElement>(null);
  const validText = value?.Text ?? '';

  const applyTypedText = (next: string) => {
    setText(next);
    // spec §5: the value field is cleared when the text is emptied (a mandatory one keeps it).
    if (next === '' && !isMandatory && value) onChange(null);
    if (value && next === value.Text) searcher.reset();
    else searcher.request(next);
  };

  useLayoutEffect(() => {
    if (!focusOnMount.current) return;
    focusOnMount.current = false;
    const input = inputRef.current;
    if (!input) return;
    input.focus();
    input.setSelectionRange(initialCaret, initialCaret);
  }, [focusOnMount, initialCaret]);

  // A first keystroke typed into the placeholder counts as typing here.
  const initial = useRef({ text: initialText, validText });
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, for the text carried over at mount.
  useEffect(() => {
    if (initial.current.text !== initial.current.validText) applyTypedText(initial.current.text);
  }, []);

  // The value changed from outside (a pick, a dependent-field clear, a reload): show its text.
  const valueKey = value ? `${value.Id}\u0000${value.Text}` : '';
  const lastValueKey = useRef(valueKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the value's identity only.
  useEffect(() => {
    if (lastValueKey.current === valueKey) return;
    lastValueKey.current = valueKey;
    if (textRef.current !== validText) setText(validText);
  }, [valueKey]);

  const onSelectionChange = (key: Key | null) => {
    // react-aria also reports the current key when it commits on blur or Escape; only a pick of
    // another item is a change.
    if (key === null || key === value?.Id) return;
    const item = searcher.items.find((candidate) => candidate.Id === String(key));
    if (!item) return;
    searcher.reset();
    setText(item.Text);
    onChange(item);
  };

  const onBlur = () => {
    const current = textRef.current;
    if (current === validText) return;
    searcher.reset();
    if (current === '') {
      // Mandatory and emptied: spec §5 keeps the last valid value, so its text comes back.
      if (isMandatory) setText(validText);
      return;
    }
    const matches = searcher.items.filter((item) => sameText(item.Text, current));
    if (matches.length === 1) {
      const match = matches[0] as PickerValue;
      setText(match.Text);
      if (match.Id !== value?.Id || match.Text !== value.Text) onChange(match);
      return;
    }
    if (isMandatory) {
      // spec §5: a mandatory picker keeps its last valid value.
      setText(validText);
    } else {
      setText('');
      if (value) onChange(null);
    }
  };

  const statusText: ReactNode =
    searcher.status === 'searching'
      ? labels.searching
      : searcher.status === 'too-short'
        ? labels.typeMore(minLength)
        : searcher.status === 'failed'
          ? labels.searchFailed
          : null;

  return (
    <ComboBox<PickerValue>
      className="procedo-Field procedo-PickerField"
      style={{ '--procedo-picker-anchor': anchorName } as CSSProperties}
      name={name}
      inputValue={text}
      onInputChange={applyTypedText}
      selectedKey={value?.Id ?? null}
      onSelectionChange={onSelectionChange}
      items={searcher.items}
      menuTrigger="manual"
      allowsEmptyCollection
      isRequired={isMandatory}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      onBlur={onBlur}
    >
      <OpenOnSearch search={searcher} />
      <Label className="procedo-Field-label">
        {label}
        <RequiredMark isMandatory={isMandatory} />
      </Label>
      <Input
        ref={inputRef}
        className="procedo-Field-input"
        autoComplete="off"
        onKeyDown={(event) => {
          // Escape closes the list (react-aria) and puts back the picked text, as react-aria does
          // when it owns the text.
          if (event.key !== 'Escape' || textRef.current === validText) return;
          searcher.reset();
          setText(validText);
        }}
      />
      {description ? (
        <Text slot="description" className="procedo-Field-hint">
          {description}
        </Text>
      ) : null}
      <FieldError className="procedo-Field-error">{errorMessage}</FieldError>
      <PickerPopup>
        {searcher.items.length > 0 && (searcher.status === 'searching' || searcher.hasMore) ? (
          <div className="procedo-PickerField-status" role="status">
            {searcher.status === 'searching' ? labels.searching : labels.moreMatches}
          </div>
        ) : null}
        <ListBox<PickerValue>
          className="procedo-PickerField-list"
          aria-busy={searcher.status === 'searching' || undefined}
          renderEmptyState={() => (
            <div className="procedo-PickerField-empty" role="status">
              {statusText ?? labels.noMatches}
            </div>
          )}
        >
          {(item) => (
            <ListBoxItem id={item.Id} textValue={item.Text} className="procedo-PickerField-option">
              {item.Text}
            </ListBoxItem>
          )}
        </ListBox>
      </PickerPopup>
    </ComboBox>
  );
}
