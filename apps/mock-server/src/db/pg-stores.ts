import { createPgAuditStore } from '../features/audit/audit-store.pg';
import { createPgBookmarkStore } from '../features/bookmarks/bookmarks-store.pg';
import { createPgDashboardStore } from '../features/dashboards/dashboards-store.pg';
import { createPgDatasourceStore } from '../features/datasources/datasource-store.pg';
import { createPgCommandVersionStore } from '../features/designer/command-versions-store.pg';
import { createPgDefinitionChangesStore } from '../features/designer/definition-changes-store.pg';
import { createPgDefinitionVersionStore } from '../features/designer/definition-versions-store.pg';
import { createPgFileLinkStore } from '../features/files/file-links-store.pg';
import { createPgFileStore } from '../features/files/files-store.pg';
import { createPgFilterAdminStore } from '../features/filters/filter-admin-store.pg';
import { createPgSavedFilterStore } from '../features/filters/filters-store.pg';
import { createPgFormStore } from '../features/forms/forms-store.pg';
import { createPgNavigationStore } from '../features/navigation/navigation-store.pg';
import { createPgNavigationVersionStore } from '../features/navigation/navigation-versions-store.pg';
import { createPgPermissionStore } from '../features/permissions/permissions-store.pg';
import { createPgProcessStore } from '../features/processes/processes-store.pg';
import { createPgRecordStore } from '../features/records/records-store.pg';
import { createPgResourceStore } from '../features/resources/resources-store.pg';
import { createPgSessionStore, createPgUserStore } from '../features/session/session-store.pg';
import { createPgSigningStore } from '../features/signing/signing-store.pg';
import { createPgTranslationStore } from '../features/translations/translations-store.pg';
import { createPgUsersAdminStore } from '../features/users/users-store.pg';
import { createPgIdempotencyStore } from '../http/idempotency-store.pg';
import type { DatabaseStores } from './catalog';
import type { PgDatabase } from './pg';

/** Every store of one database on PostgreSQL (the twin of the SQLite catalog's list). */
export function createPgStores(
  db: PgDatabase,
  options: { now: () => number; searchCountCap?: number | undefined; searchTimeLimitMs?: number | undefined },
): DatabaseStores {
  return {
    users: createPgUserStore(db),
    sessions: createPgSessionStore(db),
    navigation: createPgNavigationStore(db),
    fileLinks: createPgFileLinkStore(db),
    resources: createPgResourceStore(db),
    forms: createPgFormStore(db),
    records: createPgRecordStore(db, {
      countCap: options.searchCountCap,
      timeLimitMs: options.searchTimeLimitMs,
    }),
    audit: createPgAuditStore(db),
    files: createPgFileStore(db),
    processes: createPgProcessStore(db, options.now),
    signing: createPgSigningStore(db),
    dashboards: createPgDashboardStore(db),
    savedFilters: createPgSavedFilterStore(db),
    bookmarks: createPgBookmarkStore(db),
    usersAdmin: createPgUsersAdminStore(db),
    permissions: createPgPermissionStore(db),
    translations: createPgTranslationStore(db),
    definitionVersions: createPgDefinitionVersionStore(db),
    commandVersions: createPgCommandVersionStore(db),
    definitionChanges: createPgDefinitionChangesStore(db),
    navigationVersions: createPgNavigationVersionStore(db),
    datasources: createPgDatasourceStore(db),
    filterAdmin: createPgFilterAdminStore(db),
    idempotency: createPgIdempotencyStore(db),
  };
}
