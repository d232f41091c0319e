import { expect } from 'vitest';

/** What a call gave: its value, or the error it threw (by class, status, code and message). */
export type Outcome<T> =
  | { value: T }
  | { error: 'unique violation' | 'foreign key violation' }
  | {
      error: {
        name: string;
        status?: unknown;
        code?: unknown;
        message: string;
        issues?: unknown;
        extra?: unknown;
      };
    };

/** The engines' own words for a broken unique, primary or foreign key: one outcome, whatever each says. */
const UNIQUE_CODES = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY', '23505']);
const FOREIGN_KEY_CODES = new Set(['SQLITE_CONSTRAINT_FOREIGNKEY', '23503']);

/** Runs `call` and keeps its value or error, so a refusal on one engine can be compared with the other's. */
export async function outcome<T>(call: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { value: await call() };
  } catch (error) {
    const e = error as {
      name?: string;
      status?: unknown;
      code?: unknown;
      message?: string;
      issues?: unknown;
      extra?: unknown;
    };
    if (typeof e.code === 'string' && UNIQUE_CODES.has(e.code)) return { error: 'unique violation' };
    if (typeof e.code === 'string' && FOREIGN_KEY_CODES.has(e.code))
      return { error: 'foreign key violation' };
    return {
      error: { name: e.name ?? 'Error', status: e.status, code: e.code, message: e.message ?? String(error) },
    };
  }
}

/**
 * Calls the same method on a store's SQLite and PostgreSQL implementations (SQLite first, then
 * PostgreSQL) and expects equal outcomes; returns SQLite's.
 */
export function sameAnswers<S>(sqlite: S, pg: S) {
  return async <T>(call: (store: S) => Promise<T>, label?: string): Promise<Outcome<T>> => {
    const expected = await outcome(() => call(sqlite));
    const actual = await outcome(() => call(pg));
    expect(actual, label).toEqual(expected);
    return expected;
  };
}
