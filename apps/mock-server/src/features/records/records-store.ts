import type { FieldValues } from '@procedo/client-api';
import { createWriter, type SqliteDatabase, type SqliteWriter } from '../../db/sqlite';
import type { RecordIndexFields } from './entities';

/** One stored version of a record. */
export interface RecordVersionRecord {
  id: number;
  entity: string;
  version: number;
  isDeleted: boolean;
  values: FieldValues;
  updatedBy: string;
  /** ISO UTC. */
  updatedAt: string;
  auditESig: string | null;
  auditReason: string | null;
}

/** What a write appends: the whole values of the new version, who, when and the sign-off. */
export interface NewRecordVersion {
  values: FieldValues;
  isDeleted: boolean;
  index: RecordIndexFields;
  updatedBy: string;
  updatedAt: string;
  auditESig?: string | null;
  auditReason?: string | null;
}

/** Outcome of an append with optimistic concurrency. */
export type AppendResult =
  | { ok: true; record: RecordVersionRecord }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'stale'; current: RecordVersionRecord };

/** A filter on a field of the current version (search forms). */
export interface RecordFilter {
  name: string;
  value: string | number | boolean;
  /** `contains`: case-insensitive substring of text; `equals`: the exact value. */
  mode: 'contains' | 'equals';
}

