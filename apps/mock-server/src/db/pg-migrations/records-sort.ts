import { PG_SORT_INDEXES } from '../../features/records/search-sort.pg';
import type { PgMigration } from '../pg-migrate';

/**
 * The records' indexes for their keyset pages: the per-column sort indexes (SQLite's migration
 * 14), over PostgreSQL's sort expressions, and the title indexes with record_id last — SQLite's
 * hold the rowid (= record_id) there implicitly, which is what lets a page in (search_key,
 * record_id) order read one index range with no sort.
 */
export const RECORDS_SORT: PgMigration = {
  version: 2,
  name: 'records sort indexes',
  sql: `
DROP INDEX records_by_key;
CREATE INDEX records_by_key ON records(entity, is_deleted, search_key, record_id);
DROP INDEX records_by_parent;
CREATE INDEX records_by_parent ON records(entity, parent_id, is_deleted, search_key, record_id);
${PG_SORT_INDEXES}
`,
};
