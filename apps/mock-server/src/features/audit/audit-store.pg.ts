import type { PgDatabase, PgExecutor } from '../../db/pg';
import { positional } from '../../db/pg-named';
import { OPEN_END } from '../records/record-periods';
import {
  type AuditedVersion,
  chainEvents,
  type EventRow,
  type SliceRow,
  toEvent,
  toSliceEvent,
} from './audit-rows';
import { type AuditStore, auditSearchSql } from './audit-store';

/**
 * Appends a version's events to its record's chain on PostgreSQL; `tx` is the transaction that
 * writes the version (SERIALIZABLE: two writers reading the same newest event cannot both commit).
 */
export async function appendPgAuditEvents(tx: PgExecutor, version: AuditedVersion): Promise<void> {
  const previous = await tx.one<{ seq: number; hash: string }>(
    'SELECT seq, hash FROM audit_events WHERE record_id = $1 ORDER BY seq DESC LIMIT 1',
    [version.recordId],
  );
  for (const row of chainEvents(previous, version)) {
    await tx.run(
      `INSERT INTO audit_events (record_id, seq, kind, version, entity, user_name, legal_name, at_utc,
         changes_json, reason, signature, version_hash, prev_hash, hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [
        row.recordId,
        row.seq,
        row.kind,
        row.version,
        row.entity,
        row.userName,
        row.legalName,
        row.atUtc,
        row.changes,
        row.reason,
        row.signature,
        row.versionHash,
        row.prevHash,
        row.hash,
      ],
    );
  }
}

/** {@link AuditStore} on PostgreSQL. */
export function createPgAuditStore(db: PgDatabase): AuditStore {
  return {
    async lastSigned(recordId, atIso) {
      // Served by the partial index audit_events_signed, as on SQLite.
      const row = await db.one<EventRow>(
        `SELECT * FROM audit_events
         WHERE record_id = $1 AND signature IS NOT NULL AND at_utc <= $2 ORDER BY seq DESC LIMIT 1`,
        [recordId, atIso ?? OPEN_END],
      );
      return row ? toEvent(row) : null;
    },
    async list(recordId, { afterSeq, limit, atIso }) {
      const rows = await db.many<EventRow>(
        'SELECT * FROM audit_events WHERE record_id = $1 AND seq > $2 AND at_utc <= $3 ORDER BY seq LIMIT $4',
        [recordId, afterSeq, atIso ?? OPEN_END, limit],
      );
      return rows.map(toEvent);
    },
    async slice(recordId, afterSeq, limit) {
      const rows = await db.many<SliceRow>(
        `SELECT a.*, v.values_json, v.is_deleted FROM audit_events a
         LEFT JOIN record_versions v ON v.record_id = a.record_id AND v.version = a.version
         WHERE a.record_id = $1 AND a.seq > $2 ORDER BY a.seq LIMIT $3`,
        [recordId, afterSeq, limit],
      );
      return rows.map(toSliceEvent);
    },
    async last(recordId) {
      return (
        (await db.one<{ seq: number; version: number }>(
          'SELECT seq, version FROM audit_events WHERE record_id = $1 ORDER BY seq DESC LIMIT 1',
          [recordId],
        )) ?? null
      );
    },
    async search(options) {
      if (options.entities?.length === 0) return [];
      const { sql, params } = auditSearchSql(options, 'postgres');
      const { text, values } = positional(sql, params);
      return (await db.many<EventRow>(text, values)).map(toEvent);
    },
  };
}
