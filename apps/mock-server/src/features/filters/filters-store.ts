import { createWriter, type SqliteDatabase, type SqliteWriter } from '../../db/sqlite';
import { SAVED_FILTER_SELECT, type SavedFilterRow, toSavedFilterRecord } from './filter-rows';

/** A saved filter as stored; `filterJson` is the `SearchFilter` as it was saved. */
export interface SavedFilterRecord {
  id: number;
  webTemplateNo: number;
  entityViewName: string;
  ownerId: number;
  ownerName: string;
  isShared: boolean;
  name: string;
  filterJson: string;
  version: number;
  createdBy: string;
  createdAt: string;
  updatedBy: string;
  updatedAt: string;
}

/** What a new saved filter is made of. */
export interface NewSavedFilter {
  webTemplateNo: number;
  entityViewName: string;
  ownerId: number;
  isShared: boolean;
  name: string;
  filterJson: string;
  /** Who saves it (user name). */
  by: string;
  /** ISO UTC. */
  at: string;
}

/** A change of a saved filter, applied only while it is still at `expectedVersion`. */
export interface SavedFilterChange {
  expectedVersion: number;
  isShared: boolean;
  name: string;
  filterJson: string;
  by: string;
  at: string;
}

/** The owner already has a filter of this name on this form. */
export class DuplicateFilterNameError extends Error {
  override name = 'DuplicateFilterNameError';
}

/** Saved filters of one database. */
export interface SavedFilterStore {
  /** The filters of a form the user owns and the shared ones, by name. */
  listFor(webTemplateNo: number, userId: number): Promise<SavedFilterRecord[]>;
  get(id: number): Promise<SavedFilterRecord | null>;
  /** Throws {@link DuplicateFilterNameError} for a name the owner uses on the form already. */
  create(filter: NewSavedFilter): Promise<SavedFilterRecord>;
  /** The changed filter; `'stale'` when it is no longer at the expected version; null when gone. */
  update(id: number, change: SavedFilterChange): Promise<SavedFilterRecord | 'stale' | null>;
  /** True when it was there. */
  remove(id: number): Promise<boolean>;
}

export const isUniqueViolation = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE';

/** {@link SavedFilterStore} on SQLite (table of migration 15). */
export function createSqliteSavedFilterStore(
  db: SqliteDatabase,
  write: SqliteWriter = createWriter(db),
): SavedFilterStore {
  // Two index seeks (own, shared) rather than one OR scan.
  const listFor = db.prepare<[number, number, number, number], SavedFilterRow>(
    `${SAVED_FILTER_SELECT} WHERE f.web_template_no = ? AND f.owner_user_id = ?
     UNION ALL
     ${SAVED_FILTER_SELECT} WHERE f.web_template_no = ? AND f.is_shared = 1 AND f.owner_user_id <> ?
     ORDER BY name COLLATE NOCASE, id`,
  );
  const byId = db.prepare<[number], SavedFilterRow>(`${SAVED_FILTER_SELECT} WHERE f.id = ?`);
  const insert = db.prepare<[NewSavedFilter & { shared: number }], { id: number }>(
    `INSERT INTO saved_filters (web_template_no, entity_view_name, owner_user_id, is_shared, name, filter_json,
       created_by, created_at_utc, updated_by, updated_at_utc)
     VALUES (@webTemplateNo, @entityViewName, @ownerId, @shared, @name, @filterJson, @by, @at, @by, @at)
     RETURNING id`,
  );
  const change = db.prepare<[SavedFilterChange & { id: number; shared: number }]>(
    `UPDATE saved_filters SET is_shared = @shared, name = @name, filter_json = @filterJson,
       version = version + 1, updated_by = @by, updated_at_utc = @at
     WHERE id = @id AND version = @expectedVersion`,
  );
  const remove = db.prepare<[number]>('DELETE FROM saved_filters WHERE id = ?');

  return {
    async listFor(webTemplateNo, userId) {
      return listFor.all(webTemplateNo, userId, webTemplateNo, userId).map(toSavedFilterRecord);
    },
    async get(id) {
      const row = byId.get(id);
      return row ? toSavedFilterRecord(row) : null;
    },
    create(filter) {
      return write(() => {
        try {
          const { id } = insert.get({ ...filter, shared: filter.isShared ? 1 : 0 })!;
          return toSavedFilterRecord(byId.get(id)!);
        } catch (error) {
          if (isUniqueViolation(error)) throw new DuplicateFilterNameError(filter.name, { cause: error });
          throw error;
        }
      });
    },
    update(id, next) {
      return write(() => {
        try {
          const { changes } = change.run({ ...next, id, shared: next.isShared ? 1 : 0 });
          const row = byId.get(id);
          if (!row) return null;
          return changes === 0 ? 'stale' : toSavedFilterRecord(row);
        } catch (error) {
          if (isUniqueViolation(error)) throw new DuplicateFilterNameError(next.name, { cause: error });
          throw error;
        }
      });
    },
    async remove(id) {
      return (await write(() => remove.run(id))).changes > 0;
    },
  };
}
