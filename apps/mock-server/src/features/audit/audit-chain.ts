import { createHash } from 'node:crypto';

/** What kind of change an audit event records (CONTRACT "Audit trail"). */
export type AuditKind = 'create' | 'update' | 'delete' | 'sign';

/** One changed field of an event: its value before and after (null when empty or absent). */
export interface AuditChange {
  Name: string;
  Old: unknown;
  New: unknown;
}

/** The content of an audit event that its hash covers: everything but the hash itself. */
export interface AuditEventContent {
  recordId: number;
  seq: number;
  kind: AuditKind;
  version: number;
  entity: string;
  /** {@link hashVersion} of the version the event made (or signed): binds it to that content. */
  versionHash: string;
  userName: string;
  legalName: string;
  /** ISO UTC with milliseconds. */
  atUtc: string;
  changes: AuditChange[];
  reason: string | null;
  signature: string | null;
  /** The previous event's hash of the same record; '' for the first event. */
  prevHash: string;
}

// Canonical JSON: keys sorted at every level, so the same content always hashes the same,
// whatever order a store or an engine gives the keys back in.
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

/**
 * The hash of an event (21 CFR 11.10(a), 11.70): sha256 over its canonical content, the previous
 * event's hash included, so changing, removing or reordering any earlier event of the record
 * breaks every hash after it.
 */
export function hashAuditEvent(content: AuditEventContent): string {
  return createHash('sha256')
    .update(canonical({ v: 1, ...content }))
    .digest('hex');
}

/**
 * The hash of a stored version's content (21 CFR 11.70, signature/record linking): an event
 * carries it, so a value changed in the versions behind the application's back no longer matches
 * the event that made it.
 */
export function hashVersion(version: {
  recordId: number;
  version: number;
  entity: string;
  isDeleted: boolean;
  values: unknown;
}): string {
  return createHash('sha256')
    .update(canonical({ v: 1, ...version }))
    .digest('hex');
}

/** A stored event as verification reads it. */
export interface StoredAuditEvent extends AuditEventContent {
  hash: string;
}

/**
 * Recomputes a record's chain from its stored events, oldest first: the first event whose
 * sequence number, link to the previous hash or own hash does not hold, or null when intact.
 * Takes the events in slices (`next` returns the ones after a seq) so a long history is never
 * held in memory at once.
 */
export async function verifyAuditChain(
  next: (afterSeq: number) => Promise<StoredAuditEvent[]>,
): Promise<{ intact: boolean; firstBadSeq: number | null; events: number }> {
  let expectedSeq = 1;
  let prevHash = '';
  let count = 0;
  for (;;) {
    const slice = await next(expectedSeq - 1);
    if (slice.length === 0) return { intact: true, firstBadSeq: null, events: count };
    for (const event of slice) {
      const { hash, ...content } = event;
      if (event.seq !== expectedSeq || event.prevHash !== prevHash || hashAuditEvent(content) !== hash) {
        return { intact: false, firstBadSeq: Math.min(event.seq, expectedSeq), events: count };
      }
      prevHash = hash;
      expectedSeq += 1;
      count += 1;
    }
  }
}
