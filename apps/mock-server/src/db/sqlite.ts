import Database from 'better-sqlite3';

/** A better-sqlite3 connection. */
export type SqliteDatabase = Database.Database;

/** One schema step; `version` values are 1, 2, 3… in order and never change once shipped. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** Data work after `sql`, in the same transaction (filling a new index from existing rows). */
  run?: (db: SqliteDatabase) => void;
}

/**
 * Opens (creating if needed) a SQLite file with the durability settings the server relies on:
 * WAL journal, `synchronous=FULL` (a committed write survives a crash), foreign keys on. The busy
 * timeout of 5 s is for opening, migrating and seeding only: call {@link serveRequests} before
 * the connection answers requests.
 */
export function openSqlite(file: string): SqliteDatabase {
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** The rows per index `PRAGMA optimize` reads for the planner's statistics (see {@link serveRequests}). */
export const ANALYSIS_LIMIT = 100_000;

/**
 * Readies an opened connection for requests: no busy wait inside SQLite at all. better-sqlite3
 * runs on the event loop's thread, so a busy wait there stalls every request of every user while
 * another process holds the write lock; writes wait in {@link createWriter} instead, off the
 * thread. Reads never need the write lock (WAL).
 */
export function serveRequests(db: SqliteDatabase): void {
  db.pragma('busy_timeout = 0');
  // Table statistics for the query planner, as SQLite recommends at a connection's start
  // (https://sqlite.org/lang_analyze.html#recommended_usage_pattern): with them a selective search
  // condition is read through its column's index and an unselective one keeps the title order.
  // The limit keeps it quick on a large file (about 0.7 s at a million batches, and only when a
  // table has no statistics yet or has grown tenfold); below it per index the figures are exact.
  // At 1,000 they were too rough: a million batches looked like 667 rows an entity, so one day of
  // ManufacturedOn (274 batches) walked the title order through all of them (bench/README.md).
  db.pragma(`analysis_limit = ${ANALYSIS_LIMIT}`);
  db.pragma('optimize = 0x10002');
}

/** How long a write waits for another connection's write lock by default. */
export const DEFAULT_WRITE_WAIT_MS = 2000;

/** A write that could not get the database's write lock in time. */
export class DatabaseBusyError extends Error {
  override name = 'DatabaseBusyError';
  readonly code = 'SQLITE_BUSY';
}

/** Runs `work` as one write transaction; see {@link createWriter}. */
export type SqliteWriter = <T>(work: () => T) => Promise<T>;

const isBusy = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code === 'SQLITE_LOCKED');
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Write transactions that never block the event loop: each runs `work` synchronously inside
 * `BEGIN IMMEDIATE` (so the lock is taken before anything is read, and a check and its write
 * cannot interleave with another request). When another connection holds the write lock the
 * attempt fails at once (busy timeout 0) and is retried after a short, growing pause, until
 * `waitMs` has passed; then it throws {@link DatabaseBusyError} (the API answers 503). `work` runs
 * to completion at most once: a failed BEGIN ran none of it.
 */
export function createWriter(db: SqliteDatabase, options: { waitMs?: number } = {}): SqliteWriter {
  const waitMs = options.waitMs ?? DEFAULT_WRITE_WAIT_MS;
  return async <T>(work: () => T): Promise<T> => {
    const transaction = db.transaction(work);
    const deadline = performance.now() + waitMs;
    let wait = 1;
    for (;;) {
      try {
        return transaction.immediate();
      } catch (error) {
        if (!isBusy(error) || db.inTransaction) throw error;
        const left = deadline - performance.now();
        if (left <= 0) {
          throw new DatabaseBusyError('The database is locked by another writer.', { cause: error });
        }
        await pause(Math.min(wait, left));
        wait = Math.min(wait * 2, 25);
      }
    }
  };
}

/** The open transaction of an {@link SqliteAsyncWriter}, handed to its work. */
export interface AsyncTransaction {
  /** Throws when the transaction is no longer open (committed, rolled back, or refused for a yield). */
  assertOpen(): void;
}

