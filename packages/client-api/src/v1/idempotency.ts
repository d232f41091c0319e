/** Longest `Idempotency-Key` the server accepts, in characters. */
export const IDEMPOTENCY_KEY_MAX = 255;

/** The option of the calls that create (records, processes, uploads). */
export interface IdempotencyOptions {
  /**
   * Sent as the `Idempotency-Key` header: a retry with the same key and request gets the first
   * answer again instead of creating twice (a new key for every new create, e.g.
   * `crypto.randomUUID()`). Printable ASCII, 1–255 characters.
   */
  idempotencyKey?: string;
}

/**
 * The `Idempotency-Key` header for `key`, as the structured-field string the server reads
 * (quoted, `"` and `\` escaped); none without a key. Throws `RangeError` for a key the server
 * would refuse (empty, over 255 characters, or not printable ASCII).
 */
export function idempotencyHeaders(key: string | undefined): Record<string, string> {
  if (key === undefined) return {};
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX || !/^[\x20-\x7E]+$/.test(key)) {
    throw new RangeError(`An idempotency key is 1–${IDEMPOTENCY_KEY_MAX} printable ASCII characters.`);
  }
  return { 'Idempotency-Key': `"${key.replace(/["\\]/g, '\\$&')}"` };
}
