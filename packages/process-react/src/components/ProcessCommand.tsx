import type { CreatableCommand, Process } from '@procedo/client-api';
import { useMessages } from '@procedo/forms-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from 'react-aria-components';
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
   * The label of the command choice (its group's legend).
   * @default 'Process command'
   */
  label?: string;
}

// The command choice is native radio buttons in a fieldset, as the pick-list screen's: the
// browser gives the group its name (legend), arrow keys between the commands and one Tab stop;
// RAC's ListBox brought react-aria's collection and selection code for a single choice.
/**
 * The process command of spec §4: choose a command creatable as a process (a radio group), set
 * its 'open flow' and 'start' options (defaults from the command), and create. Creating without a
 * choice shows 'A command needs to be selected'; the rest — the name prompt, the mode, opening the
 * flow page or running the first step, errors — is `useProcessRunner().startProcess`.
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
  const id = useId();
  const legendId = `${id}-legend`;
  const radioName = `${id}-command`;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const readOnlyId = `${id}-read-only`;
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
      <fieldset
        className="procedo-ProcessCommand-choice"
        // A radio group is announced as one (a fieldset alone is a plain group).
        role={commands && commands.length > 0 ? 'radiogroup' : undefined}
        aria-labelledby={legendId}
        aria-describedby={showMissing ? errorId : undefined}
      >
        <legend id={legendId} className="procedo-Field-label">
          {label}
        </legend>
        {loadError && (
          <p className="procedo-Field-error" role="alert">
            {loadError}
          </p>
        )}
        {commands === null && !loadError && <p role="status">{PROCESS_LABELS.loading}</p>}
        {commands?.length === 0 && (
          <p className="procedo-Field-hint procedo-ProcessCommand-empty">{PROCESS_LABELS.noCommands}</p>
        )}
        {commands && commands.length > 0 && (
          <div className="procedo-ProcessCommand-list">
            {commands.map((command) => {
              const isSelected = command.Id === selectedId;
              return (
                // The radio's name is its whole visible text (axe: label-content-name-mismatch), so the
                // description shows below the list for the chosen command instead of inside each item;
                // the chosen radio is described by it.
                <label key={command.Id} className="procedo-ProcessCommand-item">
                  <input
                    type="radio"
                    name={radioName}
                    value={command.Id}
                    checked={isSelected}
                    aria-describedby={isSelected && command.Description ? descriptionId : undefined}
                    onChange={() => {
                      setSelectedId(command.Id);
                      setShowMissing(false);
                    }}
                  />
                  {command.Name}
                </label>
              );
            })}
          </div>
        )}
      </fieldset>
      {selected?.Description ? (
        <p id={descriptionId} className="procedo-Field-hint procedo-ProcessCommand-description">
          {selected.Description}
        </p>
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
