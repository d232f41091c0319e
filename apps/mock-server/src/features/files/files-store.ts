import { createWriter, type SqliteDatabase, type SqliteWriter } from '../../db/sqlite';
import { type KeyWrite, sqliteKeyWrites } from '../../http/idempotency-store';
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
  /** Inserts a file's row; with `key`, makes that key write (an `Idempotency-Key`'s answer) in the same transaction. */
  insert(file: FileRecord, key?: KeyWrite): Promise<void>;
  get(id: string): Promise<FileRecord | null>;
  /** Whether a file row names this stored name (the start-up sweep keeps only those). */
  hasStoredName(storedName: string): Promise<boolean>;
  /** Removes a row whose bytes could not be put in place; with `key`, makes that key write in the same transaction. */
  delete(id: string, key?: KeyWrite): Promise<void>;
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
  const keyWrite = sqliteKeyWrites(db);
  return {
    async insert(file, key) {
      await write(() => {
        insert.run(file);
        if (key) keyWrite(key);
      });
    },
    async get(id) {
      const row = byId.get(id);
      return row ? toFileRecord(row) : null;
    },
    async hasStoredName(storedName) {
      return byStoredName.get(storedName) !== undefined;
    },
    async delete(id, key) {
      await write(() => {
        remove.run(id);
        if (key) keyWrite(key);
      });
    },
  };
}
