import type { PgDatabase, PgExecutor } from '../../db/pg';
import { positional } from '../../db/pg-named';
import { writePgKey } from '../../http/idempotency-store.pg';
import { appendPgAuditEvents } from '../audit/audit-store.pg';
import { OPEN_END } from './record-periods';
import { addPgPeriod } from './record-periods.pg';
import {
  pointerValues,
  SEARCH_COUNT_CAP,
  SEARCH_TIME_LIMIT_MS,
  toRecord,
  type VersionRow,
  versionWrites,
  WALK_AT_LEAST,
} from './record-rows';
import {
  offsetPage,
  runPlan,
  type SearchPlan,
  type SearchRows,
  SearchTimeLimitError,
  type SearchTuning,
  searchTitles,
  seekPage,
} from './record-seek';
import { PG_SEARCH } from './record-seek.pg';
import type { AppendResult, NewRecordVersion, RecordStore } from './records-store';

const CURRENT = `SELECT v.* FROM records r JOIN record_versions v
  ON v.record_id = r.record_id AND v.version = r.current_version
  WHERE r.record_id = $1`;
const VERSION = 'SELECT * FROM record_versions WHERE record_id = $1 AND version = $2';
/**
 * A write to one record takes its row lock first: writers of the same record then go one after
 * the other (the second reads the first's committed version and is stale), while writers of other
 * records never wait for it or retry because of it — READ COMMITTED, not SERIALIZABLE, whose
 * predicate locks on the shared indexes made concurrent saves of different records fail each other.
 */
const LOCK_RECORD = 'SELECT 1 FROM records WHERE record_id = $1 FOR UPDATE';
const ONE_RECORD = { isolation: 'read committed' } as const;

