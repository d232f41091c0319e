import type { PickListData } from '@procedo/client-api';
import { type FormEvent, useId, useState } from 'react';
import {
  Button,
  Checkbox,
  CheckboxGroup,
  FieldError,
  Form,
  Label,
  Radio,
  RadioGroup,
  Text,
} from 'react-aria-components';
import { ProcessDialog } from '../components/ProcessDialog';
import { PROCESS_LABELS } from '../labels';

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

function ItemText({ text, description }: { text: string; description: string | null }) {
  return (
    <span className="procedo-PickList-itemText">
      <span>{text}</span>
      {description && (
        <Text slot="description" className="procedo-PickList-description">
          {description}
        </Text>
      )}
    </span>
  );
}

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
  const [single, setSingle] = useState<string | null>(data.Selected[0] ?? null);
  const [multi, setMulti] = useState<string[]>(data.Selected);
  const [showEmpty, setShowEmpty] = useState(false);
  const errorId = useId();
  const label =
    data.Prompt ?? (data.IsMulti ? PROCESS_LABELS.pickListMultiHint : PROCESS_LABELS.pickListSingleHint);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (data.IsMulti ? multi.length === 0 : !single) {
      setShowEmpty(true);
      return;
    }
    onSubmit(data.IsMulti ? multi : (single as string));
  };

  const emptyText = data.IsMulti ? PROCESS_LABELS.chooseItems : PROCESS_LABELS.chooseItem;
  return (
    <ProcessDialog
      title={data.StepName}
      className="procedo-PickListScreen"
      onDismiss={onCancel}
      {...(errorMessage ? { 'aria-describedby': errorId } : {})}
    >
      <Form className="procedo-Dialog-body procedo-PickList-form" onSubmit={submit}>
        {data.IsMulti ? (
          <CheckboxGroup
            className="procedo-PickList"
            data-multi="true"
            value={multi}
            onChange={(value) => {
              setMulti(value);
              setShowEmpty(false);
            }}
            isInvalid={showEmpty}
            isDisabled={isSubmitting}
          >
            <Label className="procedo-Field-label">{label}</Label>
            {data.Items.map((item) => (
              <Checkbox key={item.Id} value={item.Id} className="procedo-PickList-item">
                {({ isSelected }) => (
                  <>
                    <span className="procedo-PickList-box" aria-hidden="true">
                      {isSelected ? '☑' : '☐'}
                    </span>
                    <ItemText text={item.Text} description={item.Description} />
                  </>
                )}
              </Checkbox>
            ))}
            <FieldError className="procedo-Field-error">{emptyText}</FieldError>
          </CheckboxGroup>
        ) : (
          <RadioGroup
            className="procedo-PickList"
            data-multi="false"
            value={single}
            onChange={(value) => {
              setSingle(value);
              setShowEmpty(false);
            }}
            isInvalid={showEmpty}
            isDisabled={isSubmitting}
          >
            <Label className="procedo-Field-label">{label}</Label>
            {data.Items.map((item) => (
              <Radio key={item.Id} value={item.Id} className="procedo-PickList-item">
                {({ isSelected }) => (
                  <>
                    <span className="procedo-PickList-box" aria-hidden="true">
                      {isSelected ? '◉' : '○'}
                    </span>
                    <ItemText text={item.Text} description={item.Description} />
                  </>
                )}
              </Radio>
            ))}
            <FieldError className="procedo-Field-error">{emptyText}</FieldError>
          </RadioGroup>
        )}
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
      </Form>
    </ProcessDialog>
  );
}
