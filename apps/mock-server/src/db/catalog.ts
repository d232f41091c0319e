import type { Store } from 'express-rate-limit';
import type { AuditStore } from '../features/audit/audit-store';
import type { BookmarkStore } from '../features/bookmarks/bookmarks-store';
import type { DashboardStore } from '../features/dashboards/dashboards-store';
import type { DatasourceStore } from '../features/datasources/datasource-store';
import type { CommandVersionStore } from '../features/designer/command-versions-store';
import type { DefinitionChangesStore } from '../features/designer/definition-changes-store';
import type { DefinitionVersionStore } from '../features/designer/definition-versions-store';
import type { FileLinkStore } from '../features/files/file-links-store';
import type { FileStore } from '../features/files/files-store';
import type { FilterAdminStore } from '../features/filters/filter-admin-store';
import type { SavedFilterStore } from '../features/filters/filters-store';
import type { FormStore } from '../features/forms/forms-store';
import type { NavigationStore } from '../features/navigation/navigation-store';
import type { NavigationVersionStore } from '../features/navigation/navigation-versions-store';
import type { PermissionStore } from '../features/permissions/permissions-store';
import type { ProcessStore } from '../features/processes/processes-store';
import type { RecordStore } from '../features/records/records-store';
import type { ResourceStore } from '../features/resources/resources-store';
import type { SessionStore, UserStore } from '../features/session/session-store';
import type { SigningStore } from '../features/signing/signing-store';
import type { TranslationStore } from '../features/translations/translations-store';
import type { UsersAdminStore } from '../features/users/users-store';
import type { IdempotencyStore } from '../http/idempotency-store';
import type { ChangeFeed } from './change-feed';
import type { SeedKind } from './seed-data';

/** A database the server offers, and which seed it gets on first start. */
export interface DatabaseDefinition {
  id: string;
  name: string;
  seed: SeedKind;
}

/** The demo databases of CONTRACT: `demo` (full seed) and `training` (smaller). */
export const DATABASES: readonly DatabaseDefinition[] = [
  { id: 'demo', name: 'Demo', seed: 'full' },
  { id: 'training', name: 'Training', seed: 'small' },
];

/** Every store of one database: what services use, whatever engine is behind it. */
export interface DatabaseStores {
  users: UserStore;
  sessions: SessionStore;
  navigation: NavigationStore;
  resources: ResourceStore;
  forms: FormStore;
  records: RecordStore;
  audit: AuditStore;
  files: FileStore;
  fileLinks: FileLinkStore;
  processes: ProcessStore;
  signing: SigningStore;
  dashboards: DashboardStore;
  savedFilters: SavedFilterStore;
  bookmarks: BookmarkStore;
  usersAdmin: UsersAdminStore;
  permissions: PermissionStore;
  translations: TranslationStore;
  definitionVersions: DefinitionVersionStore;
  commandVersions: CommandVersionStore;
  /** Every kind's published versions, newest first: the definitions' audit trail. */
  definitionChanges: DefinitionChangesStore;
  navigationVersions: NavigationVersionStore;
  datasources: DatasourceStore;
  filterAdmin: FilterAdminStore;
  /** The `Idempotency-Key` claims and stored answers of the POSTs that create. */
  idempotency: IdempotencyStore;
}

/** One database a user can sign in to. */
export interface DatabaseEntry {
  /** Id on the wire (`demo`, `training`). */
  id: string;
  /** Name on the logon page (`Demo`, `Training`). */
  name: string;
  stores: DatabaseStores;
}

/** The databases the server serves. */
export interface DatabaseCatalog {
  list(): readonly DatabaseEntry[];
  get(id: string): DatabaseEntry | undefined;
  /** Announcements that a database's definitions changed, shared by every server on these databases. */
  changes: ChangeFeed;
  /** Resolves when every database answers a trivial read (readiness); rejects otherwise. */
  ping(): Promise<void>;
  /** Where the failed-logon counters live when several servers share these databases; none: each server's memory. */
  rateLimitStore?: (prefix: string) => Store;
  close(): Promise<void>;
}
