import type { FieldValues } from '@procedo/client-api';
import type { SqliteDatabase } from '../../db/sqlite';
import { indexFields, type RecordIndexFields } from './entities';

/** `valid_to` of the version that is current now: after any instant a Timepoint can name. */
export const OPEN_END = '9999-12-31T23:59:59.999Z';

/**
 * The statements that keep `record_periods` (the search index through time) in step with the
 * versions: a new version closes its predecessor's period at its own time and opens its own.
 * Run inside the transaction that writes the version.
 */
export function periodStatements(db: SqliteDatabase) {
  const close = db.prepare<[string, number, number]>(
    'UPDATE record_periods SET valid_to = ? WHERE record_id = ? AND version = ?',
  );
  const open = db.prepare(
    `INSERT INTO record_periods (record_id, version, entity, valid_from, valid_to, is_deleted, title, search_key, parent_id)
     VALUES (@id, @version, @entity, @from, '${OPEN_END}', @deleted, @title, @key, @parent)`,
  );
  return {
    /** Records that version `version` of a record became current at `at` (ISO UTC). */
    add(row: {
      id: number;
      version: number;
      entity: string;
      at: string;
      isDeleted: boolean;
      index: RecordIndexFields;
    }): void {
      if (row.version > 1) close.run(row.at, row.id, row.version - 1);
      open.run({
        id: row.id,
        version: row.version,
        entity: row.entity,
        from: row.at,
        deleted: row.isDeleted ? 1 : 0,
        title: row.index.title,
        key: row.index.searchKey,
        parent: row.index.parentId,
      });
    },
  };
}

/** Migration 7: the periods of every version stored before the table existed. */
export function backfillRecordPeriods(db: SqliteDatabase): void {
  const periods = periodStatements(db);
  const rows = db
    .prepare<
      [],
      {
        record_id: number;
        version: number;
        entity: string;
        values_json: string;
        is_deleted: number;
        updated_at_utc: string;
      }
    >(
      'SELECT record_id, version, entity, values_json, is_deleted, updated_at_utc FROM record_versions ORDER BY record_id, version',
    )
    .all();
  for (const row of rows) {
    periods.add({
      id: row.record_id,
      version: row.version,
      entity: row.entity,
      at: row.updated_at_utc,
      isDeleted: row.is_deleted === 1,
      index: indexFields(row.entity, JSON.parse(row.values_json) as FieldValues),
    });
  }
}
