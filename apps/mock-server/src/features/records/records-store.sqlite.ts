import type { FieldValues } from '@procedo/client-api';
import { createWriter, type SqliteDatabase, type SqliteWriter } from '../../db/sqlite';
import { auditWriter } from '../audit/audit-store';
import { OPEN_END, periodStatements, stabbingNodes } from './record-periods';
import { likeEscape, type SearchStatementSpy, searchConditions, seekPage } from './record-seek.sqlite';
import type { AppendResult, NewRecordVersion, RecordStore, RecordVersionRecord } from './records-store';

interface VersionRow {
  record_id: number;
  version: number;
  entity: string;
  values_json: string;
  is_deleted: number;
  updated_by: string;
  updated_at_utc: string;
  audit_esig: string | null;
  audit_reason: string | null;
}

const toRecord = (row: VersionRow): RecordVersionRecord => ({
  id: row.record_id,
  entity: row.entity,
  version: row.version,
  isDeleted: row.is_deleted === 1,
  values: JSON.parse(row.values_json) as FieldValues,
  updatedBy: row.updated_by,
  updatedAt: row.updated_at_utc,
  auditESig: row.audit_esig,
  auditReason: row.audit_reason,
});

// The highest code point: `key >= prefix AND key < prefix || MAX` is an index range scan.
const MAX_CHAR = '\u{10FFFF}';
/** A search's count stops past this many rows and answers "more than" it. */
export const SEARCH_COUNT_CAP = 100_000;
// Below this many records alive at T, a page without text sorts them; above, it walks the titles.
const WALK_AT_LEAST = 2000;

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
    insertVersion.run({
      id,
      version: number,
      entity,
      values: JSON.stringify(next.values),
      deleted: next.isDeleted ? 1 : 0,
      by: next.updatedBy,
      at: next.updatedAt,
      esig: next.auditESig ?? null,
      reason: next.auditReason ?? null,
    });
    periods.add({
      id,
      version: number,
      entity,
      at: next.updatedAt,
      isDeleted: next.isDeleted,
      index: next.index,
    });
    if (next.audit?.length) {
      appendAudit({
        recordId: id,
        version: number,
        entity,
        isDeleted: next.isDeleted,
        values: next.values,
        atUtc: next.updatedAt,
        events: next.audit,
      });
    }
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
    const { index } = next;
    movePointer.run(
      number,
      next.isDeleted ? 1 : 0,
      index.title,
      index.searchKey,
      index.parentId,
      JSON.stringify(next.values),
      id,
    );
    return { ok: true, record: toRecord(version.get(id, number)!) };
  };

  const importTx = (id: number, list: NewRecordVersion[]) => {
    const row = current.get(id);
    if (!row) throw new Error(`No record ${id}`);
    let number = row.version;
    for (const next of list) writeVersion(id, row.entity, ++number, next);
    const last = list.at(-1);
    if (last) {
      const { index } = last;
      movePointer.run(
        number,
        last.isDeleted ? 1 : 0,
        index.title,
        index.searchKey,
        index.parentId,
        JSON.stringify(last.values),
        id,
      );
    }
  };

  return { createTx, appendTx, importTx };
}

