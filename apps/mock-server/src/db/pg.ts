import pg from 'pg';

/**
 * PostgreSQL for the stores, as node-postgres (`pg`) gives it: a pool per database of the logon
 * list, each pinned to its own schema. Statements are always parameterised (`$1`, `$2`…); the
 * schema name is the only identifier put into SQL, and it is checked against {@link SCHEMA_NAME}.
 */

/** What a store runs statements on: the pool, or the one connection of an open transaction. */
export interface PgExecutor {
  /** Every row of a statement. */
  many<R>(sql: string, params?: readonly unknown[]): Promise<R[]>;
  /** The first row, or undefined. */
  one<R>(sql: string, params?: readonly unknown[]): Promise<R | undefined>;
  /** Runs a statement; resolves to the number of rows it changed. */
  run(sql: string, params?: readonly unknown[]): Promise<number>;
}

/** One database of the logon list on PostgreSQL: a pool whose connections use its schema. */
export interface PgDatabase extends PgExecutor {
  readonly schema: string;
  /**
   * Runs `work` on one connection inside `BEGIN ISOLATION LEVEL SERIALIZABLE … COMMIT`: the same
   * guarantee as SQLite's one writer at a time (a check and its write cannot interleave with
   * another server's), without a global lock. A serialization failure or deadlock rolls back and
   * runs `work` again from the start (so `work` keeps side effects outside the database out of
   * it), up to `retries` times; then the error is thrown (the API answers 503 DATABASE_BUSY).
   */
  transaction<T>(
    work: (tx: PgExecutor) => Promise<T>,
    options?: {
      retries?: number;
      /**
       * `read committed` for a write that locks what it checks first (`SELECT … FOR UPDATE` of the
       * row it changes): it then waits only for writers of that row, where SERIALIZABLE's predicate
       * locks would also make writers of neighbouring rows retry. @default 'serializable'
       */
      isolation?: 'serializable' | 'read committed';
    },
  ): Promise<T>;
  /** The pool (LISTEN/NOTIFY, copy tools); stores use the methods above. */
  readonly pool: pg.Pool;
  close(): Promise<void>;
}

/** A schema name we put into SQL: the database id of the logon list. */
export const SCHEMA_NAME = /^[a-z][a-z0-9_]{0,47}$/;

/** PostgreSQL's codes for a transaction that lost to a concurrent one and may simply be retried. */
const RETRYABLE = new Set(['40001', '40P01']);

/** Whether `error` is PostgreSQL's answer that a transaction lost to a concurrent one. */
export function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE.has(code);
}

/** Whether `error` is a unique-constraint violation (PostgreSQL's 23505). */
export function isPgUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

// int8 (count(*), bigint columns) as a JS number: every id, count and epoch-ms value we store is
// far below 2^53. numeric stays a string (we never store one).
const INT8_OID = 20;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** Statements on `client` (a pool, or one connection held for a transaction). */
export const pgExecutor = (client: pg.Pool | pg.PoolClient): PgExecutor => ({
  async many<R>(sql: string, params: readonly unknown[] = []) {
    return (await client.query(sql, params as unknown[])).rows as R[];
  },
  async one<R>(sql: string, params: readonly unknown[] = []) {
    return (await client.query(sql, params as unknown[])).rows[0] as R | undefined;
  },
  async run(sql: string, params: readonly unknown[] = []) {
    return (await client.query(sql, params as unknown[])).rowCount ?? 0;
  },
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A pool on `url` whose connections read and write `schema` (created when missing). The pool's
 * size is per server: N servers on one PostgreSQL hold N × `max` connections at most.
 */
export async function openPgDatabase(
  url: string,
  schema: string,
  options: { max?: number; statementTimeoutMs?: number } = {},
): Promise<PgDatabase> {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Not a schema name we create: ${JSON.stringify(schema)}`);
  const statementTimeout = Math.max(0, Math.trunc(options.statementTimeoutMs ?? 30_000));
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    types,
    // Every connection works in the database's own schema, with text compared byte by byte (the
    // schema's columns are COLLATE "C" too) and a bound on any one statement.
    options: `-c search_path=${schema} -c statement_timeout=${statementTimeout}`,
  });
  // An idle connection the server dropped must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  try {
    await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const base = pgExecutor(pool);
  return {
    ...base,
    schema,
    pool,
    async transaction(work, { retries = 8, isolation = 'serializable' } = {}) {
      const begin =
        isolation === 'serializable'
          ? 'BEGIN ISOLATION LEVEL SERIALIZABLE'
          : 'BEGIN ISOLATION LEVEL READ COMMITTED';
      for (let attempt = 0; ; attempt++) {
        const client = await pool.connect();
        let broken = false;
        try {
          await client.query(begin);
          const result = await work(pgExecutor(client));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          try {
            await client.query('ROLLBACK');
          } catch {
            broken = true;
          }
          if (!isRetryable(error) || attempt >= retries) throw error;
        } finally {
          client.release(broken);
        }
        // A short, growing, jittered pause so the transactions that collided do not collide again.
        await pause(Math.random() * Math.min(2 ** attempt, 50));
      }
    },
    close: () => pool.end(),
  };
}
