import type { FileRecord } from './files-store';

/** A `files` row as both engines return it. */
export interface FileRow {
  id: string;
  stored_name: string;
  original_name: string;
  size: number;
  content_type: string;
  uploaded_by: string;
  uploaded_at_utc: string;
}

export const toFileRecord = (row: FileRow): FileRecord => ({
  id: row.id,
  storedName: row.stored_name,
  originalName: row.original_name,
  size: row.size,
  contentType: row.content_type,
  uploadedBy: row.uploaded_by,
  uploadedAt: row.uploaded_at_utc,
});
