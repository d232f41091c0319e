import { randomUUID } from 'node:crypto';
import type pg from 'pg';

/**
 * "The definitions of database X changed": how every server of a deployment learns that it must
 * drop what it cached of X (form definitions, translations, process commands), e.g. after
 * `Template.CacheRefresh` or a designer's publish on another server.
 */
export interface ChangeFeed {
  /**
   * Announces a change of `database`'s definitions: this server's listeners run before it returns,
   * the other servers' as soon as the announcement reaches them.
   */
  publish(database: string): Promise<void>;
  /** Runs `listener` on every announcement, from this server or another; returns the unsubscribe. */
  subscribe(listener: (database: string) => void): () => void;
  close(): Promise<void>;
}

function listeners() {
  const all = new Set<(database: string) => void>();
  return {
    add(listener: (database: string) => void) {
      all.add(listener);
      return () => {
        all.delete(listener);
      };
    },
    run(database: string) {
      for (const listener of all) listener(database);
    },
  };
}

/** The feed of a server that is alone on its databases (SQLite). */
export function createLocalChangeFeed(): ChangeFeed {
  const local = listeners();
  return {
    async publish(database) {
      local.run(database);
    },
    subscribe: local.add,
    async close() {},
  };
}

/** The PostgreSQL channel of the feed. */
export const CHANGE_CHANNEL = 'procedo_definitions';

/**
 * The feed of several servers on one PostgreSQL: `NOTIFY procedo_definitions` carries
 * `{ origin, database }` to every server's `LISTEN` connection (each server ignores its own, which
 * it ran already). A dropped listening connection is opened again after `retryMs`, and every cache
 * is dropped then, since announcements made while it was down were missed.
 */
export async function createPgChangeFeed(
  pool: pg.Pool,
  options: { databases: readonly string[]; retryMs?: number; onError?: (error: unknown) => void },
): Promise<ChangeFeed> {
  const origin = randomUUID();
  const local = listeners();
  const retryMs = options.retryMs ?? 1000;
  /** The listening connection, released once only (a dropped one also reports its error later). */
  let listening: { connection: pg.PoolClient; release: (destroy?: boolean) => void } | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== CHANGE_CHANNEL || !message.payload) return;
    try {
      const parsed = JSON.parse(message.payload) as { origin?: unknown; database?: unknown };
      if (parsed.origin !== origin && typeof parsed.database === 'string') local.run(parsed.database);
    } catch (error) {
      options.onError?.(error);
    }
  };
  const connect = async () => {
    const connection = await pool.connect();
    let released = false;
    const release = (destroy = false) => {
      if (released) return;
      released = true;
      connection.removeListener('notification', onNotification);
      connection.release(destroy);
    };
    // Kept after release: a connection cut later still emits its error, which must not go unheard.
    connection.on('error', (error) => {
      if (closed) return;
      options.onError?.(error);
      release(true);
      if (listening?.connection === connection) listening = null;
      retry = setTimeout(reconnect, retryMs);
    });
    connection.on('notification', onNotification);
    await connection.query(`LISTEN ${CHANGE_CHANNEL}`);
    listening = { connection, release };
  };
  const reconnect = () => {
    connect()
      .then(() => {
        for (const database of options.databases) local.run(database);
      })
      .catch((error: unknown) => {
        options.onError?.(error);
        if (!closed) retry = setTimeout(reconnect, retryMs);
      });
  };
  await connect();

  return {
    async publish(database) {
      local.run(database);
      await pool.query('SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, JSON.stringify({ origin, database })]);
    },
    subscribe: local.add,
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = listening;
      listening = null;
      if (current) {
        await current.connection.query(`UNLISTEN ${CHANGE_CHANNEL}`).catch(() => {});
        current.release();
      }
    },
  };
}
