import { BACKFILL_NAVIGATION_VERSIONS } from './migrations/navigation-versions';
import { seedIfNeeded, seedRolesIfNeeded } from './seed';
import { seedDashboardsIfNeeded } from './seed-dashboards';
import type { SeedKind } from './seed-data';
import { seedFormAccessIfNeeded, seedFormsIfNeeded } from './seed-forms';
import { seedHistoryIfNeeded } from './seed-history';
import { seedProcessesIfNeeded } from './seed-processes';
import { seedTranslationsIfNeeded } from './seed-translations';
import { seedUserProfilesIfNeeded } from './seed-user-profiles';
import type { SqliteDatabase } from './sqlite';

/**
 * Every seed of a migrated database, each a no-op when its data is there already: the demo users
 * and records, roles, profiles, forms, processes, form access, history, dashboards, translations
 * and version 1 of each navigation. `seeded` is true when this call seeded a new database.
 */
export async function seedDatabase(db: SqliteDatabase, kind: SeedKind, now: number) {
  const seeded = await seedIfNeeded(db, kind, now);
  await seedRolesIfNeeded(db, now);
  seedUserProfilesIfNeeded(db, now);
  const formsSeeded = seedFormsIfNeeded(db, kind, now);
  const processesSeeded = seedProcessesIfNeeded(db, kind, now);
  seedFormAccessIfNeeded(db, now);
  seedHistoryIfNeeded(db, now);
  seedDashboardsIfNeeded(db, now);
  seedTranslationsIfNeeded(db, now);
  // Version 1 of each navigation the seed just wrote (a no-op once every profile has one).
  db.exec(BACKFILL_NAVIGATION_VERSIONS);
  return { seeded, formsSeeded, processesSeeded };
}
