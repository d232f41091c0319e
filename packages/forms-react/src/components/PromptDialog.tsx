import { type FormEvent, useState } from 'react';
import { Button, Form, Input, Label, TextField } from 'react-aria-components';
import { SHELL_LABELS } from '../state/labels';
import { ShellDialog } from './ShellDialog';

/** Props of {@link PromptDialog}. */
export interface PromptDialogProps {
  /** Whether the dialog is on screen. */
  isOpen: boolean;
  /**
   * The text of the title bar.
   * @default 'Prompt'
   */
  title?: string;
  /** The question; it labels the text box. */
  message: string;
  /**
   * The text the box holds when the dialog opens (selected, so typing replaces it).
   * @default ''
   */
  defaultValue?: string;
  /** Called with the text when the user presses OK or Enter. */
  onSubmit: (value: string) => void;
  /** Called when the user presses Cancel or Escape. */
  onCancel: () => void;
}

function PromptForm(props: {
  defaultValue: string;
  message: string;
  onSubmit: (value: string) => void;
  onCancel: () => void;
}) {
  // Mounted only while the dialog is open, so every opening starts from the default value.
  const [value, setValue] = useState(props.defaultValue);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    props.onSubmit(value);
  };
  return (
    <Form className="procedo-PromptDialog-form" onSubmit={submit}>
      <TextField className="procedo-TextField procedo-Dialog-body" value={value} onChange={setValue}>
        <Label className="procedo-PromptDialog-message">{props.message}</Label>
        <Input className="procedo-Input" autoFocus onFocus={(event) => event.currentTarget.select()} />
      </TextField>
      <div className="procedo-Dialog-actions">
        <Button className="procedo-Button" data-variant="primary" type="submit">
          {SHELL_LABELS.ok}
        </Button>
        <Button className="procedo-Button" onPress={props.onCancel}>
          {SHELL_LABELS.cancel}
        </Button>
      </div>
    </Form>
  );
}

/** The modal prompt: a question, a text box, OK and Cancel (the browser's `prompt`, styled). */
export function PromptDialog({
  isOpen,
  title = SHELL_LABELS.promptTitle,
  message,
  defaultValue = '',
  onSubmit,
  onCancel,
}: PromptDialogProps) {
  return (
    <ShellDialog
      isOpen={isOpen}
      title={title}
      role="dialog"
      className="procedo-PromptDialog"
      onDismiss={onCancel}
    >
      <PromptForm defaultValue={defaultValue} message={message} onSubmit={onSubmit} onCancel={onCancel} />
    </ShellDialog>
  );
}
