import type { BookmarkRecord } from './bookmarks-store';

/** A bookmark row with its record's columns, as both engines read it. */
export interface BookmarkRow {
  table_id: number;
  record_id: number;
  created_at_utc: string;
  entity: string | null;
  title: string | null;
  is_deleted: number | null;
}

export const toBookmark = (row: BookmarkRow): BookmarkRecord => ({
  tableId: row.table_id,
  recordId: row.record_id,
  createdAt: row.created_at_utc,
  entity: row.entity,
  title: row.title,
  isDeleted: row.is_deleted === null ? null : row.is_deleted === 1,
});
