import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { createSqliteAuditStore } from '../features/audit/audit-store';
import { createSqliteBookmarkStore } from '../features/bookmarks/bookmarks-store';
import { createSqliteDashboardStore } from '../features/dashboards/dashboards-store.sqlite';
import { createSqliteDatasourceStore } from '../features/datasources/datasource-store';
import { createSqliteCommandVersionStore } from '../features/designer/command-versions-store';
import { createSqliteDefinitionChangesStore } from '../features/designer/definition-changes-store';
import { createSqliteDefinitionVersionStore } from '../features/designer/definition-versions-store';
import { createSqliteFileLinkStore } from '../features/files/file-links-store';
import { createSqliteFileStore } from '../features/files/files-store';
import { createSqliteFilterAdminStore } from '../features/filters/filter-admin-store';
import { createSqliteSavedFilterStore } from '../features/filters/filters-store';
import { createSqliteFormStore } from '../features/forms/forms-store';
import { createSqliteNavigationStore } from '../features/navigation/navigation-store';
import { createSqliteNavigationVersionStore } from '../features/navigation/navigation-versions-store';
import { createSqlitePermissionStore } from '../features/permissions/permissions-store';
import { createSqliteProcessStore } from '../features/processes/processes-store';
import { createSqliteRecordStore } from '../features/records/records-store.sqlite';
import { createSqliteResourceStore } from '../features/resources/resources-store';
import { createSqliteSessionStore, createSqliteUserStore } from '../features/session/session-store';
import { createSqliteSigningStore } from '../features/signing/signing-store';
import { createSqliteTranslationStore } from '../features/translations/translations-store';
import { createSqliteUsersAdminStore } from '../features/users/users-store';
import { createSqliteIdempotencyStore } from '../http/idempotency-store';
import { DATABASES, type DatabaseCatalog, type DatabaseDefinition, type DatabaseEntry } from './catalog';
import { createLocalChangeFeed } from './change-feed';
import { MIGRATIONS } from './migrations';
import { seedDatabase } from './seed-database';
import { seedLargeDemo } from './seed-large';
import { createWriter, migrate, openSqlite, type SqliteDatabase, serveRequests } from './sqlite';

/**
 * The large demo into a database seeded by this start only: topping up an existing database would
 * make a restart take a minute unannounced, and mix a million rows into a user's own data.
 */
function seedLarge(
  db: SqliteDatabase,
  database: string,
  isNew: boolean,
  target: number,
  options: { logger: Logger; now: () => number },
): void {
  const { logger } = options;
  if (!isNew) {
    if (db.prepare("SELECT 1 FROM meta WHERE key = 'large_seeded_at'").get() === undefined)
      logger.warn(
        { database },
        'large demo skipped: it seeds a new database only (use a new PROCEDO_DATA_DIR)',
      );
    return;
  }
  const started = performance.now();
  logger.info({ database, target }, 'large demo: seeding batches');
  const added = seedLargeDemo(db, {
    target,
    now: options.now(),
    onProgress: (written, total) => logger.info({ database, written, total }, 'large demo: batches written'),
  });
  logger.info(
    { database, added, seconds: Math.round((performance.now() - started) / 100) / 10 },
    'large demo: seeded',
  );
}

/**
 * Opens one SQLite file per database under `dataDir` (`<id>.sqlite`), migrates and seeds each
 * on first start, and returns the catalog of their stores.
 */
export async function openSqliteCatalog(options: {
  dataDir: string;
  logger: Logger;
  now: () => number;
  databases?: readonly DatabaseDefinition[];
  /** How long a write waits for another process's write lock before 503. @default 2000 */
  writeWaitMs?: number;
  /** Rows a search's count reads at most before it answers "more than". @default 100000 */
  searchCountCap?: number;
  /** ms a search page's statement may run. @default 2000 */
  searchTimeLimitMs?: number;
  /** Largest size a database file may grow to (a quota; writes past it answer 507). @default none */
  maxBytes?: number | null;
  /** The large demo: a newly seeded `full` database gets batches up to this many. @default null (none) */
  largeDemoBatches?: number | null;
}): Promise<DatabaseCatalog> {
  mkdirSync(options.dataDir, { recursive: true });
  const opened: SqliteDatabase[] = [];
  const entries: DatabaseEntry[] = [];
  try {
    for (const definition of options.databases ?? DATABASES) {
      const file = path.join(options.dataDir, `${definition.id}.sqlite`);
      const db = openSqlite(file);
      opened.push(db);
      const applied = migrate(db, MIGRATIONS);
      const { seeded, formsSeeded, processesSeeded } = await seedDatabase(db, definition.seed, options.now());
      if (options.largeDemoBatches && definition.seed === 'full') {
        seedLarge(db, definition.id, seeded, options.largeDemoBatches, options);
      }
      options.logger.debug(
        { database: definition.id, file, applied, seeded, formsSeeded, processesSeeded },
        'database ready',
      );
      if (options.maxBytes) {
        // SQLite keeps max_page_count at least at the current size: a file already at its quota
        // takes no new pages, and a write that needs one fails with SQLITE_FULL (507).
        const pageSize = db.pragma('page_size', { simple: true }) as number;
        db.pragma(`max_page_count = ${Math.max(1, Math.floor(options.maxBytes / pageSize))}`);
      }
      serveRequests(db);
      const write = createWriter(db, { waitMs: options.writeWaitMs });
      entries.push({
        id: definition.id,
        name: definition.name,
        stores: {
          users: createSqliteUserStore(db, write),
          sessions: createSqliteSessionStore(db, write),
          navigation: createSqliteNavigationStore(db),
          fileLinks: createSqliteFileLinkStore(db),
          resources: createSqliteResourceStore(db),
          forms: createSqliteFormStore(db, write),
          records: createSqliteRecordStore(db, write, {
            countCap: options.searchCountCap,
            timeLimitMs: options.searchTimeLimitMs,
          }),
          audit: createSqliteAuditStore(db),
          files: createSqliteFileStore(db, write),
          processes: createSqliteProcessStore(db, { waitMs: options.writeWaitMs }, options.now),
          signing: createSqliteSigningStore(db, write),
          dashboards: createSqliteDashboardStore(db),
          savedFilters: createSqliteSavedFilterStore(db, write),
          bookmarks: createSqliteBookmarkStore(db, write),
          usersAdmin: createSqliteUsersAdminStore(db, write),
          permissions: createSqlitePermissionStore(db, write),
          translations: createSqliteTranslationStore(db, write),
          definitionVersions: createSqliteDefinitionVersionStore(db, write),
          commandVersions: createSqliteCommandVersionStore(db, write),
          definitionChanges: createSqliteDefinitionChangesStore(db),
          navigationVersions: createSqliteNavigationVersionStore(db, write),
          datasources: createSqliteDatasourceStore(db, write),
          filterAdmin: createSqliteFilterAdminStore(db, write),
          idempotency: createSqliteIdempotencyStore(db, write),
        },
      });
    }
  } catch (error) {
    for (const db of opened) db.close();
    throw error;
  }
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  let closed = false;
  return {
    list: () => entries,
    get: (id) => byId.get(id),
    // One server per SQLite file: its announcements reach only itself.
    changes: createLocalChangeFeed(),
    async ping() {
      for (const db of opened) db.prepare('SELECT 1').get();
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const db of opened) {
        // Fold the WAL back into the main file so a copied .sqlite is complete.
        db.pragma('wal_checkpoint(TRUNCATE)');
        db.close();
      }
    },
  };
}
