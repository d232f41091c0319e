import type { FieldValues } from '@procedo/client-api';
import type { RecordVersionRecord } from './records-store';

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
/** Below this many records alive at T, a page without text sorts them; above, it walks the titles. */
export const WALK_AT_LEAST = 2000;
