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

/**
 * One claim of a key: the user, the key and the instant it was claimed. A write names its claim
 * whole, so a request that outlived its claim's abandonment (`IDEMPOTENCY_ABANDONED_MS`) can never
 * answer or release a newer claim of the same key.
 */
export interface KeyClaim {
  userId: number;
  key: string;
  /** The claim's `createdAt`. */
  claimedAt: string;
}

/**
 * A write of a claimed key that a create's store makes in the create's own transaction, so the
 * create and its key's answer commit together: the answer (`answer`), or the key given up again
 * (`release`, in the transaction that undoes a create, e.g. an upload whose bytes could not be kept).
 */
export type KeyWrite =
  | (KeyClaim & {
      kind: 'answer';
      fingerprint: string;
      status: number;
      /** The answer's JSON text. */
      body: string;
      completedAt: string;
    })
  | (KeyClaim & { kind: 'release' });

/**
 * What a create's service gets from the `Idempotency-Key` handling (http/idempotency.ts): the key
 * writes to hand its store, which makes them in the create's transaction.
 */
export interface KeyInTransaction {
  /** The key's answer: 201 with `body`, the created resource as the create answers it. */
  created(body: unknown): KeyWrite;
  /** The key given up (the answer written with the create is removed with it). */
  release(): KeyWrite;
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
  /**
   * Stores the answer of a claimed key (and the fingerprint, if only known now) in a write of its
   * own. The creates do not use it: their stores write the answer in the create's transaction
   * ({@link KeyWrite}), so no crash can come between the two.
   */
  complete(
    claim: KeyClaim,
    answer: { fingerprint: string; status: number; body: string; completedAt: string },
  ): Promise<void>;
  /**
   * Gives a claim still in progress up (the request failed: nothing was created, a retry may run
   * again); a completed claim, or a newer claim of the key, stays.
   */
  release(claim: KeyClaim): Promise<void>;
  /** Removes every entry created before `before`; how many. */
  prune(before: string): Promise<number>;
}

/**
 * Makes a {@link KeyWrite} with statements on `db`, for a store's transaction on that connection
 * (a claimed key's answer only fills a claim still in progress).
 */
export function sqliteKeyWrites(db: SqliteDatabase): (write: KeyWrite) => void {
  const complete = db.prepare(
    `UPDATE idempotency_keys SET fingerprint = @fingerprint, status = @status, body = @body,
       completed_at = @completedAt
     WHERE user_id = @userId AND key = @key AND created_at = @claimedAt AND completed_at IS NULL`,
  );
  const release = db.prepare<[number, string, string]>(
    'DELETE FROM idempotency_keys WHERE user_id = ? AND key = ? AND created_at = ?',
  );
  return (write) => {
    if (write.kind === 'answer') {
      const { kind: _, ...answer } = write;
      complete.run(answer);
    } else release.run(write.userId, write.key, write.claimedAt);
  };
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
  const keyWrite = sqliteKeyWrites(db);
  const release = db.prepare<[number, string, string]>(
    'DELETE FROM idempotency_keys WHERE user_id = ? AND key = ? AND created_at = ? AND completed_at IS NULL',
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
    async complete(claim, answer) {
      await write(() => keyWrite({ kind: 'answer', ...claim, ...answer }));
    },
    async release({ userId, key, claimedAt }) {
      await write(() => release.run(userId, key, claimedAt));
    },
    async prune(before) {
      return write(() => prune.run(before).changes);
    },
  };
}
