import type { SqliteDatabase } from '../../db/sqlite';

/** A record that holds (or held, in some version) a file in one of its elements. */
export interface FileLinkRecord {
  recordId: number;
  elementName: string;
}

/**
 * The `file_links` index: which records reference a file. Rows are written by a trigger with
 * each record version (migration 5), never by this store.
 */
export interface FileLinkStore {
  listByFile(fileId: string): Promise<FileLinkRecord[]>;
}

/** {@link FileLinkStore} on SQLite. */
export function createSqliteFileLinkStore(db: SqliteDatabase): FileLinkStore {
  const byFile = db.prepare<[string], { record_id: number; element_name: string }>(
    'SELECT record_id, element_name FROM file_links WHERE file_id = ? ORDER BY record_id, element_name',
  );
  return {
    async listByFile(fileId) {
      return byFile.all(fileId).map((row) => ({ recordId: row.record_id, elementName: row.element_name }));
    },
  };
}
