import type { PgDatabase } from '../../db/pg';
import { writePgKey } from '../../http/idempotency-store.pg';
import { type FileRow, toFileRecord } from './file-row';
import type { FileStore } from './files-store';

/** {@link FileStore} on PostgreSQL. */
export function createPgFileStore(db: PgDatabase): FileStore {
  return {
    async insert(file, key) {
      await db.transaction(async (tx) => {
        await tx.run(
          `INSERT INTO files (id, stored_name, original_name, size, content_type, uploaded_by, uploaded_at_utc)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [
            file.id,
            file.storedName,
            file.originalName,
            file.size,
            file.contentType,
            file.uploadedBy,
            file.uploadedAt,
          ],
        );
        if (key) await writePgKey(tx, key);
      });
    },
    async get(id) {
      const row = await db.one<FileRow>('SELECT * FROM files WHERE id = $1', [id]);
      return row ? toFileRecord(row) : null;
    },
    async hasStoredName(storedName) {
      return (
        (await db.one('SELECT 1 AS found FROM files WHERE stored_name = $1', [storedName])) !== undefined
      );
    },
    async delete(id, key) {
      await db.transaction(async (tx) => {
        await tx.run('DELETE FROM files WHERE id = $1', [id]);
        if (key) await writePgKey(tx, key);
      });
    },
  };
}
