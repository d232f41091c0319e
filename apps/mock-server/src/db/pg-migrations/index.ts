import type { PgMigration } from '../pg-migrate';
import { BASELINE } from './baseline';
import { DEFINITIONS } from './definitions';
import { RECORDS_SORT } from './records-sort';
import { SESSIONS_BY_USER } from './sessions-by-user';

/** PostgreSQL's migrations in order (its own numbering: 1 is SQLite's schema 29). */
export const PG_MIGRATIONS: readonly PgMigration[] = [BASELINE, RECORDS_SORT, DEFINITIONS, SESSIONS_BY_USER];
