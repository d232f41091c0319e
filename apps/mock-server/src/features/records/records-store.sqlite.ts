import type { Statement } from 'better-sqlite3';
import { createWriter, type SqliteDatabase, type SqliteWriter } from '../../db/sqlite';
import { sqliteKeyWrites } from '../../http/idempotency-store';
import { auditWriter } from '../audit/audit-store';
import { OPEN_END, periodStatements } from './record-periods';
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
  runPlanSync,
  type SearchRows,
  type SearchStatement,
  type SearchTuning,
  searchTitles,
  seekPage,
} from './record-seek';
import { SQLITE_SEARCH, searchClock } from './record-seek.sqlite';
import type { AppendResult, NewRecordVersion, RecordStore } from './records-store';

/**
 * The synchronous writes of versions, for use inside one transaction: the version row, its period
 * (the search index through time), its audit events and the current pointer. The store runs them
 * through its writer; seeding runs them inside its own transaction.
 */
export function recordWrites(db: SqliteDatabase) {
  const current = db.prepare<[number], VersionRow>(
    `SELECT v.* FROM records r JOIN record_versions v
       ON v.record_id = r.record_id AND v.version = r.current_version
     WHERE r.record_id = ?`,
  );
  const version = db.prepare<[number, number], VersionRow>(
    'SELECT * FROM record_versions WHERE record_id = ? AND version = ?',
  );
  const periods = periodStatements(db);
  const appendAudit = auditWriter(db);
  const insertRecord = db.prepare<[string, number, number, string, string, number | null, string]>(
    `INSERT INTO records (entity, current_version, is_deleted, title, search_key, parent_id, current_values_json)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const movePointer = db.prepare<[number, number, string, string, number | null, string, number]>(
    `UPDATE records SET current_version = ?, is_deleted = ?, title = ?, search_key = ?, parent_id = ?,
       current_values_json = ?
     WHERE record_id = ?`,
  );
  const insertVersion = db.prepare(
    `INSERT INTO record_versions (record_id, version, entity, values_json, is_deleted, updated_by,
       updated_at_utc, audit_esig, audit_reason)
     VALUES (@id, @version, @entity, @values, @deleted, @by, @at, @esig, @reason)`,
  );

  const writeVersion = (id: number, entity: string, number: number, next: NewRecordVersion) => {
    const { row, period, audit } = versionWrites(id, entity, number, next);
    insertVersion.run(row);
    periods.add(period);
    if (audit) appendAudit(audit);
  };

  const createTx = (entity: string, first: NewRecordVersion): number => {
    const { index } = first;
    const { lastInsertRowid } = insertRecord.run(
      entity,
      1,
      first.isDeleted ? 1 : 0,
      index.title,
      index.searchKey,
      index.parentId,
      JSON.stringify(first.values),
    );
    const id = Number(lastInsertRowid);
    writeVersion(id, entity, 1, first);
    return id;
  };

  const appendTx = (id: number, expected: number, next: NewRecordVersion): AppendResult => {
    const row = current.get(id);
    if (!row) return { ok: false, reason: 'not-found' };
    if (row.version !== expected) return { ok: false, reason: 'stale', current: toRecord(row) };
    const number = row.version + 1;
    writeVersion(id, row.entity, number, next);
    movePointer.run(...pointerValues(number, next), id);
    return { ok: true, record: toRecord(version.get(id, number)!) };
  };

  const importTx = (id: number, list: NewRecordVersion[]) => {
    const row = current.get(id);
    if (!row) throw new Error(`No record ${id}`);
    let number = row.version;
    for (const next of list) writeVersion(id, row.entity, ++number, next);
    const last = list.at(-1);
    if (last) movePointer.run(...pointerValues(number, last), id);
  };

  return { createTx, appendTx, importTx };
}

/** {@link RecordStore} on SQLite. */
export function createSqliteRecordStore(
  db: SqliteDatabase,
  write: SqliteWriter = createWriter(db),
  tuning: SearchTuning = {},
): RecordStore {
  const walkAtLeast = tuning.walkAtLeast ?? WALK_AT_LEAST;
  const countCap = tuning.countCap ?? SEARCH_COUNT_CAP;
  const timeLimitMs = tuning.timeLimitMs ?? SEARCH_TIME_LIMIT_MS;
  const clock = searchClock(db);
  const { onStatement } = tuning;
  const current = db.prepare<[number], VersionRow>(
    `SELECT v.* FROM records r JOIN record_versions v
       ON v.record_id = r.record_id AND v.version = r.current_version
     WHERE r.record_id = ?`,
  );
  const version = db.prepare<[number, number], VersionRow>(
    'SELECT * FROM record_versions WHERE record_id = ? AND version = ?',
  );
  const versions = db.prepare<[number, string], VersionRow>(
    'SELECT * FROM record_versions WHERE record_id = ? AND updated_at_utc <= ? ORDER BY version',
  );
  const versionAt = db.prepare<[number, string], VersionRow>(
    `SELECT * FROM record_versions WHERE record_id = ? AND updated_at_utc <= ?
     ORDER BY updated_at_utc DESC, version DESC LIMIT 1`,
  );
  const { createTx, appendTx, importTx } = recordWrites(db);
  const keyWrite = sqliteKeyWrites(db);

  // The searches' statements, prepared once per text (the title searches' few texts recur on every
  // keystroke of a picker); bounded, since filter and sort texts vary with what users pick.
  const statements = new Map<string, Statement>();
  const all = ({ sql, params }: SearchStatement): SearchRows => {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= 256) statements.clear();
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    const prepared = statement;
    return clock.run(timeLimitMs, () => prepared.all(params) as SearchRows);
  };

  return {
    async getCurrent(id) {
      const row = current.get(id);
      return row ? toRecord(row) : null;
    },
    async getVersion(id, number) {
      const row = version.get(id, number);
      return row ? toRecord(row) : null;
    },
    async getAt(id, atIso) {
      const row = versionAt.get(id, atIso);
      return row ? toRecord(row) : null;
    },
    async listVersions(id, atIso) {
      return versions.all(id, atIso ?? OPEN_END).map(toRecord);
    },
    async create(entity, first, key) {
      return write(() => {
        const created = toRecord(version.get(createTx(entity, first), 1)!);
        if (key) keyWrite(key(created));
        return created;
      });
    },
    async append(id, expected, next) {
      return write(() => appendTx(id, expected, next));
    },
    async searchTitles(options) {
      return runPlanSync(searchTitles(SQLITE_SEARCH, options), all);
    },
    async search(options) {
      const { rows, total } = runPlanSync(offsetPage(SQLITE_SEARCH, options, walkAtLeast), all);
      return { rows: (rows as unknown as VersionRow[]).map(toRecord), total };
    },
    async searchPage(options) {
      const tuned = { walkAtLeast, countCap, onStatement };
      const { rows, hasMore, count } = runPlanSync(seekPage(SQLITE_SEARCH, options, tuned), all);
      return {
        rows: rows.map((row) => ({ ...toRecord(row as unknown as VersionRow), searchKey: row.seek_key })),
        hasMore,
        count,
      };
    },
    async importVersions(id, list) {
      await write(() => importTx(id, list));
    },
  };
}
