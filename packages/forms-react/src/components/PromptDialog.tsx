import { type FormEvent, useId, useState } from 'react';
import { Button } from 'react-aria-components';
import { useFormsTexts } from '../i18n/texts';
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
  const SHELL_LABELS = useFormsTexts().shell;
  // Mounted only while the dialog is open, so every opening starts from the default value.
  const [value, setValue] = useState(props.defaultValue);
  const inputId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    props.onSubmit(value);
  };
  return (
    <form className="procedo-PromptDialog-form" onSubmit={submit}>
      <div className="procedo-TextField procedo-Dialog-body">
        <label className="procedo-PromptDialog-message" htmlFor={inputId}>
          {props.message}
        </label>
        <input
          id={inputId}
          className="procedo-Input"
          type="text"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          // biome-ignore lint/a11y/noAutofocus: a prompt is answered in its text box, as the browser's is.
          autoFocus
          onFocus={(event) => event.currentTarget.select()}
        />
      </div>
      <div className="procedo-Dialog-actions">
        <Button className="procedo-Button" data-variant="primary" type="submit">
          {SHELL_LABELS.ok}
        </Button>
        <Button className="procedo-Button" onPress={props.onCancel}>
          {SHELL_LABELS.cancel}
        </Button>
      </div>
    </form>
  );
}

/** The modal prompt: a question, a text box, OK and Cancel (the browser's `prompt`, styled). */
export function PromptDialog({
  isOpen,
  title,
  message,
  defaultValue = '',
  onSubmit,
  onCancel,
}: PromptDialogProps) {
  const SHELL_LABELS = useFormsTexts().shell;
  return (
    <ShellDialog
      isOpen={isOpen}
      title={title ?? SHELL_LABELS.promptTitle}
      role="dialog"
      className="procedo-PromptDialog"
      onDismiss={onCancel}
    >
      <PromptForm defaultValue={defaultValue} message={message} onSubmit={onSubmit} onCancel={onCancel} />
    </ShellDialog>
  );
}
