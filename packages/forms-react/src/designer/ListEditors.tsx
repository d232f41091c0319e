import type { LeafElement } from '@procedo/client-api';
import { Button } from 'react-aria-components';
import type { DraftProblem } from './draft-problems';
import type { FormDesignerLabels } from './labels';
import { NumberProp, PropGroup, TextProp } from './PropertyFields';

export type Column = Extract<LeafElement, { Kind: 'results' }>['Columns'][number];
export type Option = Extract<LeafElement, { Kind: 'select' }>['Options'][number];

/** A select's options: Value and Label per row, add and remove. */
export function OptionsEditor(props: {
  options: Option[];
  onChange: (options: Option[]) => void;
  problem: string | undefined;
  labels: FormDesignerLabels;
  isDisabled: boolean | undefined;
}) {
  const { options, labels: L } = props;
  const update = (i: number, patch: Partial<Option>) =>
    props.onChange(options.map((option, j) => (j === i ? { ...option, ...patch } : option)));
  return (
    <PropGroup legend={L.fields.Options} problem={props.problem}>
      {options.map((option, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an option's place is its identity while it is edited
        <div key={i} className="procedo-Designer-row">
          <TextProp
            label={L.fields.OptionValue}
            value={option.Value}
            isDisabled={props.isDisabled}
            onChange={(Value) => update(i, { Value: Value ?? '' })}
          />
          <TextProp
            label={L.fields.OptionLabel}
            value={option.Label}
            isDisabled={props.isDisabled}
            onChange={(Label) => update(i, { Label: Label ?? '' })}
          />
          <Button
            className="procedo-Button"
            isDisabled={props.isDisabled}
            onPress={() => props.onChange(options.filter((_, j) => j !== i))}
          >
            {L.removeOption(option.Label || option.Value)}
          </Button>
        </div>
      ))}
      <Button
        className="procedo-Button"
        isDisabled={props.isDisabled}
        onPress={() =>
          props.onChange([
            ...options,
            { Value: `option${options.length + 1}`, Label: `Option ${options.length + 1}` },
          ])
        }
      >
        {L.addOption}
      </Button>
    </PropGroup>
  );
}

/** A result list's columns with the §3 grid schema fields. */
export function ColumnsEditor(props: {
  columns: Column[];
  onChange: (columns: Column[]) => void;
  problems: readonly DraftProblem[];
  labels: FormDesignerLabels;
  isDisabled: boolean | undefined;
}) {
  const { columns, labels: L } = props;
  const F = L.fields;
  const update = (i: number, key: keyof Column, value: unknown) =>
    props.onChange(
      columns.map((column, j) => {
        if (j !== i) return column;
        const next: Record<string, unknown> = { ...column, [key]: value };
        if (value === undefined) delete next[key];
        return next as Column;
      }),
    );
  const at = (i: number, key: string) =>
    props.problems
      .filter((problem) => problem.path[1] === i && problem.path[2] === key)
      .map((problem) => problem.message)
      .join(' ') || undefined;
  const whole = props.problems
    .filter((problem) => problem.path.length <= 1)
    .map((problem) => problem.message)
    .join(' ');
  return (
    <PropGroup legend={F.Columns} problem={whole || undefined}>
      {columns.map((column, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a column's place is its identity while it is edited
        <div key={i} className="procedo-Designer-column">
          <TextProp
            label={F.ColumnName}
            value={column.Name}
            problem={at(i, 'Name')}
            isDisabled={props.isDisabled}
            onChange={(v) => update(i, 'Name', v ?? '')}
          />
          <TextProp
            label={F.Caption}
            value={column.Caption}
            problem={at(i, 'Caption')}
            isDisabled={props.isDisabled}
            onChange={(v) => update(i, 'Caption', v ?? '')}
          />
          <TextProp
            label={F.Description}
            value={column.Description}
            optional
            problem={at(i, 'Description')}
            isDisabled={props.isDisabled}
            onChange={(v) => update(i, 'Description', v)}
          />
          <TextProp
            label={F.DataTextColumn}
            value={column.DataTextColumn}
            optional
            problem={at(i, 'DataTextColumn')}
            isDisabled={props.isDisabled}
            onChange={(v) => update(i, 'DataTextColumn', v)}
          />
          <NumberProp
            label={F.DataFormId}
            value={column.DataFormId}
            problem={at(i, 'DataFormId')}
            isDisabled={props.isDisabled}
            onChange={(v) => update(i, 'DataFormId', v)}
          />
          <NumberProp
            label={F.WorkflowId}
            value={column.WorkflowId}
            problem={at(i, 'WorkflowId')}
            isDisabled={props.isDisabled}
            onChange={(v) => update(i, 'WorkflowId', v)}
          />
          <Button
            className="procedo-Button"
            isDisabled={props.isDisabled}
            onPress={() => props.onChange(columns.filter((_, j) => j !== i))}
          >
            {L.removeColumn(column.Name || String(i + 1))}
          </Button>
        </div>
      ))}
      <Button
        className="procedo-Button"
        isDisabled={props.isDisabled}
        onPress={() =>
          props.onChange([
            ...columns,
            { Name: `Column${columns.length + 1}`, Caption: `Column ${columns.length + 1}` },
          ])
        }
      >
        {L.addColumn}
      </Button>
    </PropGroup>
  );
}
