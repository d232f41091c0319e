import {
  type FieldValue,
  type FieldValues,
  type FormDefinition,
  flattenElements,
  isValueElement,
  sameValue,
  type ValueElement,
} from '@procedo/client-api';

const valueElements = (definition: FormDefinition): ValueElement[] =>
  flattenElements(definition).filter(isValueElement);

/** One line of the conflict panel: a field, the user's value on screen and the server's current one. */
export interface ConflictRow {
  name: string;
  label: string;
  mine: FieldValue | undefined;
  current: FieldValue | undefined;
  /** Whether the user changed this field (else another user did). */
  isMine: boolean;
}

/**
 * The fields of a 409: those the user changed, and those another user changed since the version
 * the edit started from (`base`), whose values now differ from what the user sees.
 */
export function conflictRows(options: {
  definition: FormDefinition;
  /** The values the edit started from (the loaded or last saved ones). */
  base: FieldValues;
  /** Every value on screen. */
  onScreen: FieldValues;
  /** The values the user changed. */
  changed: FieldValues;
  /** The server's current values. */
  current: FieldValues;
}): ConflictRow[] {
  const { base, onScreen, changed, current } = options;
  const rows: ConflictRow[] = [];
  for (const element of valueElements(options.definition)) {
    const name = element.Name;
    if (!Object.hasOwn(onScreen, name)) continue;
    const isMine = Object.hasOwn(changed, name);
    const changedElsewhere = !sameValue(current[name] ?? null, base[name] ?? null);
    if (!isMine && !changedElsewhere) continue;
    if (sameValue(onScreen[name] ?? null, current[name] ?? null)) continue;
    rows.push({ name, label: element.Label, mine: onScreen[name], current: current[name], isMine });
  }
  return rows;
}

/**
 * The values to show when the user takes the server's current record: every field on screen gets
 * the current value, or the empty value of its kind when the record holds none.
 */
export function currentValuesFor(onScreen: FieldValues, current: FieldValues): FieldValues {
  const next: FieldValues = {};
  for (const [name, mine] of Object.entries(onScreen)) {
    if (Object.hasOwn(current, name)) next[name] = current[name] as FieldValue;
    else next[name] = typeof mine === 'string' ? '' : typeof mine === 'boolean' ? false : null;
  }
  return next;
}
