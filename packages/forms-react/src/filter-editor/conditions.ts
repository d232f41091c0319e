import {
  type ApiIssue,
  isHttpStatusError,
  operatorsFor,
  type SearchCondition,
  type SearchFilter,
  type SearchOperator,
  type ValueElement,
} from '@procedo/client-api';

/** One condition row as the user edits it: every input's text is kept, whatever the operator. */
export interface ConditionRow {
  /** Stable key of the row (not sent). */
  key: number;
  Field: string;
  Op: SearchOperator;
  Value: string;
  Value2: string;
  Values: string[];
}

/** The words an operator is offered in, by the kind of the field (a date is "before", a number "less than"). */
export function operatorLabel(op: SearchOperator, kind: ValueElement['Kind']): string {
  const isDate = kind === 'date';
  switch (op) {
    case 'contains':
      return 'contains';
    case 'equals':
      return 'is';
    case 'notEquals':
      return 'is not';
    case 'lt':
      return isDate ? 'before' : 'less than';
    case 'le':
      return isDate ? 'on or before' : 'at most';
    case 'gt':
      return isDate ? 'after' : 'more than';
    case 'ge':
      return isDate ? 'on or after' : 'at least';
    case 'between':
      return 'between';
    case 'in':
      return 'is any of';
    case 'empty':
      return 'is empty';
    case 'notEmpty':
      return 'is not empty';
  }
}

/** A new row on `field` with its first operator. */
export function newRow(key: number, field: ValueElement): ConditionRow {
  return {
    key,
    Field: field.Name,
    Op: operatorsFor(field.Kind)[0] ?? 'equals',
    Value: '',
    Value2: '',
    Values: [],
  };
}

/** The row with another field: the operator kept when the new field takes it, the values cleared. */
export function withField(row: ConditionRow, field: ValueElement): ConditionRow {
  const ops = operatorsFor(field.Kind);
  return { ...newRow(row.key, field), Op: ops.includes(row.Op) ? row.Op : (ops[0] ?? 'equals') };
}

/** The condition a row stands for: only the values its operator uses. */
export function toCondition(row: ConditionRow): SearchCondition {
  const base = { Field: row.Field, Op: row.Op };
  switch (row.Op) {
    case 'empty':
    case 'notEmpty':
      return base;
    case 'in': {
      const values = row.Values.map((value) => value.trim()).filter((value) => value !== '');
      return values.length > 0 ? { ...base, Values: values } : base;
    }
    case 'between':
      return { ...base, Value: row.Value.trim(), Value2: row.Value2.trim() };
    default:
      return { ...base, Value: row.Value.trim() };
  }
}

/** The filter the rows make. */
export function toFilter(combine: SearchFilter['Combine'], rows: readonly ConditionRow[]): SearchFilter {
  return { Combine: combine, Conditions: rows.map(toCondition) };
}

/** Rows of a saved filter (to edit it again). */
export function toRows(filter: SearchFilter, firstKey: number): ConditionRow[] {
  return filter.Conditions.map((condition, index) => ({
    key: firstKey + index,
    Field: condition.Field,
    Op: condition.Op,
    Value: condition.Value ?? '',
    Value2: condition.Value2 ?? '',
    Values: condition.Values ?? [],
  }));
}

/** What a refused save said, placed where it belongs: on a condition (by index), the name, or the form. */
export interface SaveProblems {
  conditions: Map<number, string>;
  name: string | null;
  general: string | null;
}

/**
 * Maps a refused save back onto the editor: issues at `['Filter','Conditions',i,…]` to condition
 * `i`, at `['Name']` to the name; anything else is the general message.
 */
export function saveProblems(error: unknown, fallback: string): SaveProblems {
  const problems: SaveProblems = { conditions: new Map(), name: null, general: null };
  const issues: ApiIssue[] = isHttpStatusError(error) ? (error.body?.Issues ?? []) : [];
  for (const issue of issues) {
    const [first, second, index] = issue.path;
    if (first === 'Filter' && second === 'Conditions' && typeof index === 'number') {
      if (!problems.conditions.has(index)) problems.conditions.set(index, issue.message);
    } else if (first === 'Name' && issue.path.length === 1) {
      problems.name ??= issue.message;
    } else {
      problems.general ??= issue.message;
    }
  }
  if (problems.conditions.size === 0 && problems.name === null && problems.general === null) {
    problems.general = (isHttpStatusError(error) ? error.serverMessage : undefined) ?? fallback;
  }
  return problems;
}
