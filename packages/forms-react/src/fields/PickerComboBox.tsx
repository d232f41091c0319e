import type { PickerValue } from '@procedo/client-api';
import {
  type CSSProperties,
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
import type { PickerFieldProps } from './PickerField';
import { RequiredMark } from './RequiredMark';
import { PICKER_SEARCH_DELAY_MS, usePickerSearch } from './usePickerSearch';

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

/** Props of {@link PickerComboBox}: the field's, and what the stand-in hands over. */
export interface PickerComboBoxProps extends PickerFieldProps {
  /** The text of the stand-in when it handed over (what was typed into it is kept). */
  initialText: string;
  /** The stand-in's selection when it handed over (a caret when both are equal). */
  initialSelectionStart: number;
  initialSelectionEnd: number;
  /** Whether to take the focus at mount; the stand-in sets it, and the mount clears it. */
  focusOnMount: RefObject<boolean>;
}

/**
 * The picker once used: react-aria-components' `ComboBox` with its list (see {@link PickerField}
 * for the rules). A module of its own that `PickerField` loads with `import()` the first time
 * any picker is focused, so a form whose pickers are not used goes without it.
 */
export function PickerComboBox({
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
  initialSelectionStart,
  initialSelectionEnd,
  focusOnMount,
}: PickerComboBoxProps) {
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
    input.setSelectionRange(initialSelectionStart, initialSelectionEnd);
  }, [focusOnMount, initialSelectionStart, initialSelectionEnd]);

  // What was typed into the stand-in counts as typing here.
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
          ? (searcher.message ?? labels.searchFailed)
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
