/**
 * Pure keyboard and text rules of the edit fields (spec §5), kept apart from the components so
 * they are easy to read against the spec.
 */

/** The key facts a filter needs (a subset of `KeyboardEvent`). */
export interface KeyInfo {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

// Shortcuts (copy, paste, select all…) are not typing; pasted text is filtered on its own.
const isShortcut = (event: KeyInfo) => event.ctrlKey === true || event.metaKey === true;

/** Spec §5: phone fields accept only digits, numpad keys (digits and +), plus, backspace and tab. */
export function isPhoneKeyAllowed(event: KeyInfo): boolean {
  if (isShortcut(event)) return true;
  return /^[0-9+]$/.test(event.key) || event.key === 'Backspace' || event.key === 'Tab';
}

/** The characters a phone field keeps from pasted or dropped text. */
export function filterPhoneText(text: string): string {
  return text.replace(/[^0-9+]/g, '');
}

const BRACKETS = '()[]{}<>';

/**
 * Spec §5: bracket-only fields accept only brackets, shift, backspace and the left and right
 * arrows. Tab is let through too so the field is no keyboard trap (WCAG 2.1.2).
 */
export function isBracketKeyAllowed(event: KeyInfo): boolean {
  if (isShortcut(event)) return true;
  return (
    (event.key.length === 1 && BRACKETS.includes(event.key)) ||
    ['Shift', 'Backspace', 'ArrowLeft', 'ArrowRight', 'Tab'].includes(event.key)
  );
}

/** The characters a bracket-only field keeps from pasted or dropped text. */
export function filterBracketText(text: string): string {
  return [...text].filter((char) => BRACKETS.includes(char)).join('');
}

/** Whether a key would change a locked field's text (typing, deleting, cut or paste shortcuts). */
export function isEditingKey(event: KeyInfo): boolean {
  if (isShortcut(event)) return ['x', 'v', 'X', 'V', 'z', 'Z', 'y', 'Y'].includes(event.key);
  return event.key.length === 1 || event.key === 'Backspace' || event.key === 'Delete';
}

/** Whether the key is the text-area timestamp shortcut, Ctrl+; (Cmd+; on macOS). */
export function isTimestampShortcut(event: KeyInfo): boolean {
  return event.key === ';' && (event.ctrlKey === true || event.metaKey === true) && event.altKey !== true;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Spec §9 time format `yyyy-MM-dd HH:mm`, in the user's local time. */
export function formatTimestamp(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Replaces the selection `[start, end)` of `text` with `insert`; returns the text and the new caret. */
export function insertAt(
  text: string,
  start: number,
  end: number,
  insert: string,
): { text: string; caret: number } {
  return { text: text.slice(0, start) + insert + text.slice(end), caret: start + insert.length };
}
