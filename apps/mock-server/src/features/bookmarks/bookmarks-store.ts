import { createWriter, type SqliteDatabase, type SqliteWriter } from '../../db/sqlite';
import { type BookmarkRow as Row, toBookmark } from './bookmarks-rows';

/** One stored bookmark with what the records table says of its record now (null: no such record). */
export interface BookmarkRecord {
  tableId: number;
  recordId: number;
  /** ISO UTC. */
  createdAt: string;
  entity: string | null;
  title: string | null;
  isDeleted: boolean | null;
}

/** The outcome of a toggle: the new state, or `'full'` when adding one more is over `limit`. */
export type ToggleResult = { selected: boolean } | 'full';

/** Bookmarks of one database. */
export interface BookmarkStore {
  /** The user's bookmarks, newest first, each with its record's current entity, title and deletion. */
  listFor(userId: number): Promise<BookmarkRecord[]>;
  has(userId: number, tableId: number, recordId: number): Promise<boolean>;
  /**
   * Removes the bookmark when there is one, else adds it (unless the user already has `limit`),
   * in one write transaction so two quick clicks cannot both add.
   */
  toggle(bookmark: {
    userId: number;
    tableId: number;
    recordId: number;
    at: string;
    limit: number;
  }): Promise<ToggleResult>;
}

/** {@link BookmarkStore} on SQLite (table of migration 22). */
export function createSqliteBookmarkStore(
  db: SqliteDatabase,
  write: SqliteWriter = createWriter(db),
): BookmarkStore {
  const list = db.prepare<[number], Row>(
    `SELECT b.table_id, b.record_id, b.created_at_utc, r.entity, r.title, r.is_deleted
     FROM bookmarks AS b LEFT JOIN records AS r ON r.record_id = b.record_id
     WHERE b.user_id = ?
     ORDER BY b.created_at_utc DESC, b.table_id, b.record_id`,
  );
  const has = db.prepare<[number, number, number], { one: number }>(
    'SELECT 1 AS one FROM bookmarks WHERE user_id = ? AND table_id = ? AND record_id = ?',
  );
  const count = db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM bookmarks WHERE user_id = ?');
  const remove = db.prepare<[number, number, number]>(
    'DELETE FROM bookmarks WHERE user_id = ? AND table_id = ? AND record_id = ?',
  );
  const insert = db.prepare<[number, number, number, string]>(
    'INSERT INTO bookmarks (user_id, table_id, record_id, created_at_utc) VALUES (?, ?, ?, ?)',
  );

  return {
    async listFor(userId) {
      return list.all(userId).map(toBookmark);
    },
    async has(userId, tableId, recordId) {
      return has.get(userId, tableId, recordId) !== undefined;
    },
    toggle({ userId, tableId, recordId, at, limit }) {
      return write((): ToggleResult => {
        if (remove.run(userId, tableId, recordId).changes > 0) return { selected: false };
        if (count.get(userId)!.n >= limit) return 'full';
        insert.run(userId, tableId, recordId, at);
        return { selected: true };
      });
    },
  };
}
