import type { Logger } from 'pino';
import { DATABASES, type DatabaseCatalog, type DatabaseDefinition, type DatabaseEntry } from './catalog';
import { createPgChangeFeed } from './change-feed';
import { MIGRATIONS } from './migrations';
import { openPgDatabase, type PgDatabase } from './pg';
import { copySqliteToPg } from './pg-copy';
import { migratePg } from './pg-migrate';
import { PG_MIGRATIONS } from './pg-migrations';
import { createPgRateLimitStore, ensureRateLimitTable } from './pg-rate-limit-store';
import { createPgStores } from './pg-stores';
import { seedDatabase } from './seed-database';
import { seedLargeDemo } from './seed-large';
import { migrate, openSqlite } from './sqlite';

/**
 * The databases of the logon list on one PostgreSQL (`PROCEDO_DATABASE_URL`): one schema per
 * database (`demo`, `training`), migrated by PostgreSQL's own migrations. A schema created by this
 * start gets the same seed as a new SQLite file: seeded by the same code into a SQLite database in
 * memory and copied over (pg-copy.ts), in the migration's transaction. Several servers may open
 * the same PostgreSQL: they share sessions, logon limits and (through LISTEN/NOTIFY) cache refreshes.
 */
export async function openPgCatalog(options: {
  url: string;
  logger: Logger;
  now: () => number;
  databases?: readonly DatabaseDefinition[];
  /** Connections per database's pool on this server. @default 10 */
  poolSize?: number;
  /** Rows a search's count reads at most before it answers "more than". @default 100000 */
  searchCountCap?: number;
  /** ms a search page's statement may run. @default 2000 */
  searchTimeLimitMs?: number;
  /** The large demo: a newly created `full` database gets batches up to this many. @default null (none) */
  largeDemoBatches?: number | null;
}): Promise<DatabaseCatalog> {
  const opened: PgDatabase[] = [];
  const entries: DatabaseEntry[] = [];
  const definitions = options.databases ?? DATABASES;
  try {
    for (const definition of definitions) {
      const db = await openPgDatabase(options.url, definition.id, { max: options.poolSize });
      opened.push(db);
      const applied = await migratePg(db, PG_MIGRATIONS, {
        onCreate: async (tx) => {
          const seed = openSqlite(':memory:');
          try {
            migrate(seed, MIGRATIONS);
            await seedDatabase(seed, definition.seed, options.now());
            if (options.largeDemoBatches && definition.seed === 'full') {
              seedLargeDemo(seed, { target: options.largeDemoBatches, now: options.now() });
            }
            const copied = await copySqliteToPg(seed, tx);
            options.logger.info({ database: definition.id, copied }, 'PostgreSQL schema seeded');
          } finally {
            seed.close();
          }
        },
      });
      options.logger.debug({ database: definition.id, schema: db.schema, applied }, 'database ready');
      entries.push({
        id: definition.id,
        name: definition.name,
        stores: createPgStores(db, {
          now: options.now,
          searchCountCap: options.searchCountCap,
          searchTimeLimitMs: options.searchTimeLimitMs,
        }),
      });
    }
    const first = opened[0];
    if (!first) throw new Error('No database to serve');
    await ensureRateLimitTable(first.pool);
    const changes = await createPgChangeFeed(first.pool, {
      databases: definitions.map((definition) => definition.id),
      onError: (error) => options.logger.warn({ err: error }, 'definition change feed interrupted'),
    });
    const byId = new Map(entries.map((entry) => [entry.id, entry]));
    let closed = false;
    return {
      list: () => entries,
      get: (id) => byId.get(id),
      changes,
      rateLimitStore: (prefix) => createPgRateLimitStore(first.pool, prefix),
      async ping() {
        await Promise.all(opened.map((db) => db.one('SELECT 1')));
      },
      async close() {
        if (closed) return;
        closed = true;
        await changes.close();
        for (const db of opened) await db.close();
      },
    };
  } catch (error) {
    for (const db of opened) await db.close().catch(() => {});
    throw error;
  }
}
