/**
 * What the benchmarks need beside the running server: direct access to a database, to write long
 * record histories (`bench/records-bench.mjs`, `bench/timetravel-bench.mjs`) and many stored
 * processes (`bench/process-bench.mjs`) quickly, and the callback body reader with the client-api
 * codec it replaced, to time them side by side (`bench/hostile-bench.mjs`). Not used by the server itself.
 */

import type { FieldValues } from '@procedo/client-api';
import { openPgDatabase } from './db/pg';
import type { SqliteDatabase } from './db/sqlite';
import { writeEvents } from './features/audit/audit-events';
import { indexFields } from './features/records/entities';
import type { NewRecordVersion } from './features/records/records-store';
import { createPgRecordStore } from './features/records/records-store.pg';
import { recordWrites } from './features/records/records-store.sqlite';

export { parseXml } from '@procedo/client-api';
export { openSqlite } from './db/sqlite';
export { parseCommandXml } from './features/callback/callback-xml';
export { bulkInsertProcesses } from './features/processes/process-bulk-insert';
export { indexFields } from './features/records/entities';
export { createSqliteRecordStore } from './features/records/records-store.sqlite';
// The kill -9 crash cycles of bench/crash-bench.mjs against the built server.
export { runCrashCycles } from './testing/crash-cycles';

/** One version of a history written by {@link bulkWriteHistories}. */
export interface BulkVersion {
  /** The whole values of the version (a deletion keeps the values it deletes, as the API does). */
  values: FieldValues;
  /** When it was written, ISO UTC; a record's versions come oldest first. */
  at: string;
  isDeleted?: boolean;
  user: { name: string; legalName: string };
  /** A signed write (its `sign` event is written too). */
  signed?: { signature: string; reason: string } | null;
}

/**
 * Writes the histories of `count` new records of `entity` straight into a database, through the
 * record store's own synchronous writes (`recordWrites`): every version with its period and, with
 * `audit` (the default), the hash-chained events a save through the API writes (`writeEvents`).
 * Many versions share one transaction (`batch`, default 50,000), so a million versions cost a
 * minute, not a million durable commits. `history(i)` gives the versions of the i-th record, oldest
 * first. Returns the new records' ids in order. Run it while no server writes to the file.
 */
export function bulkWriteHistories(
  db: SqliteDatabase,
  options: {
    entity: string;
    count: number;
    history: (index: number) => BulkVersion[];
    audit?: boolean;
    /** The audit-flagged element names (their changes go into a `sign` event). */
    audited?: ReadonlySet<string>;
    batch?: number;
  },
): number[] {
  const { entity, count, history } = options;
  const audit = options.audit ?? true;
  const audited = options.audited ?? new Set<string>();
  const batch = options.batch ?? 50_000;
  const { createTx, importTx } = recordWrites(db);

  const toNew = (version: BulkVersion, before: FieldValues | null): NewRecordVersion => {
    const isDeleted = version.isDeleted ?? false;
    const signed = version.signed ?? null;
    return {
      values: version.values,
      isDeleted,
      index: indexFields(entity, version.values),
      updatedBy: version.user.name,
      updatedAt: version.at,
      auditESig: signed?.signature ?? null,
      auditReason: signed?.reason ?? null,
      ...(audit
        ? {
            audit: writeEvents({
              before,
              after: version.values,
              isDeleted,
              user: version.user,
              signed,
              audited,
            }),
          }
        : {}),
    };
  };

  const ids: number[] = [];
  let pending = 0;
  db.exec('BEGIN IMMEDIATE');
  try {
    const commitIfFull = () => {
      if (pending < batch) return;
      db.exec('COMMIT');
      db.exec('BEGIN IMMEDIATE');
      pending = 0;
    };
    for (let i = 0; i < count; i++) {
      const versions = history(i);
      const first = versions[0];
      if (!first) throw new Error(`The history of record ${i} is empty`);
      const id = createTx(entity, toNew(first, null));
      ids.push(id);
      pending += 1;
      // Slices of the history, so a long one spreads over several transactions too.
      for (let start = 1; start < versions.length; ) {
        const end = Math.min(versions.length, start + Math.max(1, batch - pending));
        const slice: NewRecordVersion[] = [];
        for (let k = start; k < end; k++) {
          const version = versions[k]!;
          const before = versions[k - 1]!;
          // Periods close at the next version's time: out-of-order times would make them overlap.
          if (version.at < before.at)
            throw new Error(`Record ${i}: version ${k + 1} is older than the one before`);
          slice.push(toNew(version, before.values));
        }
        importTx(id, slice);
        pending += slice.length;
        start = end;
        commitIfFull();
      }
      commitIfFull();
    }
    db.exec('COMMIT');
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
  return ids;
}

/** A PostgreSQL record store on one schema of `url`, for benchmarks that write histories directly. */
export async function openPgRecordStore(url: string, schema: string) {
  const db = await openPgDatabase(url, schema, { max: 2 });
  return { store: createPgRecordStore(db), close: () => db.close() };
}
