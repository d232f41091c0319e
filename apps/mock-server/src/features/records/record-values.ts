import { type FieldValue, isEmptyValue } from '@procedo/client-api';

// Canonical JSON (sorted keys) so equal values compare equal whatever their key order.
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

/** Whether a write changes a value: two empty values are the same; otherwise compared canonically. */
export function valueChanged(before: FieldValue | undefined, after: FieldValue | undefined): boolean {
  if (isEmptyValue(before) && isEmptyValue(after)) return false;
  return canonical(before ?? null) !== canonical(after ?? null);
}