/** Runs async `work` as one write transaction; see {@link createAsyncWriter}. */
export type SqliteAsyncWriter = <T>(work: (transaction: AsyncTransaction) => Promise<T>) => Promise<T>;

/** What the error of work that yielded to the event loop inside an open transaction says. */
export const YIELD_IN_TRANSACTION =
  "A SQLite write transaction yielded to the event loop: its work may only await the transaction store's calls (one connection serves every request, so another request would run inside it). It was rolled back.";

/**
 * The async sibling of {@link createWriter}: `BEGIN IMMEDIATE` (retried off the thread while
 * another connection holds the write lock, then {@link DatabaseBusyError} after `waitMs`), then
 * `await work()`, then `COMMIT`; `ROLLBACK` when the work throws.
 *
 * One connection serves every request, so the work MUST NOT yield to the event loop: it may only
 * await calls that settle as microtasks (the store's, which run their statements synchronously).
 * Otherwise another request's statements would run inside this open transaction (and be rolled
 * back or committed with it). A yield is caught, not trusted: an immediate scheduled at BEGIN
 * that fires while the transaction is still open rolls it back at once, and the work's later
 * calls (through {@link AsyncTransaction.assertOpen}) and its result throw
 * {@link YIELD_IN_TRANSACTION}. Sync {@link createWriter} transactions inside the work run as
 * savepoints of this one (better-sqlite3 nests them).
 */
export function createAsyncWriter(db: SqliteDatabase, options: { waitMs?: number } = {}): SqliteAsyncWriter {
  const waitMs = options.waitMs ?? DEFAULT_WRITE_WAIT_MS;
  const begin = async () => {
    const deadline = performance.now() + waitMs;
    let wait = 1;
    for (;;) {
      try {
        db.exec('BEGIN IMMEDIATE');
        return;
      } catch (error) {
        if (!isBusy(error) || db.inTransaction) throw error;
        const left = deadline - performance.now();
        if (left <= 0) {
          throw new DatabaseBusyError('The database is locked by another writer.', { cause: error });
        }
        await pause(Math.min(wait, left));
        wait = Math.min(wait * 2, 25);
      }
    }
  };
  return async <T>(work: (transaction: AsyncTransaction) => Promise<T>): Promise<T> => {
    await begin();
    // An object, not a let: the immediate and the handle change it behind the control flow's back.
    const status: { state: 'open' | 'yielded' | 'closed' } = { state: 'open' };
    const yieldError = () => new Error(YIELD_IN_TRANSACTION);
    const guard = setImmediate(() => {
      if (status.state !== 'open') return;
      status.state = 'yielded';
      if (db.inTransaction) db.exec('ROLLBACK');
    });
    const transaction: AsyncTransaction = {
      assertOpen() {
        if (status.state === 'yielded') throw yieldError();
        if (status.state === 'closed')
          throw new Error('The SQLite write transaction is over: its store cannot be used.');
      },
    };
    try {
      const result = await work(transaction);
      transaction.assertOpen();
      db.exec('COMMIT');
      return result;
    } catch (error) {
      if (status.state === 'open' && db.inTransaction) db.exec('ROLLBACK');
      throw status.state === 'yielded' ? yieldError() : error;
    } finally {
      if (status.state === 'open') status.state = 'closed';
      clearImmediate(guard);
    }
  };
}

/**
 * Applies the migrations newer than the file's `user_version`, each in its own transaction, and
 * returns the versions applied. A file from a newer server is refused rather than guessed at.
 */
export function migrate(db: SqliteDatabase, migrations: readonly Migration[]): number[] {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = migrations.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new Error(
      `Database schema version ${current} is newer than this server knows (${latest}); upgrade the server.`,
    );
  }
  const applied: number[] = [];
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      migration.run?.(db);
      // user_version takes no bound parameters; the value is an integer from our own list.
      db.pragma(`user_version = ${Math.trunc(migration.version)}`);
    })();
    applied.push(migration.version);
  }
  return applied;
}
