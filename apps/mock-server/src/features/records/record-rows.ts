import type { FieldValues } from '@procedo/client-api';
import type { NewRecordVersion, RecordVersionRecord } from './records-store';

/** A `record_versions` row as both engines return it. */
export interface VersionRow {
  record_id: number;
  version: number;
  entity: string;
  values_json: string;
  is_deleted: number;
  updated_by: string;
  updated_at_utc: string;
  audit_esig: string | null;
  audit_reason: string | null;
}

export const toRecord = (row: VersionRow): RecordVersionRecord => ({
  id: row.record_id,
  entity: row.entity,
  version: row.version,
  isDeleted: row.is_deleted === 1,
  values: JSON.parse(row.values_json) as FieldValues,
  updatedBy: row.updated_by,
  updatedAt: row.updated_at_utc,
  auditESig: row.audit_esig,
  auditReason: row.audit_reason,
});

/** A search's count stops past this many rows and answers "more than" it. */
export const SEARCH_COUNT_CAP = 100_000;
/** A keyset search statement stops after this many ms (a page: 503 `SEARCH_TIME_LIMIT`; a count: "more than"). */
export const SEARCH_TIME_LIMIT_MS = 2000;
/** Below this many records alive at T, a page without text sorts them; above, it walks the titles. */
export const WALK_AT_LEAST = 2000;

/**
 * What writing version `number` of a record stores, on either engine: the version row (by
 * column), its period (record-periods.ts) and its audit events (none for bulk imports).
 */
export function versionWrites(id: number, entity: string, number: number, next: NewRecordVersion) {
  return {
    row: {
      id,
      version: number,
      entity,
      values: JSON.stringify(next.values),
      deleted: next.isDeleted ? 1 : 0,
      by: next.updatedBy,
      at: next.updatedAt,
      esig: next.auditESig ?? null,
      reason: next.auditReason ?? null,
    },
    period: { id, version: number, entity, at: next.updatedAt, isDeleted: next.isDeleted, index: next.index },
    audit: next.audit?.length
      ? {
          recordId: id,
          version: number,
          entity,
          isDeleted: next.isDeleted,
          values: next.values,
          atUtc: next.updatedAt,
          events: next.audit,
        }
      : null,
  };
}

/** The pointer columns of a record at version `number`, in the order both engines' UPDATE binds them. */
export const pointerValues = (number: number, next: NewRecordVersion) =>
  [
    number,
    next.isDeleted ? 1 : 0,
    next.index.title,
    next.index.searchKey,
    next.index.parentId,
    JSON.stringify(next.values),
  ] as const;
