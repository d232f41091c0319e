import type { PickListData } from '@procedo/client-api';
import { ShellDialog } from '@procedo/forms-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from 'react-aria-components';
import { useProcessTexts } from '../i18n/texts';

/** Props of {@link PickListScreen}. */
export interface PickListScreenProps {
  /** The rows and what is chosen already (`pick-list/data`); `IsMulti` picks the widget. */
  data: PickListData;
  /** Called with the chosen id (single) or ids (multi); never with an empty choice. */
  onSubmit: (selected: string | string[]) => void;
  /** Called on Cancel or Escape: the step stays where it is. */
  onCancel: () => void;
  /** Whether the choice is being sent (the buttons are disabled). @default false */
  isSubmitting?: boolean;
  /** A server error to show above the buttons. */
  errorMessage?: string | null;
}

// Native radio buttons and check boxes in a fieldset, as forms-react's check-box field: the
// browser gives the group its name (legend), arrow keys between radios, Space to toggle and
// disabling; RAC's RadioGroup / CheckboxGroup added ~4 KB min+gzip for nothing more here.
/**
 * The pick-list step screen (spec §3 Pick-list post): one choice as a radio group, several as a
 * check-box group, in a modal dialog titled with the step name. Submitting nothing shows 'Choose an
 * item' / 'Choose at least one item' instead of posting.
 */
export function PickListScreen({
  data,
  onSubmit,
  onCancel,
  isSubmitting = false,
  errorMessage,
}: PickListScreenProps) {
  const PROCESS_LABELS = useProcessTexts().process;
  const [chosen, setChosen] = useState<readonly string[]>(
    data.IsMulti ? data.Selected : data.Selected.slice(0, 1),
  );
  const [showEmpty, setShowEmpty] = useState(false);
  const id = useId();
  const legendId = `${id}-legend`;
  const emptyId = `${id}-empty`;
  const errorId = `${id}-error`;
  const label =
    data.Prompt ?? (data.IsMulti ? PROCESS_LABELS.pickListMultiHint : PROCESS_LABELS.pickListSingleHint);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (chosen.length === 0) {
      setShowEmpty(true);
      return;
    }
    onSubmit(data.IsMulti ? [...chosen] : (chosen[0] as string));
  };

  const choose = (itemId: string, isChecked: boolean) => {
    setChosen((previous) => {
      if (!data.IsMulti) return [itemId];
      // In the order of the list, as the check-box group gave them.
      const next = new Set(previous);
      if (isChecked) next.add(itemId);
      else next.delete(itemId);
      return data.Items.map((item) => item.Id).filter((itemId) => next.has(itemId));
    });
    setShowEmpty(false);
  };

  const emptyText = data.IsMulti ? PROCESS_LABELS.chooseItems : PROCESS_LABELS.chooseItem;
  return (
    <ShellDialog
      title={data.StepName}
      className="procedo-PickListScreen"
      onDismiss={onCancel}
      {...(errorMessage ? { 'aria-describedby': errorId } : {})}
    >
      <form className="procedo-Dialog-body procedo-PickList-form" onSubmit={submit}>
        <fieldset
          className="procedo-PickList"
          data-multi={data.IsMulti ? 'true' : 'false'}
          data-invalid={showEmpty || undefined}
          // A radio group is announced as one (a fieldset alone is a plain group).
          role={data.IsMulti ? undefined : 'radiogroup'}
          aria-labelledby={legendId}
          aria-describedby={showEmpty ? emptyId : undefined}
          disabled={isSubmitting}
        >
          <legend id={legendId} className="procedo-Field-label">
            {label}
          </legend>
          {data.Items.map((item) => {
            const isSelected = chosen.includes(item.Id);
            return (
              <label key={item.Id} className="procedo-PickList-item" data-selected={isSelected || undefined}>
                <input
                  type={data.IsMulti ? 'checkbox' : 'radio'}
                  name={id}
                  value={item.Id}
                  checked={isSelected}
                  onChange={(event) => choose(item.Id, event.target.checked)}
                />
                <span className="procedo-PickList-itemText">
                  <span>{item.Text}</span>
                  {item.Description && (
                    <span className="procedo-PickList-description">{item.Description}</span>
                  )}
                </span>
              </label>
            );
          })}
          {showEmpty && (
            <p id={emptyId} className="procedo-Field-error">
              {emptyText}
            </p>
          )}
        </fieldset>
        {errorMessage && (
          <p id={errorId} className="procedo-Field-error" role="alert">
            {errorMessage}
          </p>
        )}
        <div className="procedo-Dialog-actions">
          <Button className="procedo-Button" data-variant="primary" type="submit" isDisabled={isSubmitting}>
            {PROCESS_LABELS.submit}
          </Button>
          <Button className="procedo-Button" onPress={onCancel} isDisabled={isSubmitting}>
            {PROCESS_LABELS.cancel}
          </Button>
        </div>
      </form>
    </ShellDialog>
  );
}
