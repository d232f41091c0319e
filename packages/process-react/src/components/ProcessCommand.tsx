import type { CreatableCommand, Process } from '@procedo/client-api';
import { useMessages } from '@procedo/forms-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button, Label, ListBox, ListBoxItem } from 'react-aria-components';
import { processErrorText } from '../errors';
import { useProcessRunner } from '../hooks/useProcessRunner';
import { useProcessTexts } from '../i18n/texts';

/** Props of {@link ProcessCommand}. */
export interface ProcessCommandProps {
  /**
   * The commands to choose from.
   * @default loaded with `api.creatableCommands('Name')`
   */
  commands?: readonly CreatableCommand[];
  /** The command chosen at first. @default none */
  defaultCommandId?: number;
  /** Called with the created process. */
  onCreated?: (event: { process: Process }) => void;
  /**
   * The label of the command list.
   * @default 'Process command'
   */
  label?: string;
}

/**
 * The process command of spec §4: choose a command creatable as a process, set its 'open flow' and
 * 'start' options (defaults from the command), and create. Creating without a choice shows 'A
 * command needs to be selected'; the rest — the name prompt, the mode, opening the flow page or
 * running the first step, errors — is `useProcessRunner().startProcess`.
 */
export function ProcessCommand({
  commands: givenCommands,
  defaultCommandId,
  onCreated,
  label: labelProp,
}: ProcessCommandProps) {
  const PROCESS_LABELS = useProcessTexts().process;
  const messages = useMessages();
  const label = labelProp ?? PROCESS_LABELS.command;
  const runner = useProcessRunner();
  const [loaded, setLoaded] = useState<readonly CreatableCommand[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(defaultCommandId ?? null);
  const [openFlow, setOpenFlow] = useState(false);
  const [start, setStart] = useState(false);
  const [showMissing, setShowMissing] = useState(false);
  const labelId = useId();
  const errorId = useId();
  const readOnlyId = useId();
  const readOnly = runner.readOnlyReason !== null;
  const commands = givenCommands ?? loaded;
  const { api } = runner;

  useEffect(() => {
    if (givenCommands) return;
    let isCurrent = true;
    api.creatableCommands('Name').then(
      (answer) => {
        if (isCurrent) setLoaded(answer);
      },
      (error: unknown) => {
        if (isCurrent) setLoadError(processErrorText(error));
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [api, givenCommands]);

  const selected = commands?.find((command) => command.Id === selectedId) ?? null;
  // The options follow the chosen command's defaults.
  useEffect(() => {
    if (!selected) return;
    setOpenFlow(selected.OpenFlow);
    setStart(selected.Start);
  }, [selected]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (readOnly) return;
    if (!selected) {
      setShowMissing(true);
      return;
    }
    const process = await runner.startProcess(selected, { openFlow, start });
    if (process) onCreated?.({ process });
  };

  return (
    <form className="procedo-ProcessCommand" onSubmit={submit}>
      <Label id={labelId} className="procedo-Field-label">
        {label}
      </Label>
      {loadError && (
        <p className="procedo-Field-error" role="alert">
          {loadError}
        </p>
      )}
      {commands === null && !loadError && <p role="status">{PROCESS_LABELS.loading}</p>}
      {commands && (
        <ListBox
          className="procedo-ProcessCommand-list"
          aria-labelledby={labelId}
          aria-describedby={showMissing ? errorId : undefined}
          selectionMode="single"
          selectedKeys={selectedId === null ? [] : [selectedId]}
          onSelectionChange={(keys) => {
            const [key] = keys === 'all' ? [] : [...keys];
            setSelectedId(key === undefined ? null : Number(key));
            setShowMissing(false);
          }}
          items={commands}
          renderEmptyState={() => PROCESS_LABELS.noCommands}
        >
          {(command) => (
            // The option's name is its whole visible text (axe: label-content-name-mismatch), so the
            // description shows below the list for the chosen command instead of inside each option.
            <ListBoxItem id={command.Id} textValue={command.Name} className="procedo-ProcessCommand-item">
              {command.Name}
            </ListBoxItem>
          )}
        </ListBox>
      )}
      {selected?.Description ? (
        <p className="procedo-Field-hint procedo-ProcessCommand-description">{selected.Description}</p>
      ) : null}
      {showMissing && (
        <p id={errorId} className="procedo-Field-error" role="alert">
          {messages.commandNotSelected}
        </p>
      )}
      {/* Native check boxes, as forms-react's check-box field. */}
      <label className="procedo-Field-checkbox">
        <input
          className="procedo-Field-input"
          type="checkbox"
          checked={openFlow}
          onChange={(event) => setOpenFlow(event.target.checked)}
        />
        {PROCESS_LABELS.openFlow}
      </label>
      <label className="procedo-Field-checkbox">
        <input
          className="procedo-Field-input"
          type="checkbox"
          checked={start}
          onChange={(event) => setStart(event.target.checked)}
        />
        {PROCESS_LABELS.start}
      </label>
      {readOnly && (
        <p id={readOnlyId} className="procedo-Field-hint procedo-ProcessCommand-readOnly">
          {runner.readOnlyReason}
        </p>
      )}
      <div className="procedo-Dialog-actions">
        <Button
          className="procedo-Button"
          data-variant="primary"
          type="submit"
          isDisabled={runner.busy || readOnly}
          // Off while a timepoint is viewed; the reason shown above describes the button.
          {...(readOnly
            ? {
                'aria-describedby': readOnlyId,
                'data-read-only': true,
              }
            : {})}
        >
          {runner.busy ? PROCESS_LABELS.creating : PROCESS_LABELS.create}
        </Button>
      </div>
    </form>
  );
}
