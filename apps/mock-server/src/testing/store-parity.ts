import { afterAll, beforeAll, expect } from 'vitest';
import type { PgDatabase } from '../db/pg';
import type { SeedKind } from '../db/seed-data';
import type { SqliteDatabase } from '../db/sqlite';
import { openParityDatabases, type ParityDatabases } from './parity';

/** A store's two implementations on the same seeded data, for one test file. */
export interface StoreParity<S> {
  readonly both: ParityDatabases;
  readonly sqlite: S;
  readonly pg: S;
  /** The same call on both engines (SQLite first): the answers must be equal; resolves to it. */
  same<T>(call: (store: S) => Promise<T>): Promise<T>;
  /** The same rows from both databases for one statement written with `$1…` parameters. */
  sameRows(sql: string, params?: readonly unknown[]): Promise<unknown[]>;
}

/** Opens {@link openParityDatabases} before the file's tests and closes it after them. */
export function useStoreParity<S>(
  make: { sqlite: (db: SqliteDatabase) => S; pg: (db: PgDatabase) => S },
  kind: SeedKind = 'small',
): StoreParity<S> {
  let both: ParityDatabases | undefined;
  let stores: { sqlite: S; pg: S } | undefined;
  beforeAll(async () => {
    both = await openParityDatabases(kind);
    stores = { sqlite: make.sqlite(both.sqlite), pg: make.pg(both.pg) };
  });
  afterAll(() => both?.close());
  const ready = () => {
    if (!both || !stores) throw new Error('The parity databases are opened in beforeAll');
    return { both, ...stores };
  };
  return {
    get both() {
      return ready().both;
    },
    get sqlite() {
      return ready().sqlite;
    },
    get pg() {
      return ready().pg;
    },
    async same(call) {
      const { sqlite, pg } = ready();
      const fromSqlite = await call(sqlite);
      const fromPg = await call(pg);
      expect(fromPg).toEqual(fromSqlite);
      return fromPg;
    },
    async sameRows(sql, params = []) {
      const { both } = ready();
      const fromSqlite = both.sqlite.prepare(sql.replace(/\$\d+/g, '?')).all(...params);
      const fromPg = await both.pg.many(sql, params);
      expect(fromPg).toEqual(fromSqlite);
      return fromPg;
    },
  };
}

/**
 * What a call did: its answer, or the expected refusal it threw (by class name and message), so
 * that both engines' refusals compare equal; any other error is thrown on.
 */
export async function outcome<T>(
  work: Promise<T>,
  refusals: readonly (abstract new (...args: never[]) => Error)[],
): Promise<{ value?: T; refused?: string }> {
  try {
    return { value: await work };
  } catch (error) {
    if (refusals.some((refusal) => error instanceof refusal)) {
      return { refused: `${(error as Error).name}: ${(error as Error).message}` };
    }
    throw error;
  }
}
