import { operatorsFor, type SearchOperator, type ValueElement } from '@procedo/client-api';
import { type ReactNode, useId } from 'react';
import { Button } from 'react-aria-components';
import { useOnDemandTexts } from '../i18n/texts';
import { type ConditionRow, operatorLabel } from './conditions';
import { FILTER_EDITOR_LABELS } from './labels';

/** One condition of the filter editor: field, comparison, the value inputs, its problem. */
export function ConditionRowView(props: {
  row: ConditionRow;
  index: number;
  fields: readonly ValueElement[];
  field: ValueElement | undefined;
  problem: string | null;
  canRemove: boolean;
  onChange(next: Partial<ConditionRow>): void;
  onFieldChange(field: ValueElement): void;
  onRemove(): void;
}) {
  const { row, field, problem } = props;
  const L = useOnDemandTexts('filterEditor', FILTER_EDITOR_LABELS);
  const id = useId();
  const n = props.index + 1;
  const problemId = `${id}-problem`;
  const described = problem ? { 'aria-describedby': problemId } : {};
  const invalid = problem ? { 'aria-invalid': true as const } : {};
  const kind = field?.Kind ?? 'text';
  const ops: readonly SearchOperator[] = field ? operatorsFor(field.Kind) : [row.Op];

  return (
    <li className="procedo-FilterEditor-row" data-invalid={problem ? 'true' : undefined}>
      <fieldset>
        <legend>{L.condition(n)}</legend>
        <label htmlFor={`${id}-field`}>{L.field}</label>
        <select
          id={`${id}-field`}
          className="procedo-Field-input"
          value={row.Field}
          {...described}
          onChange={(event) => {
            const next = props.fields.find((f) => f.Name === event.target.value);
            if (next) props.onFieldChange(next);
          }}
        >
          {props.fields.map((f) => (
            <option key={f.Name} value={f.Name}>
              {f.Label}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-op`}>{L.operator}</label>
        <select
          id={`${id}-op`}
          className="procedo-Field-input"
          value={row.Op}
          {...described}
          onChange={(event) => props.onChange({ Op: event.target.value as SearchOperator })}
        >
          {ops.map((op) => (
            <option key={op} value={op}>
              {operatorLabel(op, kind)}
            </option>
          ))}
        </select>
        <ValueInputs
          id={id}
          row={row}
          field={field}
          describedBy={problem ? problemId : undefined}
          invalid={invalid}
          onChange={props.onChange}
        />
        {props.canRemove && (
          <Button className="procedo-Button" aria-label={L.removeCondition(n)} onPress={props.onRemove}>
            ×
          </Button>
        )}
        {problem && (
          <p id={problemId} className="procedo-FilterEditor-problem">
            {problem}
          </p>
        )}
      </fieldset>
    </li>
  );
}

function ValueInputs(props: {
  id: string;
  row: ConditionRow;
  field: ValueElement | undefined;
  describedBy: string | undefined;
  invalid: { 'aria-invalid'?: true };
  onChange(next: Partial<ConditionRow>): void;
}) {
  const { id, row, field, invalid } = props;
  const L = useOnDemandTexts('filterEditor', FILTER_EDITOR_LABELS);
  const aria = { ...(props.describedBy ? { 'aria-describedby': props.describedBy } : {}), ...invalid };
  if (row.Op === 'empty' || row.Op === 'notEmpty' || !field) return null;

  if (row.Op === 'in' && field.Kind === 'select') {
    return (
      <fieldset
        className="procedo-FilterEditor-values"
        {...(props.describedBy ? { 'aria-describedby': props.describedBy } : {})}
      >
        <legend>{L.values}</legend>
        {field.Options.map((option) => (
          <label key={option.Value}>
            <input
              type="checkbox"
              checked={row.Values.includes(option.Value)}
              onChange={(event) =>
                props.onChange({
                  Values: event.target.checked
                    ? [...row.Values, option.Value]
                    : row.Values.filter((value) => value !== option.Value),
                })
              }
            />{' '}
            {option.Label}
          </label>
        ))}
      </fieldset>
    );
  }
  if (row.Op === 'in') {
    return (
      <>
        <label htmlFor={`${id}-values`}>{L.values}</label>
        <input
          id={`${id}-values`}
          className="procedo-Field-input"
          placeholder={L.idsHint}
          value={row.Values.join(',')}
          {...aria}
          onChange={(event) => props.onChange({ Values: event.target.value.split(',') })}
        />
      </>
    );
  }

  const one = (key: 'Value' | 'Value2', label: string) => {
    const inputId = `${id}-${key}`;
    const value = row[key];
    const set = (text: string) => props.onChange({ [key]: text });
    let control: ReactNode;
    if (field.Kind === 'select') {
      control = (
        <select
          id={inputId}
          className="procedo-Field-input"
          value={value}
          {...aria}
          onChange={(e) => set(e.target.value)}
        >
          <option value="">{L.chooseOption}</option>
          {field.Options.map((option) => (
            <option key={option.Value} value={option.Value}>
              {option.Label}
            </option>
          ))}
        </select>
      );
    } else if (field.Kind === 'checkbox') {
      control = (
        <select
          id={inputId}
          className="procedo-Field-input"
          value={value}
          {...aria}
          onChange={(e) => set(e.target.value)}
        >
          <option value="">{L.chooseOption}</option>
          <option value="true">{L.yes}</option>
          <option value="false">{L.no}</option>
        </select>
      );
    } else {
      control = (
        <input
          id={inputId}
          className="procedo-Field-input"
          // A date is typed as text: the browser's date picker would hide what was typed wrongly.
          inputMode={field.Kind === 'number' ? 'decimal' : undefined}
          placeholder={field.Kind === 'date' ? L.datePlaceholder : undefined}
          value={value}
          {...aria}
          onChange={(e) => set(e.target.value)}
        />
      );
    }
    return (
      <>
        <label htmlFor={inputId}>{label}</label>
        {control}
      </>
    );
  };

  if (row.Op === 'between') {
    return (
      <>
        {one('Value', L.from)}
        {one('Value2', L.to)}
      </>
    );
  }
  return one('Value', L.value);
}
