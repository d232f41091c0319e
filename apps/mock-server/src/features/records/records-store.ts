import type { FieldValues } from '@procedo/client-api';
import type { KeyWrite } from '../../http/idempotency-store';
import type { NewAuditEvent } from '../audit/audit-store';
import type { RecordIndexFields } from './entities';
import type { KindedFilter } from './record-conditions';
import type { SortKind } from './search-sort';

export type { KindedCondition, KindedFilter } from './record-conditions';

/** One stored version of a record. */
export interface RecordVersionRecord {
  id: number;
  entity: string;
  version: number;
  isDeleted: boolean;
  values: FieldValues;
  updatedBy: string;
  /** ISO UTC. */
  updatedAt: string;
  auditESig: string | null;
  auditReason: string | null;
}

/** What a write appends: the whole values of the new version, who, when and the sign-off. */
export interface NewRecordVersion {
  values: FieldValues;
  isDeleted: boolean;
  index: RecordIndexFields;
  updatedBy: string;
  updatedAt: string;
  auditESig?: string | null;
  auditReason?: string | null;
  /** The audit events of this version (none for bulk imports of history). */
  audit?: readonly NewAuditEvent[];
}

/** Outcome of an append with optimistic concurrency. */
export type AppendResult =
  | { ok: true; record: RecordVersionRecord }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'stale'; current: RecordVersionRecord };

/** A filter on a field of the current version (search forms). */
export interface RecordFilter {
  name: string;
  value: string | number | boolean;
  /** `contains`: case-insensitive substring of text; `equals`: the exact value. */
  mode: 'contains' | 'equals';
}

/**
 * A keyset page request: after the cursor's (search key, record id) in title order, or, with
 * `sort`, after its (sort value, record id) in the order of that column, nulls last.
 */
export interface SearchPageOptions {
  entity: string;
  text: string;
  filters: RecordFilter[];
  /** `where` and the saved filters, each and-ed with the rest. @default [] */
  conditions?: readonly KindedFilter[];
  /** A column of the values to order by; none for title order. */
  sort?: { name: string; kind: SortKind; direction: 'asc' | 'desc' } | null;
  /** The last row of the previous page; null for the first page. Its key is null past the rows with a value. */
  after: { key: string | number | null; id: number } | null;
  limit: number;
  /** Run the capped count as well. */
  count: boolean;
  /** As the records were at this instant (ISO UTC). @default now */
  atIso?: string;
}

/** A keyset page: its rows (each with its search key, for the next cursor) and whether more follow. */
export interface SearchPageResult {
  rows: (RecordVersionRecord & { searchKey: string | number | null })[];
  hasMore: boolean;
  /** Null unless asked for; `exact: false` means more than `total` (the cap) match. */
  count: { total: number; exact: boolean } | null;
}

/** Records of one database: append-only versions plus an O(1) current pointer per record. */
export interface RecordStore {
  getCurrent(id: number): Promise<RecordVersionRecord | null>;
  getVersion(id: number, version: number): Promise<RecordVersionRecord | null>;
  /**
   * The version current at `atIso` (ISO UTC): the newest one written at or before it — a deleted
   * one included — or null when the record did not exist yet. One index seek.
   */
  getAt(id: number, atIso: string): Promise<RecordVersionRecord | null>;
  /** Every version, oldest first; only those written at or before `atIso` when given. */
  listVersions(id: number, atIso?: string): Promise<RecordVersionRecord[]>;
  /**
   * Creates a record with version 1, in one transaction; with `key`, also the key write it makes
   * of the created record (an `Idempotency-Key`'s answer), in the same transaction.
   */
  create(
    entity: string,
    first: NewRecordVersion,
    key?: (created: RecordVersionRecord) => KeyWrite,
  ): Promise<RecordVersionRecord>;
  /** Appends version `expectedVersion + 1` if the current version is still `expectedVersion`. */
  append(id: number, expectedVersion: number, next: NewRecordVersion): Promise<AppendResult>;
  /** Current, not deleted records of `entity` whose title starts with (then contains) `text`. */
  searchTitles(options: {
    entity: string;
    text: string;
    parentId?: number | null;
    limit: number;
    /** As the records were at this instant (ISO UTC). @default now */
    atIso?: string;
  }): Promise<{ items: { id: number; title: string }[]; hasMore: boolean }>;
  /** One page of current, not deleted records of `entity`, ordered by title. */
  search(options: {
    entity: string;
    text: string;
    filters: RecordFilter[];
    offset: number;
    limit: number;
    /** As the records were at this instant (ISO UTC): their versions then, filtered and ordered. @default now */
    atIso?: string;
  }): Promise<{ rows: RecordVersionRecord[]; total: number }>;
  /** One keyset page of the same records as {@link RecordStore.search}, with a count only when asked. */
  searchPage(options: SearchPageOptions): Promise<SearchPageResult>;
  /**
   * Bulk import of earlier versions of one record (seeding, benchmarks): appends them after the
   * current version in one transaction and moves the pointer. Not for request handling.
   */
  importVersions(id: number, versions: NewRecordVersion[]): Promise<void>;
}
