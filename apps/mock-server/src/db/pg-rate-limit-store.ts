import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import type pg from 'pg';

/**
 * The failed-logon counters of every server on one PostgreSQL, in `procedo.rate_limit_hits`: a
 * flood spread over N servers behind a load balancer meets the same limit as on one. Fixed windows
 * as express-rate-limit's own memory store keeps them; each count is one atomic upsert.
 */
export const RATE_LIMIT_SCHEMA = `
CREATE SCHEMA IF NOT EXISTS procedo;
CREATE TABLE IF NOT EXISTS procedo.rate_limit_hits (
  key text COLLATE "C" PRIMARY KEY,
  hits integer NOT NULL,
  reset_at bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS rate_limit_hits_reset ON procedo.rate_limit_hits (reset_at);
`;

/** Creates the shared table when missing (under a lock: servers may start together). */
export async function ensureRateLimitTable(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['procedo:rate-limit-schema']);
    await client.query(RATE_LIMIT_SCHEMA);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** An express-rate-limit store on the shared table; `prefix` keeps one limiter's keys apart. */
export function createPgRateLimitStore(pool: pg.Pool, prefix: string, now: () => number = Date.now): Store {
  let windowMs = 60_000;
  let sweep: NodeJS.Timeout | undefined;
  const info = (row: { hits: number; reset_at: string | number }): ClientRateLimitInfo => ({
    totalHits: row.hits,
    resetTime: new Date(Number(row.reset_at)),
  });
  return {
    prefix,
    localKeys: false,
    init(options: Options) {
      windowMs = options.windowMs;
      // Windows that ended are only clutter: sweep them now and then.
      sweep = setInterval(
        () => {
          pool.query('DELETE FROM procedo.rate_limit_hits WHERE reset_at <= $1', [now()]).catch(() => {});
        },
        Math.max(windowMs, 10_000),
      );
      sweep.unref();
    },
    async get(key) {
      const { rows } = await pool.query<{ hits: number; reset_at: string }>(
        'SELECT hits, reset_at FROM procedo.rate_limit_hits WHERE key = $1 AND reset_at > $2',
        [prefix + key, now()],
      );
      return rows[0] ? info(rows[0]) : undefined;
    },
    async increment(key) {
      const at = now();
      const { rows } = await pool.query<{ hits: number; reset_at: string }>(
        `INSERT INTO procedo.rate_limit_hits AS r (key, hits, reset_at) VALUES ($1, 1, $2)
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN r.reset_at <= $3 THEN 1 ELSE r.hits + 1 END,
           reset_at = CASE WHEN r.reset_at <= $3 THEN $2 ELSE r.reset_at END
         RETURNING hits, reset_at`,
        [prefix + key, at + windowMs, at],
      );
      return info(rows[0]!);
    },
    async decrement(key) {
      await pool.query(
        'UPDATE procedo.rate_limit_hits SET hits = greatest(hits - 1, 0) WHERE key = $1 AND reset_at > $2',
        [prefix + key, now()],
      );
    },
    async resetKey(key) {
      await pool.query('DELETE FROM procedo.rate_limit_hits WHERE key = $1', [prefix + key]);
    },
    shutdown() {
      clearInterval(sweep);
    },
  };
}
