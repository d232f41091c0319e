import { isPgUniqueViolation, type PgDatabase, type PgExecutor } from '../../db/pg';
import { SAVED_FILTER_SELECT, type SavedFilterRow, toSavedFilterRecord } from './filter-rows';
import { DuplicateFilterNameError, type SavedFilterStore } from './filters-store';

/** One saved filter with its owner's name, or undefined. */
export const pgSavedFilterById = (on: PgExecutor, id: number) =>
  on.one<SavedFilterRow>(`${SAVED_FILTER_SELECT} WHERE f.id = $1`, [id]);

/** Runs `work`, answering a unique violation (the owner's name on the form) as {@link DuplicateFilterNameError}. */
export async function refusingDuplicateName<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isPgUniqueViolation(error)) throw new DuplicateFilterNameError(name, { cause: error });
    throw error;
  }
}

/** {@link SavedFilterStore} on PostgreSQL. */
export function createPgSavedFilterStore(db: PgDatabase): SavedFilterStore {
  return {
    async listFor(webTemplateNo, userId) {
      // Two index seeks (own, shared) rather than one OR scan; names ordered as SQLite's NOCASE
      // orders them (lower() of a "C" text folds ASCII letters only).
      const rows = await db.many<SavedFilterRow>(
        `SELECT * FROM (
           ${SAVED_FILTER_SELECT} WHERE f.web_template_no = $1 AND f.owner_user_id = $2
           UNION ALL
           ${SAVED_FILTER_SELECT} WHERE f.web_template_no = $1 AND f.is_shared = 1 AND f.owner_user_id <> $2
         ) AS listed
         ORDER BY lower(name) COLLATE "C", id`,
        [webTemplateNo, userId],
      );
      return rows.map(toSavedFilterRecord);
    },
    async get(id) {
      const row = await pgSavedFilterById(db, id);
      return row ? toSavedFilterRecord(row) : null;
    },
    create(filter) {
      return refusingDuplicateName(filter.name, () =>
        db.transaction(async (tx) => {
          // Refused before the insert, which would spend an id of the sequence (SQLite's ids stay
          // dense; a concurrent insert of the name still ends in the unique violation).
          const taken = await tx.one(
            'SELECT 1 AS n FROM saved_filters WHERE web_template_no = $1 AND owner_user_id = $2 AND name = $3',
            [filter.webTemplateNo, filter.ownerId, filter.name],
          );
          if (taken) throw new DuplicateFilterNameError(filter.name);
          const inserted = await tx.one<{ id: number }>(
            `INSERT INTO saved_filters (web_template_no, entity_view_name, owner_user_id, is_shared, name, filter_json,
               created_by, created_at_utc, updated_by, updated_at_utc)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $7, $8)
             RETURNING id`,
            [
              filter.webTemplateNo,
              filter.entityViewName,
              filter.ownerId,
              filter.isShared ? 1 : 0,
              filter.name,
              filter.filterJson,
              filter.by,
              filter.at,
            ],
          );
          return toSavedFilterRecord((await pgSavedFilterById(tx, inserted!.id))!);
        }),
      );
    },
    update(id, next) {
      return refusingDuplicateName(next.name, () =>
        db.transaction(async (tx) => {
          const changed = await tx.run(
            `UPDATE saved_filters SET is_shared = $1, name = $2, filter_json = $3,
               version = version + 1, updated_by = $4, updated_at_utc = $5
             WHERE id = $6 AND version = $7`,
            [next.isShared ? 1 : 0, next.name, next.filterJson, next.by, next.at, id, next.expectedVersion],
          );
          const row = await pgSavedFilterById(tx, id);
          if (!row) return null;
          return changed === 0 ? ('stale' as const) : toSavedFilterRecord(row);
        }),
      );
    },
    async remove(id) {
      return (await db.run('DELETE FROM saved_filters WHERE id = $1', [id])) > 0;
    },
  };
}
