/**
 * Converts a loading panel hide delay to milliseconds (spec §9): a value under 1000 is a number of
 * seconds, 1000 or more is already milliseconds. Strings are parsed as numbers (surrounding blanks
 * allowed); `null`, `undefined`, an empty or non-numeric string, a negative number, `NaN` and
 * infinities all give 0 (hide at once).
 *
 * @example
 * parseHideDelay(2); // 2000
 * parseHideDelay('0.5'); // 500
 * parseHideDelay(1500); // 1500
 */
export function parseHideDelay(value: string | number | null | undefined): number {
  if (value == null) return 0;
  const text = typeof value === 'string' ? value.trim() : value;
  if (text === '') return 0;
  const amount = typeof text === 'number' ? text : Number(text);
  if (!Number.isFinite(amount) || amount <= 0) return 0;
  return Math.round(amount < 1000 ? amount * 1000 : amount);
}
