import { createWriter, type SqliteDatabase, type SqliteWriter } from '../db/sqlite';
import { type IdempotencyRow as Row, toEntry } from './idempotency-rows';

/** What a key names: who sent it, on which request, and (once finished) the answer. */
export interface IdempotencyEntry {
  userId: number;
  key: string;
  method: string;
  path: string;
  /** Null while an upload's bytes are still being read (its fingerprint covers them). */
  fingerprint: string | null;
  status: number | null;
  /** The answer's JSON text; null while in progress. */
  body: string | null;
  createdAt: string;
  completedAt: string | null;
}

/** The outcome of a claim: ours now, or the entry that already holds the key. */
export type ClaimResult = { kind: 'claimed' } | { kind: 'taken'; entry: IdempotencyEntry };

/**
 * The idempotency keys of one database. Asynchronous so another engine can stand behind it;
 * every method is one short write or read.
 */
export interface IdempotencyStore {
  /**
   * Takes (user, key) for a request in progress, after removing entries created before
   * `expiredBefore` (the retention) and claims still in progress since before `abandonedBefore`
   * (a crash left them): atomically, so of two concurrent claims exactly one wins.
   */
  claim(
    entry: Omit<IdempotencyEntry, 'status' | 'body' | 'completedAt'>,
    cutoffs: { expiredBefore: string; abandonedBefore: string },
  ): Promise<ClaimResult>;
  /** Stores the answer of a claimed key (and the fingerprint, if only known now). */
  complete(
    userId: number,
    key: string,
    answer: { fingerprint: string; status: number; body: string; completedAt: string },
  ): Promise<void>;
  /** Gives a claimed key up (the request failed: nothing was created, a retry may run again). */
  release(userId: number, key: string): Promise<void>;
  /** Removes every entry created before `before`; how many. */
  prune(before: string): Promise<number>;
}

/** {@link IdempotencyStore} on SQLite. */
export function createSqliteIdempotencyStore(
  db: SqliteDatabase,
  write: SqliteWriter = createWriter(db),
): IdempotencyStore {
  const prune = db.prepare<[string]>('DELETE FROM idempotency_keys WHERE created_at < ?');
  const abandon = db.prepare<[string]>(
    'DELETE FROM idempotency_keys WHERE completed_at IS NULL AND created_at < ?',
  );
  const insert = db.prepare(
    `INSERT INTO idempotency_keys (user_id, key, method, path, fingerprint, created_at)
     VALUES (@userId, @key, @method, @path, @fingerprint, @createdAt)
     ON CONFLICT (user_id, key) DO NOTHING`,
  );
  const byKey = db.prepare<[number, string], Row>(
    'SELECT * FROM idempotency_keys WHERE user_id = ? AND key = ?',
  );
  const complete = db.prepare(
    `UPDATE idempotency_keys SET fingerprint = @fingerprint, status = @status, body = @body,
       completed_at = @completedAt WHERE user_id = @userId AND key = @key AND completed_at IS NULL`,
  );
  const release = db.prepare<[number, string]>(
    'DELETE FROM idempotency_keys WHERE user_id = ? AND key = ? AND completed_at IS NULL',
  );
  return {
    async claim(entry, { expiredBefore, abandonedBefore }) {
      return write((): ClaimResult => {
        prune.run(expiredBefore);
        abandon.run(abandonedBefore);
        if (insert.run(entry).changes === 1) return { kind: 'claimed' };
        return { kind: 'taken', entry: toEntry(byKey.get(entry.userId, entry.key)!) };
      });
    },
    async complete(userId, key, answer) {
      await write(() => complete.run({ userId, key, ...answer }));
    },
    async release(userId, key) {
      await write(() => release.run(userId, key));
    },
    async prune(before) {
      return write(() => prune.run(before).changes);
    },
  };
}
