import type { PgDatabase, PgExecutor } from '../db/pg';

const WRITE = /^\s*(INSERT|UPDATE|DELETE)\b/i;

/**
 * Wraps databases (one, or one per simulated server) so their transactions hold their first write
 * until `parties` transactions have reached theirs: every one of them has made its reads before any
 * writes, the overlap a race between servers can have, made certain instead of left to timing.
 * Later attempts (a retry after a serialization failure) pass straight through.
 */
export function overlapWrites(parties: number): (db: PgDatabase) => PgDatabase {
  let arrived = 0;
  let release = () => {};
  const everyone = new Promise<void>((resolve) => {
    release = resolve;
  });
  const gated = (tx: PgExecutor): PgExecutor => {
    let passed = false;
    const gate = async (sql: string) => {
      if (passed || !WRITE.test(sql)) return;
      passed = true;
      arrived += 1;
      if (arrived === parties) release();
      if (arrived <= parties) await everyone;
    };
    return {
      async many(sql, params) {
        await gate(sql);
        return tx.many(sql, params);
      },
      async one(sql, params) {
        await gate(sql);
        return tx.one(sql, params);
      },
      async run(sql, params) {
        await gate(sql);
        return tx.run(sql, params);
      },
    };
  };
  return (db) => ({
    ...db,
    transaction: (work, options) => db.transaction((tx) => work(gated(tx)), options),
  });
}
