import type { PgMigration } from '../pg-migrate';
import { BASELINE } from './baseline';
import { DEFINITIONS } from './definitions';

/** PostgreSQL's migrations in order (its own numbering: 1 is SQLite's schema 29). */
export const PG_MIGRATIONS: readonly PgMigration[] = [BASELINE, DEFINITIONS];
