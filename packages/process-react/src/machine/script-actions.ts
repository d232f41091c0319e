/**
 * A step result's `Script` is never evaluated as code. It names one of a small set of client
 * actions; anything else is refused with a logged warning.
 */

/** The client actions a step result's `Script` may name. */
export const SCRIPT_ACTIONS = Object.freeze([
  /** Tell the host the process changed (it re-reads it): `onChanged()`. */
  'refresh',
  /** Close the step's dialog (or, inside a step dialog's page, ask the opener to close it). */
  'close-dialog',
  /** Go to the flow home page of the process, the step selected. */
  'go-to-flow-home',
  /** Go to the step page of the process. */
  'go-to-step-page',
] as const);

/** A client action a step result's `Script` may name. */
export type ScriptAction = (typeof SCRIPT_ACTIONS)[number];

/**
 * Reads a result's `Script` as a named client action: the trimmed text must be exactly one of
 * {@link SCRIPT_ACTIONS}. Anything else (code included) gives `null`; the runner then logs a
 * warning and does nothing.
 *
 * @example parseScriptAction(' refresh ') // 'refresh'
 * @example parseScriptAction('alert(1)') // null
 */
export function parseScriptAction(script: string | null | undefined): ScriptAction | null {
  const name = (script ?? '').trim();
  return (SCRIPT_ACTIONS as readonly string[]).includes(name) ? (name as ScriptAction) : null;
}