/** Records of one database: append-only versions plus an O(1) current pointer per record. */
export interface RecordStore {
  getCurrent(id: number): Promise<RecordVersionRecord | null>;
  getVersion(id: number, version: number): Promise<RecordVersionRecord | null>;
  /** Every version, oldest first. */
  listVersions(id: number): Promise<RecordVersionRecord[]>;
  /** Creates a record with version 1, in one transaction. */
  create(entity: string, first: NewRecordVersion): Promise<RecordVersionRecord>;
  /** Appends version `expectedVersion + 1` if the current version is still `expectedVersion`. */
  append(id: number, expectedVersion: number, next: NewRecordVersion): Promise<AppendResult>;
  /** Current, not deleted records of `entity` whose title starts with (then contains) `text`. */
  searchTitles(options: {
    entity: string;
    text: string;
    parentId?: number | null;
    limit: number;
  }): Promise<{ items: { id: number; title: string }[]; hasMore: boolean }>;
  /** One page of current, not deleted records of `entity`, ordered by title. */
  search(options: {
    entity: string;
    text: string;
    filters: RecordFilter[];
    offset: number;
    limit: number;
  }): Promise<{ rows: RecordVersionRecord[]; total: number }>;
  /**
   * Bulk import of earlier versions of one record (seeding, benchmarks): appends them after the
   * current version in one transaction and moves the pointer. Not for request handling.
   */
  importVersions(id: number, versions: NewRecordVersion[]): Promise<void>;
}

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
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** {@link RecordStore} on SQLite. */
export function createSqliteRecordStore(
  db: SqliteDatabase,
  write: SqliteWriter = createWriter(db),
): RecordStore {
  const current = db.prepare<[number], VersionRow>(
    `SELECT v.* FROM records r JOIN record_versions v
       ON v.record_id = r.record_id AND v.version = r.current_version
     WHERE r.record_id = ?`,
  );
  const version = db.prepare<[number, number], VersionRow>(
    'SELECT * FROM record_versions WHERE record_id = ? AND version = ?',
  );
  const versions = db.prepare<[number], VersionRow>(
    'SELECT * FROM record_versions WHERE record_id = ? ORDER BY version',
  );
  const insertRecord = db.prepare<[string, number, number, string, string, number | null]>(
    `INSERT INTO records (entity, current_version, is_deleted, title, search_key, parent_id)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const movePointer = db.prepare<[number, number, string, string, number | null, number]>(
    `UPDATE records SET current_version = ?, is_deleted = ?, title = ?, search_key = ?, parent_id = ?
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
    movePointer.run(number, next.isDeleted ? 1 : 0, index.title, index.searchKey, index.parentId, id);
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
      movePointer.run(number, last.isDeleted ? 1 : 0, index.title, index.searchKey, index.parentId, id);
    }
  };

  const titleQuery = (parent: boolean, mode: 'prefix' | 'contains') =>
    db.prepare(
      `SELECT record_id AS id, title FROM records
       WHERE entity = @entity AND is_deleted = 0 ${parent ? 'AND parent_id = @parent' : ''}
       ${
         mode === 'prefix'
           ? 'AND search_key >= @key AND search_key < @keyEnd'
           : "AND search_key LIKE @like ESCAPE '\\' AND NOT (search_key >= @key AND search_key < @keyEnd)"
       }
       ORDER BY search_key, record_id LIMIT @limit`,
    );
  const titleQueries = {
    prefix: [titleQuery(false, 'prefix'), titleQuery(true, 'prefix')],
    contains: [titleQuery(false, 'contains'), titleQuery(true, 'contains')],
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
    async listVersions(id) {
      return versions.all(id).map(toRecord);
    },
    async create(entity, first) {
      const id = await write(() => createTx(entity, first));
      return toRecord(version.get(id, 1)!);
    },
    async append(id, expected, next) {
      return write(() => appendTx(id, expected, next));
    },
    async searchTitles({ entity, text, parentId, limit }) {
      const key = text.trim().toLowerCase();
      const hasParent = parentId !== undefined && parentId !== null;
      const params = {
        entity,
        parent: parentId ?? null,
        key,
        keyEnd: key + MAX_CHAR,
        like: `%${likeEscape(key)}%`,
        limit: limit + 1,
      };
      // Prefix matches first (an index range), then other matches containing the text.
      const items = titleQueries.prefix[hasParent ? 1 : 0]!.all(params) as { id: number; title: string }[];
      if (items.length <= limit && key !== '') {
        const more = titleQueries.contains[hasParent ? 1 : 0]!.all({
          ...params,
          limit: limit + 1 - items.length,
        }) as { id: number; title: string }[];
        items.push(...more);
      }
      return { items: items.slice(0, limit), hasMore: items.length > limit };
    },
    async search({ entity, text, filters, offset, limit }) {
      const key = text.trim().toLowerCase();
      const where = ['r.entity = @entity', 'r.is_deleted = 0'];
      const params: Record<string, string | number> = { entity, offset, limit };
      if (key !== '') {
        where.push("r.search_key LIKE @like ESCAPE '\\'");
        params.like = `%${likeEscape(key)}%`;
      }
      filters.forEach((filter, i) => {
        // Field names are checked against the definition before they get here; the path is bound anyway.
        params[`path${i}`] = `$.${filter.name}`;
        if (filter.mode === 'contains') {
          where.push(`lower(json_extract(v.values_json, @path${i})) LIKE @value${i} ESCAPE '\\'`);
          params[`value${i}`] = `%${likeEscape(String(filter.value).toLowerCase())}%`;
        } else if (typeof filter.value === 'boolean') {
          where.push(`json_extract(v.values_json, @path${i}) = @value${i}`);
          params[`value${i}`] = filter.value ? 1 : 0;
        } else {
          where.push(`json_extract(v.values_json, @path${i}) = @value${i}`);
          params[`value${i}`] = filter.value;
        }
      });
      const from = `FROM records r JOIN record_versions v
        ON v.record_id = r.record_id AND v.version = r.current_version WHERE ${where.join(' AND ')}`;
      const total = (db.prepare(`SELECT count(*) AS n ${from}`).get(params) as { n: number }).n;
      const rows = db
        .prepare(`SELECT v.* ${from} ORDER BY r.search_key, r.record_id LIMIT @limit OFFSET @offset`)
        .all(params) as VersionRow[];
      return { rows: rows.map(toRecord), total };
    },
    async importVersions(id, list) {
      await write(() => importTx(id, list));
    },
  };
}
