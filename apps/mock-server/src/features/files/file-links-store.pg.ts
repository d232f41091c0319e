import type { PgDatabase } from '../../db/pg';
import type { FileLinkStore } from './file-links-store';

/** {@link FileLinkStore} on PostgreSQL; the rows are written by the record_versions trigger of the baseline. */
export function createPgFileLinkStore(db: PgDatabase): FileLinkStore {
  return {
    async listByFile(fileId) {
      const rows = await db.many<{ record_id: number; element_name: string }>(
        'SELECT record_id, element_name FROM file_links WHERE file_id = $1 ORDER BY record_id, element_name',
        [fileId],
      );
      return rows.map((row) => ({ recordId: row.record_id, elementName: row.element_name }));
    },
  };
}
