import { type FocusEvent, type KeyboardEvent, type ReactNode, useRef } from 'react';
import { mergeProps, useButton, useFocusRing, useHover, useLocale } from 'react-aria';

// The time-travel toggle's three choices: what react-aria-components' single-selection
// `ToggleButtonGroup` renders (a `radiogroup` of `radio` buttons, toolbar keys: arrows move focus,
// Enter or Space choose, Tab leaves the group and coming back returns to the last choice focused),
// made of the react-aria hooks every Procedo button already ships. RAC's group brought its toolbar,
// toggle and selection state (≈ 5 KB minified) for three buttons with one choice.

/** Props of {@link ChoiceGroup}. */
export interface ChoiceGroupProps {
  'aria-label': string;
  className?: string;
  /** Marks the group unavailable (its buttons are disabled by their own `isDisabled`). */
  isDisabled?: boolean;
  children: ReactNode;
}

const CHOICES = 'button:not(:disabled)';

/** A horizontal `radiogroup` of {@link ChoiceButton} buttons with the keys of a toolbar. */
export function ChoiceGroup({ 'aria-label': label, className, isDisabled, children }: ChoiceGroupProps) {
  const ref = useRef<HTMLDivElement>(null);
  const lastFocused = useRef<HTMLElement | null>(null);
  const { direction } = useLocale();

  const focusChoice = (step: 1 | -1 | 'first' | 'last') => {
    const buttons = [...(ref.current?.querySelectorAll<HTMLElement>(CHOICES) ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLElement);
    // From outside the group the arrows start at its first or last choice, as RAC's toolbar does.
    const target =
      step === 'first' || (step === 1 && at < 0)
        ? buttons[0]
        : step === 'last' || at < 0
          ? buttons.at(-1)
          : buttons[at + step];
    target?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const forward = direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const back = direction === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === forward) focusChoice(1);
    else if (event.key === back) focusChoice(-1);
    else {
      if (event.key === 'Tab') {
        // Leave the whole group: from its first or last button the browser's Tab goes on from there.
        lastFocused.current = document.activeElement as HTMLElement | null;
        focusChoice(event.shiftKey ? 'first' : 'last');
      }
      return;
    }
    event.stopPropagation();
    event.preventDefault();
  };
  const isOutside = (event: FocusEvent) => !event.currentTarget.contains(event.relatedTarget as Node | null);
  // Coming back into the group focuses the choice focused last.
  const onFocus = (event: FocusEvent) => {
    if (lastFocused.current && isOutside(event) && ref.current?.contains(event.target)) {
      lastFocused.current.focus();
      lastFocused.current = null;
    }
  };
  const onBlur = (event: FocusEvent) => {
    if (isOutside(event) && !lastFocused.current) lastFocused.current = event.target as HTMLElement;
  };

  return (
    <div
      ref={ref}
      role="radiogroup"
      aria-label={label}
      aria-orientation="horizontal"
      aria-disabled={isDisabled || undefined}
      className={className}
      onKeyDownCapture={onKeyDown}
      onFocusCapture={onFocus}
      onBlurCapture={onBlur}
    >
      {children}
    </div>
  );
}

/** Props of {@link ChoiceButton}. */
export interface ChoiceButtonProps {
  isSelected: boolean;
  isDisabled?: boolean;
  /** Called when the choice is pressed while not selected (a selected choice stays selected). */
  onSelect(): void;
  className?: string;
  'aria-describedby'?: string;
  children: ReactNode;
}

/**
 * One `radio` button of a {@link ChoiceGroup}, with RAC's `ToggleButton` state attributes for
 * styling: `data-selected`, `data-disabled`, `data-pressed`, `data-hovered`, `data-focused`,
 * `data-focus-visible`.
 */
export function ChoiceButton({
  isSelected,
  isDisabled = false,
  onSelect,
  className,
  children,
  ...aria
}: ChoiceButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  const { buttonProps, isPressed } = useButton(
    {
      isDisabled,
      onPress: () => {
        if (!isSelected) onSelect();
      },
    },
    ref,
  );
  const { focusProps, isFocused, isFocusVisible } = useFocusRing();
  const { hoverProps, isHovered } = useHover({ isDisabled });
  return (
    // biome-ignore lint/a11y/useSemanticElements: a native radio is chosen by the arrow keys; here they only move focus and Enter or Space chooses (RAC's toggle group), since choosing may move the page in time.
    <button
      {...mergeProps(buttonProps, focusProps, hoverProps, aria)}
      ref={ref}
      role="radio"
      aria-checked={isSelected}
      className={className}
      data-selected={isSelected || undefined}
      data-disabled={isDisabled || undefined}
      data-pressed={isPressed || undefined}
      data-hovered={isHovered || undefined}
      data-focused={isFocused || undefined}
      data-focus-visible={isFocusVisible || undefined}
    >
      {children}
    </button>
  );
}
