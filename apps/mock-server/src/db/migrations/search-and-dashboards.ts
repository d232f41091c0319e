import { SEEDED_SORT_COLUMNS, sortIndexSql } from '../../features/records/search-sort';
import { addSearchForms } from '../search-form-seed-data';
import type { Migration } from '../sqlite';

/** Migration 14's schema change (also run by 17 where 14 was skipped). */
const CURRENT_VALUES_SQL = `
      -- The current values beside the current pointer, written in the same transaction as the
      -- version, so a sort or a condition on a value reads one row per record and an expression
      -- index can order by it.
      ALTER TABLE records ADD COLUMN current_values_json TEXT NOT NULL DEFAULT '{}';
      UPDATE records SET current_values_json = (
        SELECT v.values_json FROM record_versions v
        WHERE v.record_id = records.record_id AND v.version = records.current_version
      );
      ${SEEDED_SORT_COLUMNS.map(sortIndexSql).join('\n      ')}
    `;

/** Migrations 14–17: sorted search pages and the search forms, saved filters, dashboards. */
export const SEARCH_MIGRATIONS: readonly Migration[] = [
  {
    version: 14,
    name: 'search pages sorted by any result column',
    sql: CURRENT_VALUES_SQL,
    // A database seeded before: the product, batch and deviation search forms and their navigation.
    run: (db) => addSearchForms(db, new Date().toISOString()),
  },
  {
    version: 15,
    name: 'saved filters of the entity-view filter editor',
    sql: `
      -- A user's named filter of one search form; shared ones (supervisors save them) every user reads.
      CREATE TABLE saved_filters (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        web_template_no INTEGER NOT NULL,
        entity_view_name TEXT NOT NULL DEFAULT '',
        owner_user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        is_shared INTEGER NOT NULL DEFAULT 0 CHECK (is_shared IN (0, 1)),
        name TEXT NOT NULL,
        filter_json TEXT NOT NULL,
        version INTEGER NOT NULL DEFAULT 1,
        created_by TEXT NOT NULL,
        created_at_utc TEXT NOT NULL,
        updated_by TEXT NOT NULL,
        updated_at_utc TEXT NOT NULL,
        UNIQUE (web_template_no, owner_user_id, name)
      );
      CREATE INDEX saved_filters_owner ON saved_filters(web_template_no, owner_user_id);
      CREATE INDEX saved_filters_shared ON saved_filters(web_template_no, is_shared);
    `,
  },
  {
    version: 16,
    name: 'dashboards: definitions as server data, optionally for one profile',
    sql: `
      -- The JSON is a DashboardDefinition (client-api), checked before it is stored.
      CREATE TABLE dashboards (
        id INTEGER PRIMARY KEY,
        title TEXT NOT NULL,
        definition_json TEXT NOT NULL,
        profile_id INTEGER REFERENCES profiles(id)
      );
    `,
  },
  {
    version: 17,
    name: 'migration 14 where a database passed it',
    sql: '',
    // Builds of main carried 15 and 16 before 14 was merged: a database they made has
    // user_version 16 and never ran 14, and every record write now needs its column.
    run: (db) => {
      const columns = db.pragma('table_info(records)') as { name: string }[];
      if (columns.some((column) => column.name === 'current_values_json')) return;
      db.exec(CURRENT_VALUES_SQL);
      addSearchForms(db, new Date().toISOString());
    },
  },
];
