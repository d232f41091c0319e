/**
 * An ISO UTC time (`2026-11-23T17:56:13.123Z`) as Procedo shows times: `2026-11-23 17:56:13`,
 * or to the minute (`2026-11-23 17:56`). Times are shown in UTC, as the server stores them.
 */
export function utcText(iso: string, precision: 'seconds' | 'minutes' = 'seconds'): string {
  const text = iso.replace('T', ' ').replace(/(\.\d+)?Z$/, '');
  return precision === 'minutes' ? text.slice(0, 16) : text;
}
