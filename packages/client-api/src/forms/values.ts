import type { FieldValue } from '../v1/form-schemas';
import { isEmptyValue } from './validate';

/**
 * Value comparisons shared by the form (dirty tracking, conflicts) and the server (which writes
 * change a field, for permissions and the audit rule), so both sides agree on what "changed" means.
 */

/**
 * Whether two values are the same value as the form holds it: primitives by identity, picker and
 * file values by their fields. `''` and `null` differ here; see {@link valueChanged}.
 */
export function sameValue(a: FieldValue | undefined, b: FieldValue | undefined): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every((key) => (a as Record<string, unknown>)[key] === (b as Record<string, unknown>)[key]);
}

// Canonical JSON (sorted keys) so equal values compare equal whatever their key order.
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

/**
 * Whether a write changes a value, as the server judges it: two empty values (`null`, absent,
 * blank text, an unticked box; see `isEmptyValue`) are the same; anything else is compared by
 * content.
 */
export function valueChanged(before: FieldValue | undefined, after: FieldValue | undefined): boolean {
  if (isEmptyValue(before) && isEmptyValue(after)) return false;
  return canonical(before ?? null) !== canonical(after ?? null);
}
