import { createWriter, type SqliteDatabase, type SqliteWriter } from '../../db/sqlite';
import {
  changeRow,
  type FilterChangeRow,
  SAVED_FILTER_SELECT,
  type SavedFilterRow,
  toFilterChange,
  toSavedFilterRecord,
} from './filter-rows';
import { DuplicateFilterNameError, isUniqueViolation, type SavedFilterRecord } from './filters-store';

/** What a designer does to a saved filter; each one is kept in the filters' audit trail. */
export type FilterAdminChange =
  | { kind: 'rename'; name: string }
  | { kind: 'share' }
  | { kind: 'unshare' }
  | { kind: 'delete' };

/** One entry of the trail (`saved_filter_changes`, migration 27). */
export interface FilterChangeRecord {
  id: number;
  filterId: number;
  webTemplateNo: number;
  change: FilterAdminChange['kind'];
  ownerName: string;
  nameBefore: string;
  /** The name after a rename; the name kept otherwise; null after a delete. */
  nameAfter: string | null;
  versionBefore: number;
  changedBy: string;
  changedAt: string;
}

export type FilterAdminResult =
  | { ok: true; filter: SavedFilterRecord; change: FilterChangeRecord }
  | { ok: false; reason: 'missing' }
  | { ok: false; reason: 'stale'; currentVersion: number };

/** Every user's saved filters of a form, as designers manage them. */
export interface FilterAdminStore {
  /** Every saved filter of a form, whoever owns it, by name then owner. */
  listAll(webTemplateNo: number): Promise<SavedFilterRecord[]>;
  /** Every saved filter of the forms, whoever owns it (the datasource publish's question). */
  listOfForms(webTemplateNos: readonly number[]): Promise<SavedFilterRecord[]>;
  /**
   * In one write transaction: applies the change while the filter is still at `expectedVersion`
   * (a delete answers the filter as it was) and appends it to the trail. Throws
   * {@link DuplicateFilterNameError} for a rename to a name the owner uses on the form already.
   */
  change(input: {
    id: number;
    webTemplateNo: number;
    expectedVersion: number;
    change: FilterAdminChange;
    by: string;
    at: string;
  }): Promise<FilterAdminResult>;
  /** The trail of a form's filters, newest first, at most `limit` entries. */
  changes(webTemplateNo: number, limit: number): Promise<FilterChangeRecord[]>;
}

/** {@link FilterAdminStore} on SQLite (tables of migrations 15 and 27). */
export function createSqliteFilterAdminStore(
  db: SqliteDatabase,
  write: SqliteWriter = createWriter(db),
): FilterAdminStore {
  const listAll = db.prepare<[number], SavedFilterRow>(
    `${SAVED_FILTER_SELECT} WHERE f.web_template_no = ? ORDER BY f.name COLLATE NOCASE, owner_name, f.id`,
  );
  const byId = db.prepare<[number], SavedFilterRow>(`${SAVED_FILTER_SELECT} WHERE f.id = ?`);
  const rename = db.prepare<[string, string, string, number]>(
    `UPDATE saved_filters SET name = ?, version = version + 1, updated_by = ?, updated_at_utc = ? WHERE id = ?`,
  );
  const share = db.prepare<[number, string, string, number]>(
    `UPDATE saved_filters SET is_shared = ?, version = version + 1, updated_by = ?, updated_at_utc = ? WHERE id = ?`,
  );
  const remove = db.prepare<[number]>('DELETE FROM saved_filters WHERE id = ?');
  const append = db.prepare<[Omit<FilterChangeRow, 'id'>], { id: number }>(
    `INSERT INTO saved_filter_changes (filter_id, web_template_no, change, owner_name, name_before, name_after,
       version_before, changed_by, changed_at_utc)
     VALUES (@filter_id, @web_template_no, @change, @owner_name, @name_before, @name_after, @version_before,
       @changed_by, @changed_at_utc)
     RETURNING id`,
  );
  const changes = db.prepare<[number, number], FilterChangeRow>(
    'SELECT * FROM saved_filter_changes WHERE web_template_no = ? ORDER BY id DESC LIMIT ?',
  );

  return {
    async listAll(webTemplateNo) {
      return listAll.all(webTemplateNo).map(toSavedFilterRecord);
    },
    async listOfForms(webTemplateNos) {
      return webTemplateNos.flatMap((no) => listAll.all(no).map(toSavedFilterRecord));
    },
    change(input) {
      return write((): FilterAdminResult => {
        const before = byId.get(input.id);
        if (!before || before.web_template_no !== input.webTemplateNo)
          return { ok: false, reason: 'missing' };
        if (before.version !== input.expectedVersion) {
          return { ok: false, reason: 'stale', currentVersion: before.version };
        }
        const { change } = input;
        try {
          if (change.kind === 'rename') rename.run(change.name, input.by, input.at, input.id);
          else if (change.kind === 'delete') remove.run(input.id);
          else share.run(change.kind === 'share' ? 1 : 0, input.by, input.at, input.id);
        } catch (error) {
          if (isUniqueViolation(error) && change.kind === 'rename') {
            throw new DuplicateFilterNameError(change.name, { cause: error });
          }
          throw error;
        }
        const row = changeRow(input, before);
        const { id } = append.get(row)!;
        const after = change.kind === 'delete' ? before : byId.get(input.id)!;
        return { ok: true, filter: toSavedFilterRecord(after), change: toFilterChange({ ...row, id }) };
      });
    },
    async changes(webTemplateNo, limit) {
      return changes.all(webTemplateNo, limit).map(toFilterChange);
    },
  };
}
