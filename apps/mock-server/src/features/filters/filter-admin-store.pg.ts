import type { PgDatabase } from '../../db/pg';
import type { FilterAdminResult, FilterAdminStore } from './filter-admin-store';
import {
  changeRow,
  type FilterChangeRow,
  SAVED_FILTER_SELECT,
  type SavedFilterRow,
  toFilterChange,
  toSavedFilterRecord,
} from './filter-rows';
import { pgSavedFilterById, refusingDuplicateName } from './filters-store.pg';

/** Every filter of a form: names as SQLite's NOCASE orders them, then owner (no owner first), then id. */
const LIST_ALL = `${SAVED_FILTER_SELECT} WHERE f.web_template_no = $1
  ORDER BY lower(f.name) COLLATE "C", owner_name NULLS FIRST, f.id`;

/** {@link FilterAdminStore} on PostgreSQL. */
export function createPgFilterAdminStore(db: PgDatabase): FilterAdminStore {
  const listAll = async (webTemplateNo: number) =>
    (await db.many<SavedFilterRow>(LIST_ALL, [webTemplateNo])).map(toSavedFilterRecord);

  return {
    listAll,
    async listOfForms(webTemplateNos) {
      const lists = [];
      for (const no of webTemplateNos) lists.push(await listAll(no));
      return lists.flat();
    },
    change(input) {
      const { change } = input;
      const write = () =>
        db.transaction(async (tx): Promise<FilterAdminResult> => {
          const before = await pgSavedFilterById(tx, input.id);
          if (!before || before.web_template_no !== input.webTemplateNo)
            return { ok: false, reason: 'missing' };
          if (before.version !== input.expectedVersion) {
            return { ok: false, reason: 'stale', currentVersion: before.version };
          }
          if (change.kind === 'rename') {
            await tx.run(
              'UPDATE saved_filters SET name = $1, version = version + 1, updated_by = $2, updated_at_utc = $3 WHERE id = $4',
              [change.name, input.by, input.at, input.id],
            );
          } else if (change.kind === 'delete') {
            await tx.run('DELETE FROM saved_filters WHERE id = $1', [input.id]);
          } else {
            await tx.run(
              'UPDATE saved_filters SET is_shared = $1, version = version + 1, updated_by = $2, updated_at_utc = $3 WHERE id = $4',
              [change.kind === 'share' ? 1 : 0, input.by, input.at, input.id],
            );
          }
          const row = changeRow(input, before);
          const appended = await tx.one<{ id: number }>(
            `INSERT INTO saved_filter_changes (filter_id, web_template_no, change, owner_name, name_before, name_after,
               version_before, changed_by, changed_at_utc)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
             RETURNING id`,
            [
              row.filter_id,
              row.web_template_no,
              row.change,
              row.owner_name,
              row.name_before,
              row.name_after,
              row.version_before,
              row.changed_by,
              row.changed_at_utc,
            ],
          );
          const after = change.kind === 'delete' ? before : (await pgSavedFilterById(tx, input.id))!;
          return {
            ok: true,
            filter: toSavedFilterRecord(after),
            change: toFilterChange({ ...row, id: appended!.id }),
          };
        });
      // Only a rename can take a name the owner uses on the form already.
      return change.kind === 'rename' ? refusingDuplicateName(change.name, write) : write();
    },
    async changes(webTemplateNo, limit) {
      const rows = await db.many<FilterChangeRow>(
        'SELECT * FROM saved_filter_changes WHERE web_template_no = $1 ORDER BY id DESC LIMIT $2',
        [webTemplateNo, limit],
      );
      return rows.map(toFilterChange);
    },
  };
}
