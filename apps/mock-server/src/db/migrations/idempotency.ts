import type { Migration } from '../sqlite';

/**
 * Migration 29: the `Idempotency-Key` claims of the POSTs that create (records, processes,
 * uploads). One key per user; a row without `completed_at` is a request still in progress (or
 * one a crash interrupted: it expires with the rest). `created_at` is indexed for the pruning.
 */
export const IDEMPOTENCY_MIGRATIONS: readonly Migration[] = [
  {
    version: 29,
    name: 'idempotency keys',
    sql: `
      CREATE TABLE idempotency_keys (
        user_id INTEGER NOT NULL,
        key TEXT NOT NULL,
        method TEXT NOT NULL,
        path TEXT NOT NULL,
        fingerprint TEXT,
        status INTEGER,
        body TEXT,
        created_at TEXT NOT NULL,
        completed_at TEXT,
        PRIMARY KEY (user_id, key)
      ) WITHOUT ROWID;
      CREATE INDEX idempotency_keys_created ON idempotency_keys(created_at);
    `,
  },
];
