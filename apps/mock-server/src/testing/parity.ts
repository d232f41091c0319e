import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MIGRATIONS } from '../db/migrations';
import { openPgDatabase, type PgDatabase } from '../db/pg';
import { copySqliteToPg } from '../db/pg-copy';
import { migratePg } from '../db/pg-migrate';
import { PG_MIGRATIONS } from '../db/pg-migrations';
import type { SeedKind } from '../db/seed-data';
import { seedDatabase } from '../db/seed-database';
import { migrate, openSqlite, type SqliteDatabase, serveRequests } from '../db/sqlite';
import { createTestPgDatabase } from './pg';

/** The same seeded database on both engines, for tests that compare a store's two implementations. */
export interface ParityDatabases {
  sqlite: SqliteDatabase;
  pg: PgDatabase;
  /** The instant both were seeded at (epoch ms). */
  now: number;
  close(): Promise<void>;
}

/**
 * A temporary SQLite file migrated and seeded as the server does it, and a new PostgreSQL database
 * migrated and filled with a copy of it (pg-copy.ts): equal data, so the same calls on a store's
 * SQLite and PostgreSQL implementations must give equal answers.
 */
export async function openParityDatabases(
  kind: SeedKind = 'small',
  now = Date.now(),
): Promise<ParityDatabases> {
  const dir = await mkdtemp(path.join(tmpdir(), 'procedo-parity-'));
  const sqlite = openSqlite(path.join(dir, 'demo.sqlite'));
  migrate(sqlite, MIGRATIONS);
  await seedDatabase(sqlite, kind, now);
  serveRequests(sqlite);
  const database = await createTestPgDatabase();
  const pg = await openPgDatabase(database.url, 'demo');
  await migratePg(pg, PG_MIGRATIONS);
  await pg.transaction((tx) => copySqliteToPg(sqlite, tx));
  return {
    sqlite,
    pg,
    now,
    async close() {
      sqlite.close();
      await pg.close();
      await database.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
