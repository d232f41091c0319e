import type { PgDatabase, PgExecutor } from '../db/pg';
import { type IdempotencyRow, toEntry } from './idempotency-rows';
import type { ClaimResult, IdempotencyStore, KeyWrite } from './idempotency-store';

const PRUNE = 'DELETE FROM idempotency_keys WHERE created_at < $1';

/**
 * Makes a {@link KeyWrite} on `tx`, the connection of a store's transaction (a claimed key's answer
 * only fills a claim still in progress).
 */
export async function writePgKey(tx: PgExecutor, write: KeyWrite): Promise<void> {
  if (write.kind === 'release') {
    await tx.run('DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND created_at = $3', [
      write.userId,
      write.key,
      write.claimedAt,
    ]);
    return;
  }
  await tx.run(
    `UPDATE idempotency_keys SET fingerprint = $1, status = $2, body = $3, completed_at = $4
     WHERE user_id = $5 AND key = $6 AND created_at = $7 AND completed_at IS NULL`,
    [
      write.fingerprint,
      write.status,
      write.body,
      write.completedAt,
      write.userId,
      write.key,
      write.claimedAt,
    ],
  );
}

/**
 * {@link IdempotencyStore} on PostgreSQL, shared by every server on the database: a claim is one
 * SERIALIZABLE transaction, so of two servers claiming one key at once exactly one inserts it (the
 * other's insert conflicts, is retried, and reads the winner's entry).
 */
export function createPgIdempotencyStore(db: PgDatabase): IdempotencyStore {
  return {
    claim(entry, { expiredBefore, abandonedBefore }) {
      return db.transaction(async (tx): Promise<ClaimResult> => {
        await tx.run(PRUNE, [expiredBefore]);
        await tx.run('DELETE FROM idempotency_keys WHERE completed_at IS NULL AND created_at < $1', [
          abandonedBefore,
        ]);
        const inserted = await tx.run(
          `INSERT INTO idempotency_keys (user_id, key, method, path, fingerprint, created_at)
           VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (user_id, key) DO NOTHING`,
          [entry.userId, entry.key, entry.method, entry.path, entry.fingerprint, entry.createdAt],
        );
        if (inserted === 1) return { kind: 'claimed' };
        const row = await tx.one<IdempotencyRow>(
          'SELECT * FROM idempotency_keys WHERE user_id = $1 AND key = $2',
          [entry.userId, entry.key],
        );
        return { kind: 'taken', entry: toEntry(row!) };
      });
    },
    async complete(claim, answer) {
      await writePgKey(db, { kind: 'answer', ...claim, ...answer });
    },
    async release({ userId, key, claimedAt }) {
      await db.run(
        'DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND created_at = $3 AND completed_at IS NULL',
        [userId, key, claimedAt],
      );
    },
    prune(before) {
      return db.run(PRUNE, [before]);
    },
  };
}
