/**
 * CSV as the exports write it (the search grid's streamed export on the server, the audit trail's
 * in the browser): RFC 4180 quoting, CRLF line ends, and every cell a spreadsheet would read as a
 * formula made inert.
 */

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** `text` made inert for a spreadsheet: a formula character first gets a `'` before it (OWASP). */
export function escapeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One CSV cell: formula-escaped, then quoted by RFC 4180 when it holds `"`, `,`, CR or LF. */
export function csvCell(text: string): string {
  const safe = escapeFormula(text);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV line (CRLF ended, as RFC 4180 says). */
export const csvLine = (cells: readonly string[]): string => `${cells.map(csvCell).join(',')}\r\n`;
