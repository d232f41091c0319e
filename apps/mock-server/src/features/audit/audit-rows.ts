import {
  type AuditChange,
  type AuditKind,
  hashAuditEvent,
  hashVersion,
  type StoredAuditEvent,
} from './audit-chain';
import type { AuditEventWithVersion, NewAuditEvent } from './audit-store';

/** An `audit_events` row as both engines return it. */
export interface EventRow {
  record_id: number;
  seq: number;
  kind: AuditKind;
  version: number;
  entity: string;
  user_name: string;
  legal_name: string;
  at_utc: string;
  changes_json: string;
  reason: string | null;
  signature: string | null;
  version_hash: string;
  prev_hash: string;
  hash: string;
}

export const toEvent = (row: EventRow): StoredAuditEvent => ({
  recordId: row.record_id,
  seq: row.seq,
  kind: row.kind,
  version: row.version,
  entity: row.entity,
  userName: row.user_name,
  legalName: row.legal_name,
  atUtc: row.at_utc,
  changes: JSON.parse(row.changes_json) as AuditChange[],
  reason: row.reason,
  signature: row.signature,
  versionHash: row.version_hash,
  prevHash: row.prev_hash,
  hash: row.hash,
});

/** A version being written, with the events it records. */
export interface AuditedVersion {
  recordId: number;
  version: number;
  entity: string;
  isDeleted: boolean;
  values: unknown;
  atUtc: string;
  events: readonly NewAuditEvent[];
}

/** One event ready to insert: its content (changes as JSON text) and its hash. */
export type ChainedEventRow = Omit<StoredAuditEvent, 'changes'> & { changes: string };

/**
 * The rows of a version's events, chained after the record's newest event (`previous`, none for
 * the first): each gets the next seq, the previous hash and its own hash. Pure, so both engines
 * compute the same chain.
 */
export function chainEvents(
  previous: { seq: number; hash: string } | undefined,
  version: AuditedVersion,
): ChainedEventRow[] {
  let seq = previous?.seq ?? 0;
  let prevHash = previous?.hash ?? '';
  const versionHash = hashVersion({
    recordId: version.recordId,
    version: version.version,
    entity: version.entity,
    isDeleted: version.isDeleted,
    values: version.values,
  });
  return version.events.map((event) => {
    seq += 1;
    const content = {
      recordId: version.recordId,
      seq,
      kind: event.kind,
      version: version.version,
      entity: version.entity,
      versionHash,
      userName: event.userName,
      legalName: event.legalName,
      atUtc: version.atUtc,
      changes: event.changes,
      reason: event.reason,
      signature: event.signature,
      prevHash,
    };
    const hash = hashAuditEvent(content);
    prevHash = hash;
    return { ...content, changes: JSON.stringify(event.changes), hash };
  });
}

/** An event joined with the stored version it names (null columns when the version is missing). */
export type SliceRow = EventRow & { values_json: string | null; is_deleted: number | null };

export const toSliceEvent = (row: SliceRow): AuditEventWithVersion => ({
  ...toEvent(row),
  stored:
    row.values_json === null
      ? null
      : { isDeleted: row.is_deleted === 1, values: JSON.parse(row.values_json) },
});
