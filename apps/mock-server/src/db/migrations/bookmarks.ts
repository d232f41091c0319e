import type { Migration } from '../sqlite';

/** Migration of the user's bookmarks (issue 14 item 5), number 22. */
export const BOOKMARKS_MIGRATIONS: readonly Migration[] = [
  {
    version: 22,
    name: 'bookmarks',
    sql: `
      -- A user's bookmarked records (docs/protocol.md "Bookmarks"): table_id is the record form's
      -- WebTemplateNo, so whether the user may still see a bookmark is the form's and the record's
      -- own check. No foreign key to records: a bookmark outlives its record's deletion, unlisted.
      CREATE TABLE bookmarks (
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        table_id INTEGER NOT NULL CHECK (table_id > 0),
        record_id INTEGER NOT NULL CHECK (record_id > 0),
        created_at_utc TEXT NOT NULL,
        PRIMARY KEY (user_id, table_id, record_id)
      ) WITHOUT ROWID;
      -- The user's list, newest first.
      CREATE INDEX bookmarks_by_user ON bookmarks(user_id, created_at_utc DESC);
    `,
  },
];
