import { type ReactNode, useId } from 'react';
import type { DraftProblem } from './draft-problems';

/** A problem message under a field, and the props that tie it to the field. */
export function useProblem(message: string | undefined) {
  const id = useId();
  return {
    inputProps: message
      ? { 'aria-invalid': true as const, 'aria-describedby': id }
      : { 'aria-invalid': undefined, 'aria-describedby': undefined },
    node: message ? (
      <span id={id} className="procedo-Designer-error">
        {message}
      </span>
    ) : null,
  };
}

interface FieldProps {
  label: string;
  problem?: string | undefined;
  isDisabled?: boolean | undefined;
}

/** A text property; an empty text is `undefined` (the property removed) when `optional`. */
export function TextProp(
  props: FieldProps & {
    value: unknown;
    onChange: (value: string | undefined) => void;
    optional?: boolean;
    multiline?: boolean;
  },
) {
  const id = useId();
  const problem = useProblem(props.problem);
  const value = props.value === undefined || props.value === null ? '' : String(props.value);
  const change = (text: string) => props.onChange(props.optional && text === '' ? undefined : text);
  return (
    <div className="procedo-Designer-field">
      <label htmlFor={id}>{props.label}</label>
      {props.multiline ? (
        <textarea
          id={id}
          value={value}
          rows={3}
          disabled={props.isDisabled}
          onChange={(event) => change(event.target.value)}
          {...problem.inputProps}
        />
      ) : (
        <input
          id={id}
          value={value}
          disabled={props.isDisabled}
          onChange={(event) => change(event.target.value)}
          {...problem.inputProps}
        />
      )}
      {problem.node}
    </div>
  );
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A number property. What cannot be read as a number is kept as typed (the schema then reports
 * it at the field), so no keystroke is lost; empty removes the property.
 */
export function NumberProp(
  props: FieldProps & { value: unknown; onChange: (value: number | string | undefined) => void },
) {
  const id = useId();
  const problem = useProblem(props.problem);
  const value = props.value === undefined || props.value === null ? '' : String(props.value);
  return (
    <div className="procedo-Designer-field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        inputMode="decimal"
        value={value}
        disabled={props.isDisabled}
        onChange={(event) => {
          const text = event.target.value.trim();
          props.onChange(text === '' ? undefined : NUMBER.test(text) ? Number(text) : event.target.value);
        }}
        {...problem.inputProps}
      />
      {problem.node}
    </div>
  );
}

/** A yes/no property; unchecked removes it (every flag's default is false). */
export function FlagProp(
  props: FieldProps & { value: unknown; onChange: (value: true | undefined) => void },
) {
  const problem = useProblem(props.problem);
  return (
    <div className="procedo-Designer-field procedo-Designer-flag">
      <label>
        <input
          type="checkbox"
          checked={props.value === true}
          disabled={props.isDisabled}
          onChange={(event) => props.onChange(event.target.checked ? true : undefined)}
          {...problem.inputProps}
        />
        {props.label}
      </label>
      {problem.node}
    </div>
  );
}

/** A choice among fixed values; `noneLabel` offers removing the property. */
export function ChoiceProp(
  props: FieldProps & {
    value: unknown;
    choices: readonly { value: string; label: string }[];
    onChange: (value: string | undefined) => void;
    noneLabel?: string;
  },
) {
  const id = useId();
  const problem = useProblem(props.problem);
  const current = typeof props.value === 'string' ? props.value : '';
  const choices =
    current && !props.choices.some((choice) => choice.value === current)
      ? [...props.choices, { value: current, label: current }]
      : props.choices;
  return (
    <div className="procedo-Designer-field">
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        value={current}
        disabled={props.isDisabled}
        onChange={(event) => props.onChange(event.target.value === '' ? undefined : event.target.value)}
        {...problem.inputProps}
      >
        {props.noneLabel !== undefined && <option value="">{props.noneLabel}</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {problem.node}
    </div>
  );
}

/** A group of fields with a legend (options, columns, depends-on). */
export function PropGroup(props: { legend: string; problem?: string | undefined; children: ReactNode }) {
  const problem = useProblem(props.problem);
  return (
    <fieldset className="procedo-Designer-group" {...problem.inputProps}>
      <legend>{props.legend}</legend>
      {props.children}
      {problem.node}
    </fieldset>
  );
}

/**
 * The problems of one row (`id`, null for the form's or command's own) by field: `prop(key)`
 * gives a field's messages and marks it shown; `rest()` is what no field showed.
 */
export function fieldProblems(problems: readonly DraftProblem[], id: string | null) {
  const mine = problems.filter((problem) => problem.id === id);
  const shown = new Set<string>();
  const at = (...path: (string | number)[]) =>
    mine
      .filter((problem) => path.every((part, i) => problem.path[i] === part))
      .map((problem) => problem.message)
      .join(' ') || undefined;
  return {
    mine,
    at,
    shown,
    prop: (key: string) => {
      shown.add(key);
      return at(key);
    },
    rest: () => mine.filter((problem) => typeof problem.path[0] !== 'string' || !shown.has(problem.path[0])),
  };
}

/** Problems of no field shown (e.g. the form's Elements, a server issue elsewhere). */
export function OtherProblems(props: { problems: readonly DraftProblem[] }) {
  if (props.problems.length === 0) return null;
  return (
    <ul className="procedo-Designer-error">
      {props.problems.map((problem, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: problems have no identity of their own
        <li key={i}>
          {problem.path.length > 0 ? `${problem.path.join('.')}: ${problem.message}` : problem.message}
        </li>
      ))}
    </ul>
  );
}