/** Writes version `number` of a record: the version row, its period and its audit events. */
async function writeVersion(
  tx: PgExecutor,
  id: number,
  entity: string,
  number: number,
  next: NewRecordVersion,
) {
  const { row, period, audit } = versionWrites(id, entity, number, next);
  await tx.run(
    `INSERT INTO record_versions (record_id, version, entity, values_json, is_deleted, updated_by,
       updated_at_utc, audit_esig, audit_reason)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [row.id, row.version, row.entity, row.values, row.deleted, row.by, row.at, row.esig, row.reason],
  );
  await addPgPeriod(tx, period);
  if (audit) await appendPgAuditEvents(tx, audit);
}

/** Moves a record's pointer (and its index columns and current values) to version `number`. */
async function movePointer(tx: PgExecutor, id: number, number: number, next: NewRecordVersion) {
  await tx.run(
    `UPDATE records SET current_version = $1, is_deleted = $2, title = $3, search_key = $4, parent_id = $5,
       current_values_json = $6
     WHERE record_id = $7`,
    [...pointerValues(number, next), id],
  );
}

/**
 * {@link RecordStore} on PostgreSQL. A write to a record is one transaction holding that record's
 * row lock from before its check of the current version to its commit, so its check and its
 * writes cannot interleave with another server's write of the record; a search runs its
 * statements in one read-only snapshot, so its count and its page see the same records.
 */
/** PostgreSQL's `query_canceled`: here, a statement past `statement_timeout`. */
const isStatementTimeout = (error: unknown) => (error as { code?: unknown } | null)?.code === '57014';

export function createPgRecordStore(db: PgDatabase, tuning: SearchTuning = {}): RecordStore {
  const walkAtLeast = tuning.walkAtLeast ?? WALK_AT_LEAST;
  const countCap = tuning.countCap ?? SEARCH_COUNT_CAP;
  const timeLimitMs = Math.max(1, Math.floor(tuning.timeLimitMs ?? SEARCH_TIME_LIMIT_MS));
  const { onStatement } = tuning;
  // A search's statements share one snapshot, read-only: REPEATABLE READ is all a read needs, and
  // unlike SERIALIZABLE it takes no predicate locks that would make concurrent writers retry.
  // Its statements run under `statement_timeout`; a keyset page's count inside a savepoint, so a
  // count stopped there leaves the transaction usable and answers "more than" (record-seek.ts).
  const run = <T>(plan: () => SearchPlan<T>) =>
    db.transaction(async (tx) => {
      await tx.run('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      await tx.run(`SET LOCAL statement_timeout = ${timeLimitMs}`);
      return runPlan(plan(), async ({ sql, params, kind }) => {
        const { text, values } = positional(sql, params);
        if (kind !== 'count') {
          try {
            return (await tx.many(text, values)) as SearchRows;
          } catch (error) {
            throw isStatementTimeout(error) ? new SearchTimeLimitError(timeLimitMs) : error;
          }
        }
        await tx.run('SAVEPOINT search_count');
        try {
          const rows = (await tx.many(text, values)) as SearchRows;
          await tx.run('RELEASE SAVEPOINT search_count');
          return rows;
        } catch (error) {
          if (!isStatementTimeout(error)) throw error;
          await tx.run('ROLLBACK TO SAVEPOINT search_count');
          throw new SearchTimeLimitError(timeLimitMs);
        }
      });
    });

  return {
    async getCurrent(id) {
      const row = await db.one<VersionRow>(CURRENT, [id]);
      return row ? toRecord(row) : null;
    },
    async getVersion(id, number) {
      const row = await db.one<VersionRow>(VERSION, [id, number]);
      return row ? toRecord(row) : null;
    },
    async getAt(id, atIso) {
      const row = await db.one<VersionRow>(
        `SELECT * FROM record_versions WHERE record_id = $1 AND updated_at_utc <= $2
         ORDER BY updated_at_utc DESC, version DESC LIMIT 1`,
        [id, atIso],
      );
      return row ? toRecord(row) : null;
    },
    async listVersions(id, atIso) {
      const rows = await db.many<VersionRow>(
        'SELECT * FROM record_versions WHERE record_id = $1 AND updated_at_utc <= $2 ORDER BY version',
        [id, atIso ?? OPEN_END],
      );
      return rows.map(toRecord);
    },
    async create(entity, first, key) {
      return db.transaction(async (tx) => {
        const { index } = first;
        const inserted = await tx.one<{ record_id: number }>(
          `INSERT INTO records (entity, current_version, is_deleted, title, search_key, parent_id, current_values_json)
           VALUES ($1, 1, $2, $3, $4, $5, $6) RETURNING record_id`,
          [
            entity,
            first.isDeleted ? 1 : 0,
            index.title,
            index.searchKey,
            index.parentId,
            JSON.stringify(first.values),
          ],
        );
        const id = inserted!.record_id;
        await writeVersion(tx, id, entity, 1, first);
        const created = toRecord((await tx.one<VersionRow>(VERSION, [id, 1]))!);
        if (key) await writePgKey(tx, key(created));
        return created;
      });
    },
    async append(id, expected, next) {
      return db.transaction(async (tx): Promise<AppendResult> => {
        await tx.run(LOCK_RECORD, [id]);
        const row = await tx.one<VersionRow>(CURRENT, [id]);
        if (!row) return { ok: false, reason: 'not-found' };
        if (row.version !== expected) return { ok: false, reason: 'stale', current: toRecord(row) };
        const number = row.version + 1;
        await writeVersion(tx, id, row.entity, number, next);
        await movePointer(tx, id, number, next);
        return { ok: true, record: toRecord((await tx.one<VersionRow>(VERSION, [id, number]))!) };
      }, ONE_RECORD);
    },
    async searchTitles(options) {
      return run(() => searchTitles(PG_SEARCH, options));
    },
    async search(options) {
      const { rows, total } = await run(() => offsetPage(PG_SEARCH, options, walkAtLeast));
      return { rows: (rows as unknown as VersionRow[]).map(toRecord), total };
    },
    async searchPage(options) {
      const tuned = { walkAtLeast, countCap, onStatement };
      const { rows, hasMore, count } = await run(() => seekPage(PG_SEARCH, options, tuned));
      return {
        rows: rows.map((row) => ({ ...toRecord(row as unknown as VersionRow), searchKey: row.seek_key })),
        hasMore,
        count,
      };
    },
    async importVersions(id, list) {
      await db.transaction(async (tx) => {
        await tx.run(LOCK_RECORD, [id]);
        const row = await tx.one<VersionRow>(CURRENT, [id]);
        if (!row) throw new Error(`No record ${id}`);
        let number = row.version;
        for (const next of list) await writeVersion(tx, id, row.entity, ++number, next);
        const last = list.at(-1);
        if (last) await movePointer(tx, id, number, last);
      }, ONE_RECORD);
    },
  };
}
