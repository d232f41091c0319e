import { localTimeZone } from '@procedo/client-api';
import { type FormEvent, useId, useState } from 'react';
import { Button, FieldError, Input, Label, Text, TextField } from 'react-aria-components';
import { useFormsTexts } from '../i18n/texts';
import { ChoiceButton, ChoiceGroup } from './ChoiceGroup';
import type { TimeTravelLabels } from './labels';
import {
  describeTimepoint,
  readTimepointEntry,
  type TimepointEntry,
  type TimeTravelState,
  travelTo,
} from './time-travel';

type Choice = 'current' | 'at' | 'previous';

/** What {@link TimeTravelToggle} reports: the new state, and for a typed time how it was read. */
export interface TimeTravelChangeEvent extends TimeTravelState {
  /** The typed local time behind `timepoint` (the "data at a time" choice), else `undefined`. */
  entry?: Extract<TimepointEntry, { kind: 'valid' }>;
}

/** Props of {@link TimeTravelToggle}. */
export interface TimeTravelToggleProps extends TimeTravelState {
  /** Called with the state to move to (the host puts it in its address, e.g. with `writeTimeTravelQuery`). */
  onChange: (event: TimeTravelChangeEvent) => void;
  /** The IANA time zone typed times are read in. @default the browser's */
  timeZone?: string;
  /** Texts to override. @default TIME_TRAVEL_LABELS */
  labels?: Partial<TimeTravelLabels>;
  /** Makes the whole toggle unavailable (e.g. while the page has unsaved changes). @default false */
  isDisabled?: boolean;
}

interface Note {
  timepoint: string;
  text: string;
}

/**
 * The time-travel toggle (spec §2): the current data, the data at a time typed in local time
 * (`yyyy-MM-dd HH:mm`, read as UTC by `localTimepointToUtc`; a time skipped or repeated by a
 * daylight-saving change is said, with the instant taken), or the previous timepoint. A
 * radio group of buttons (arrow keys move, Enter or Space choose) and a text
 * field whose error keeps the text. Styled by `procedo-TimeTravelToggle` and `data-choice`.
 *
 * @example
 * <TimeTravelToggle timepoint={q.timepoint} previousTimepoint={q.previousTimepoint}
 *   onChange={(state) => setParams(writeTimeTravelQuery(params, state))} />
 */
export function TimeTravelToggle({
  timepoint,
  previousTimepoint,
  onChange,
  timeZone: givenZone,
  labels: overrides,
  isDisabled = false,
}: TimeTravelToggleProps) {
  const L = { ...useFormsTexts().timeTravel, ...overrides };
  const timeZone = givenZone ?? localTimeZone();
  const [isTyping, setTyping] = useState(false);
  const [text, setText] = useState(() =>
    timepoint === null ? '' : (describeTimepoint(timepoint, { timeZone })?.local ?? ''),
  );
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<Note | null>(null);
  // A timepoint set from outside (a link, the browser's back button) shows in the field too.
  const [shownTimepoint, setShownTimepoint] = useState(timepoint);
  if (shownTimepoint !== timepoint) {
    setShownTimepoint(timepoint);
    if (timepoint !== null && error === null)
      setText(describeTimepoint(timepoint, { timeZone })?.local ?? '');
  }
  const hintId = useId();
  const choice: Choice = isTyping || timepoint !== null ? 'at' : 'current';
  const state = { timepoint, previousTimepoint };

  const choose = (key: Choice) => {
    if (key === 'current') {
      setTyping(false);
      setError(null);
      if (timepoint !== null) onChange(travelTo(state, null));
    } else if (key === 'previous' && previousTimepoint !== null) {
      setTyping(false);
      setError(null);
      setText(describeTimepoint(previousTimepoint, { timeZone })?.local ?? '');
      onChange(travelTo(state, previousTimepoint));
    } else if (key === 'at') {
      setTyping(true);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const entry = readTimepointEntry(text, timeZone);
    if (entry.kind === 'malformed') {
      setError(L.malformed(text.trim()));
      return;
    }
    setError(null);
    setTyping(false);
    if (entry.resolution === 'exact') setNote(null);
    else {
      const local = describeTimepoint(entry.timepoint, { timeZone })?.local ?? entry.typed;
      setNote({
        timepoint: entry.timepoint,
        text: L.resolution({
          resolution: entry.resolution,
          typed: entry.typed,
          timeZone,
          local,
          utc: entry.timepoint,
        }),
      });
    }
    onChange({ ...travelTo(state, entry.timepoint), entry });
  };

  return (
    <div className="procedo-TimeTravelToggle" data-choice={choice} data-disabled={isDisabled || undefined}>
      <ChoiceGroup className="procedo-TimeTravelToggle-choices" aria-label={L.toggle} isDisabled={isDisabled}>
        <ChoiceButton
          className="procedo-TimeTravelToggle-choice"
          isSelected={choice === 'current'}
          isDisabled={isDisabled}
          onSelect={() => choose('current')}
        >
          {L.current}
        </ChoiceButton>
        <ChoiceButton
          className="procedo-TimeTravelToggle-choice"
          isSelected={choice === 'at'}
          isDisabled={isDisabled}
          onSelect={() => choose('at')}
        >
          {L.atTime}
        </ChoiceButton>
        <ChoiceButton
          className="procedo-TimeTravelToggle-choice"
          isSelected={false}
          isDisabled={isDisabled || previousTimepoint === null}
          onSelect={() => choose('previous')}
          aria-describedby={hintId}
        >
          {L.previous}
        </ChoiceButton>
      </ChoiceGroup>
      <span id={hintId} className="procedo-TimeTravelToggle-previous">
        {previousTimepoint === null ? L.previousNone : L.previousIs(previousTimepoint)}
      </span>
      {choice === 'at' ? (
        <form className="procedo-TimeTravelToggle-entry" onSubmit={submit} aria-label={L.atTime}>
          <TextField
            className="procedo-TextField procedo-TimeTravelToggle-field"
            value={text}
            onChange={(value) => {
              setText(value);
              if (error !== null) setError(null);
            }}
            isInvalid={error !== null}
            isDisabled={isDisabled}
            validationBehavior="aria"
          >
            <Label>{L.timeField}</Label>
            <Input className="procedo-Input" placeholder="yyyy-MM-dd HH:mm" autoComplete="off" />
            <Text slot="description">{L.timeFieldHint(timeZone)}</Text>
            <FieldError className="procedo-FieldError">{error}</FieldError>
          </TextField>
          <Button type="submit" className="procedo-Button" isDisabled={isDisabled}>
            {L.show}
          </Button>
        </form>
      ) : null}
      {note !== null && note.timepoint === timepoint ? (
        <p className="procedo-TimeTravelToggle-note" role="status" data-resolution>
          {note.text}
        </p>
      ) : null}
    </div>
  );
}
