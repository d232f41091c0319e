/** A logon field the clearing retries may empty. */
export interface ClearableField {
  /** Empties the field. */
  clear(): void;
  /** True once the user has focused or typed in the field: it is then left alone. */
  isTouched(): boolean;
}

/** The timers the retries run on (the window's, or fake ones in tests). */
export interface ClearingTimers {
  setTimeout(handler: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Spec §9 "Logon field clearing retries": at 0.5, 1.5, 2.5 and 3.5 s after the page loads. */
export const LOGON_FIELD_CLEARING_DELAYS_MS: readonly number[] = Object.freeze([500, 1500, 2500, 3500]);

/** Options of {@link scheduleLogonFieldClearing}. */
export interface LogonFieldClearingOptions {
  fields: readonly ClearableField[];
  timers: ClearingTimers;
  /** @default LOGON_FIELD_CLEARING_DELAYS_MS */
  delaysMs?: readonly number[];
}

/**
 * Clears the logon fields at each retry time, because browser autofill can arrive late, except a
 * field the user has already focused or typed in. Returns a function that cancels the retries.
 */
export function scheduleLogonFieldClearing({
  fields,
  timers,
  delaysMs = LOGON_FIELD_CLEARING_DELAYS_MS,
}: LogonFieldClearingOptions): () => void {
  const handles = delaysMs.map((delay) =>
    timers.setTimeout(() => {
      for (const field of fields) {
        if (!field.isTouched()) field.clear();
      }
    }, delay),
  );
  return () => {
    for (const handle of handles) timers.clearTimeout(handle);
  };
}
