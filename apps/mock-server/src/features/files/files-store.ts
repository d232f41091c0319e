import { createWriter, type SqliteDatabase, type SqliteWriter } from '../../db/sqlite';

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

interface FileRow {
  id: string;
  stored_name: string;
  original_name: string;
  size: number;
  content_type: string;
  uploaded_by: string;
  uploaded_at_utc: string;
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
      if (!row) return null;
      return {
        id: row.id,
        storedName: row.stored_name,
        originalName: row.original_name,
        size: row.size,
        contentType: row.content_type,
        uploadedBy: row.uploaded_by,
        uploadedAt: row.uploaded_at_utc,
      };
    },
    async hasStoredName(storedName) {
      return byStoredName.get(storedName) !== undefined;
    },
    async delete(id) {
      await write(() => remove.run(id));
    },
  };
}
