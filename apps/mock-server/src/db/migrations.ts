import { BOOKMARKS_MIGRATIONS } from './migrations/bookmarks';
import { COMMAND_VERSIONS_MIGRATIONS } from './migrations/command-versions';
import { DATASOURCES_MIGRATIONS } from './migrations/datasources';
import { DEFINITION_CHANGES_MIGRATIONS } from './migrations/definition-changes';
import { DEFINITION_VERSIONS_MIGRATIONS } from './migrations/definition-versions';
import { ELEMENT_PERMISSIONS_MIGRATIONS } from './migrations/element-permissions';
import { FOUNDATION_MIGRATIONS } from './migrations/foundation';
import { IDEMPOTENCY_MIGRATIONS } from './migrations/idempotency';
import { NAVIGATION_VERSIONS_MIGRATIONS } from './migrations/navigation-versions';
import { RECORDS_THROUGH_TIME_MIGRATIONS } from './migrations/records-through-time';
import { SCALE_OUT_MIGRATIONS } from './migrations/scale-out';
import { SEARCH_MIGRATIONS } from './migrations/search-and-dashboards';
import { SUPERVISOR_TOOLS_MIGRATIONS } from './migrations/supervisor-tools';
import { TRANSLATION_MIGRATIONS } from './migrations/translations';
import { USER_PROFILES_MIGRATIONS } from './migrations/user-profiles';
import { USERS_ADMIN_MIGRATIONS } from './migrations/users-admin';
import type { Migration } from './sqlite';

/**
 * The schema, as ordered migrations, kept by wave in `migrations/`. Append new ones (to the last
 * file, or a new file added here); never edit a shipped one.
 */
export const MIGRATIONS: readonly Migration[] = [
  ...FOUNDATION_MIGRATIONS, // 1–8
  ...RECORDS_THROUGH_TIME_MIGRATIONS, // 9–13
  ...SEARCH_MIGRATIONS, // 14–17
  ...SUPERVISOR_TOOLS_MIGRATIONS, // 18
  ...ELEMENT_PERMISSIONS_MIGRATIONS, // 19
  ...USERS_ADMIN_MIGRATIONS, // 20
  ...TRANSLATION_MIGRATIONS, // 21
  ...BOOKMARKS_MIGRATIONS, // 22
  ...USER_PROFILES_MIGRATIONS, // 23
  ...DEFINITION_VERSIONS_MIGRATIONS, // 24
  ...COMMAND_VERSIONS_MIGRATIONS, // 25
  ...NAVIGATION_VERSIONS_MIGRATIONS, // 26
  ...DATASOURCES_MIGRATIONS, // 27
  ...DEFINITION_CHANGES_MIGRATIONS, // 28
  ...IDEMPOTENCY_MIGRATIONS, // 29
  ...SCALE_OUT_MIGRATIONS, // 30
];
