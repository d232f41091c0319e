import type { FieldValue, RecordVersion } from '@procedo/client-api';

/** A saved value as a process variable's text (a picker's text, a file's name). */
export function variableText(value: FieldValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return 'FileName' in value ? value.FileName : value.Text;
  return String(value);
}

/** The process variables of a saved record: its id, then each of its values as text. */
export function recordVariables(record: RecordVersion): { Name: string; Value: string }[] {
  return [
    { Name: 'RecordId', Value: String(record.Id) },
    ...Object.entries(record.Values).map(([Name, value]) => ({ Name, Value: variableText(value) })),
  ];
}
