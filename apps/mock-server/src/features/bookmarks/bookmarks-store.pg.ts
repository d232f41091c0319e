import type { PgDatabase } from '../../db/pg';
import { type BookmarkRow, toBookmark } from './bookmarks-rows';
import type { BookmarkStore, ToggleResult } from './bookmarks-store';

/** {@link BookmarkStore} on PostgreSQL. */
export function createPgBookmarkStore(db: PgDatabase): BookmarkStore {
  return {
    async listFor(userId) {
      const rows = await db.many<BookmarkRow>(
        `SELECT b.table_id, b.record_id, b.created_at_utc, r.entity, r.title, r.is_deleted
         FROM bookmarks AS b LEFT JOIN records AS r ON r.record_id = b.record_id
         WHERE b.user_id = $1
         ORDER BY b.created_at_utc DESC, b.table_id, b.record_id`,
        [userId],
      );
      return rows.map(toBookmark);
    },
    async has(userId, tableId, recordId) {
      const row = await db.one(
        'SELECT 1 AS one FROM bookmarks WHERE user_id = $1 AND table_id = $2 AND record_id = $3',
        [userId, tableId, recordId],
      );
      return row !== undefined;
    },
    toggle({ userId, tableId, recordId, at, limit }) {
      // SERIALIZABLE: two quick clicks are one after the other (add, then remove), never two adds.
      return db.transaction(async (tx): Promise<ToggleResult> => {
        const key = [userId, tableId, recordId];
        const removed = await tx.run(
          'DELETE FROM bookmarks WHERE user_id = $1 AND table_id = $2 AND record_id = $3',
          key,
        );
        if (removed > 0) return { selected: false };
        const { n } = (await tx.one<{ n: number }>('SELECT count(*) AS n FROM bookmarks WHERE user_id = $1', [
          userId,
        ]))!;
        if (n >= limit) return 'full';
        await tx.run(
          'INSERT INTO bookmarks (user_id, table_id, record_id, created_at_utc) VALUES ($1, $2, $3, $4)',
          [...key, at],
        );
        return { selected: true };
      });
    },
  };
}
