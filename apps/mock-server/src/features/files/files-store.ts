import { createWriter, type SqliteDatabase, type SqliteWriter } from '../../db/sqlite';
import { type FileRow, toFileRecord } from './file-row';

/** An uploaded file's metadata; the bytes live under `<dataDir>/files/<storedName>`. */
export interface FileRecord {
  id: string;
  /** Generated random name on disk; never derived from the upload. */
  storedName: string;
  originalName: string;
  size: number;
  contentType: string;
  uploadedBy: string;
  uploadedAt: string;
}

/** File metadata of one database. */
export interface FileStore {
  insert(file: FileRecord): Promise<void>;
  get(id: string): Promise<FileRecord | null>;
  /** Whether a file row names this stored name (the start-up sweep keeps only those). */
  hasStoredName(storedName: string): Promise<boolean>;
  /** Removes a row whose bytes could not be put in place. */
  delete(id: string): Promise<void>;
}

/** {@link FileStore} on SQLite. */
export function createSqliteFileStore(db: SqliteDatabase, write: SqliteWriter = createWriter(db)): FileStore {
  const insert = db.prepare(
    `INSERT INTO files (id, stored_name, original_name, size, content_type, uploaded_by, uploaded_at_utc)
     VALUES (@id, @storedName, @originalName, @size, @contentType, @uploadedBy, @uploadedAt)`,
  );
  const byId = db.prepare<[string], FileRow>('SELECT * FROM files WHERE id = ?');
  const byStoredName = db.prepare<[string], { found: 1 }>(
    'SELECT 1 AS found FROM files WHERE stored_name = ?',
  );
  const remove = db.prepare<[string]>('DELETE FROM files WHERE id = ?');
  return {
    async insert(file) {
      await write(() => insert.run(file));
    },
    async get(id) {
      const row = byId.get(id);
      return row ? toFileRecord(row) : null;
    },
    async hasStoredName(storedName) {
      return byStoredName.get(storedName) !== undefined;
    },
    async delete(id) {
      await write(() => remove.run(id));
    },
  };
}