/** {@link RecordStore} on SQLite. */
export function createSqliteRecordStore(
  db: SqliteDatabase,
  write: SqliteWriter = createWriter(db),
  /**
   * Tests set a low `walkAtLeast` to prove both plans of a search at T give the same rows, a low
   * `countCap` to reach the cap, and `onStatement` to see which statements a keyset page ran.
   */
  tuning: {
    walkAtLeast?: number;
    countCap?: number | undefined;
    onStatement?: SearchStatementSpy;
  } = {},
): RecordStore {
  const walkAtLeast = tuning.walkAtLeast ?? WALK_AT_LEAST;
  const countCap = tuning.countCap ?? SEARCH_COUNT_CAP;
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

  // Now: the `records` pointer rows. At a timepoint: the periods that held it (closed-open).
  const sourceOf = (asOf: boolean) =>
    asOf
      ? {
          table: 'record_periods',
          version: 'version',
          during: 'AND r.valid_from <= @at AND r.valid_to > @at',
        }
      : { table: 'records', version: 'current_version', during: '' };

  const titleQuery = (parent: boolean, mode: 'prefix' | 'contains', asOf: boolean) =>
    db.prepare(
      `SELECT record_id AS id, title FROM ${sourceOf(asOf).table} r
       WHERE entity = @entity AND is_deleted = 0 ${sourceOf(asOf).during} ${parent ? 'AND parent_id = @parent' : ''}
       ${
         mode === 'prefix'
           ? 'AND search_key >= @key AND search_key < @keyEnd'
           : "AND search_key LIKE @like ESCAPE '\\' AND NOT (search_key >= @key AND search_key < @keyEnd)"
       }
       ORDER BY search_key, record_id LIMIT @limit`,
    );
  const titleQueries = [false, true].map((asOf) => ({
    prefix: [titleQuery(false, 'prefix', asOf), titleQuery(true, 'prefix', asOf)],
    contains: [titleQuery(false, 'contains', asOf), titleQuery(true, 'contains', asOf)],
  }));

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
    async create(entity, first) {
      const id = await write(() => createTx(entity, first));
      return toRecord(version.get(id, 1)!);
    },
    async append(id, expected, next) {
      return write(() => appendTx(id, expected, next));
    },
    async searchTitles({ entity, text, parentId, limit, atIso }) {
      const queries = titleQueries[atIso === undefined ? 0 : 1]!;
      const key = text.trim().toLowerCase();
      const hasParent = parentId !== undefined && parentId !== null;
      const params = {
        entity,
        parent: parentId ?? null,
        key,
        keyEnd: key + MAX_CHAR,
        like: `%${likeEscape(key)}%`,
        limit: limit + 1,
        ...(atIso === undefined ? {} : { at: atIso }),
      };
      // Prefix matches first (an index range), then other matches containing the text.
      const items = queries.prefix[hasParent ? 1 : 0]!.all(params) as { id: number; title: string }[];
      if (items.length <= limit && key !== '') {
        const more = queries.contains[hasParent ? 1 : 0]!.all({
          ...params,
          limit: limit + 1 - items.length,
        }) as { id: number; title: string }[];
        items.push(...more);
      }
      return { items: items.slice(0, limit), hasMore: items.length > limit };
    },
    async search({ entity, text, filters, offset, limit, atIso }) {
      const conditions = searchConditions(text, filters);
      const { key, onPeriod, onValues } = conditions;
      const params: Record<string, string | number> = { ...conditions.params, entity, offset, limit };
      const page = 'LIMIT @limit OFFSET @offset';
      const order = 'ORDER BY r.search_key, r.record_id';

      if (atIso === undefined) {
        const where = ['r.entity = @entity', 'r.is_deleted = 0', ...onPeriod].join(' AND ');
        const join = 'JOIN record_versions v ON v.record_id = r.record_id AND v.version = r.current_version';
        const from = `FROM records r ${join} WHERE ${[where, ...onValues].join(' AND ')}`;
        // The count reads the versions only when a filter looks into their values.
        const counted = onValues.length > 0 ? from : `FROM records r WHERE ${where}`;
        const total = (db.prepare(`SELECT count(*) AS n ${counted}`).get(params) as { n: number }).n;
        const rows = db.prepare(`SELECT v.* ${from} ${order} ${page}`).all(params) as VersionRow[];
        return { rows: rows.map(toRecord), total };
      }

      // At T: the periods alive then, found through the interval tree (record-periods.ts), so the
      // cost follows the records of T, not the length of their histories.
      const { left, right } = stabbingNodes(atIso);
      Object.assign(params, { at: atIso, left: JSON.stringify(left), right: JSON.stringify(right) });
      const matching = onPeriod.map((condition) => `AND ${condition}`).join(' ');
      const alive = `
        SELECT r.record_id, r.version, r.search_key
        FROM json_each(@left) n CROSS JOIN record_periods r INDEXED BY record_periods_left
        WHERE r.entity = @entity AND r.is_deleted = 0 AND r.node = n.value AND r.valid_to > @at ${matching}
        UNION ALL
        SELECT r.record_id, r.version, r.search_key
        FROM json_each(@right) n CROSS JOIN record_periods r INDEXED BY record_periods_right
        WHERE r.entity = @entity AND r.is_deleted = 0 AND r.node = n.value AND r.valid_from <= @at ${matching}`;
      const join = 'JOIN record_versions v ON v.record_id = r.record_id AND v.version = r.version';
      const filtered = `FROM (${alive}) r ${join} WHERE ${onValues.join(' AND ')}`;
      const total = (
        db
          .prepare(`SELECT count(*) AS n ${onValues.length > 0 ? filtered : `FROM (${alive})`}`)
          .get(params) as { n: number }
      ).n;
      if (offset >= total) return { rows: [], total };
      let sql: string;
      if (onValues.length > 0) sql = `SELECT v.* ${filtered} ${order} ${page}`;
      else if (key !== '' || total < walkAtLeast) {
        // The page of the few records alive (or matching) at T, then only their versions read.
        sql = `SELECT v.* FROM (SELECT * FROM (${alive}) r ${order} ${page}) r ${join} ${order}`;
      } else {
        // Many records alive at T: walking the periods in title order finds the page soonest.
        sql = `SELECT v.* FROM record_periods r INDEXED BY record_periods_by_key ${join}
          WHERE r.entity = @entity AND r.is_deleted = 0 AND r.valid_from <= @at AND r.valid_to > @at
          ${order} ${page}`;
      }
      const rows = db.prepare(sql).all(params) as VersionRow[];
      return { rows: rows.map(toRecord), total };
    },
    async searchPage(options) {
      const { rows, hasMore, count } = seekPage(db, options, { walkAtLeast, countCap, onStatement });
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
