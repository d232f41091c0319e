import type { IdempotencyEntry } from './idempotency-store';

/** An idempotency_keys row, as both engines read it, and its mapping. */

export interface IdempotencyRow {
  user_id: number;
  key: string;
  method: string;
  path: string;
  fingerprint: string | null;
  status: number | null;
  body: string | null;
  created_at: string;
  completed_at: string | null;
}

export const toEntry = (row: IdempotencyRow): IdempotencyEntry => ({
  userId: row.user_id,
  key: row.key,
  method: row.method,
  path: row.path,
  fingerprint: row.fingerprint,
  status: row.status,
  body: row.body,
  createdAt: row.created_at,
  completedAt: row.completed_at,
});
