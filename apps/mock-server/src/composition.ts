import type { Logger } from 'pino';
import type { ServerOptions } from './config';
import type { DatabaseCatalog } from './db/catalog';
import { createBookmarksService } from './features/bookmarks/bookmarks-service';
import { createCallbackService } from './features/callback/callback-service';
import { createDatasourcesService } from './features/datasources/datasources-service';
import { createCommandDesignerService } from './features/designer/command-designer-service';
import { createDefinitionChangesService } from './features/designer/definition-changes-service';
import { createDesignerService } from './features/designer/designer-service';
import type { FilesFs } from './features/files/files-fs';
import { createFilesService } from './features/files/files-service';
import { createFilterAdminService } from './features/filters/filter-admin-service';
import { createFiltersService } from './features/filters/filters-service';
import { createFormsService } from './features/forms/forms-service';
import { createPermissionsService } from './features/permissions/permissions-service';
import { createPickersService } from './features/pickers/pickers-service';
import { createProcessesService } from './features/processes/processes-service';
import { createRecordsService } from './features/records/records-service';
import { createWorkGate } from './features/session/logon-gate';
import { createSessionService } from './features/session/session-service';
import { createSigningService } from './features/signing/signing-service';
import { createTranslationsService } from './features/translations/translations-service';
import { createUsersService } from './features/users/users-service';

/**
 * The one place services are built and wired to each other (the stores come from the catalog,
 * `db/sqlite-catalog.ts`): routes get services from here, services never build one another.
 */
export function createServices(deps: {
  catalog: DatabaseCatalog;
  logger: Logger;
  now: () => number;
  filesFs?: FilesFs | undefined;
  options: Pick<ServerOptions, 'sessionTimeoutMinutes' | 'sessionMaxHours' | 'faultInjection' | 'dataDir'> &
    Partial<Pick<ServerOptions, 'logonHashLimit' | 'signatureRequiresPassword' | 'verboseErrors'>>;
}) {
  const { catalog, logger, now, options } = deps;
  const sessions = createSessionService({
    catalog,
    timeoutMinutes: options.sessionTimeoutMinutes,
    maxHours: options.sessionMaxHours,
    now,
    logger,
    verboseErrors: options.verboseErrors ?? false,
  });
  // One scrypt gate for logons and signatures' passwords: both cost the same hash.
  const { concurrency = 2, queue = 32, perAddress = 4 } = options.logonHashLimit ?? {};
  const hashGate = createWorkGate({ concurrency, queue, perKey: perAddress });
  const signing = createSigningService({
    requiresPassword: options.signatureRequiresPassword ?? false,
    now,
    hashing: hashGate,
  });
  const forms = createFormsService({
    now,
    translate: (auth, definition) => translations.translateForm(auth, definition),
  });
  const definitionsChanged = (database: string) => catalog.changes.publish(database);
  const translations = createTranslationsService({ now, forms, definitionsChanged });
  // A change of one database's definitions, from this server or another: drop what was cached.
  catalog.changes.subscribe((database) => {
    forms.refreshCache();
    translations.refreshCache();
    catalog.get(database)?.stores.processes.commandsChanged();
  });
  const records = createRecordsService({ now, forms, signing });
  const pickers = createPickersService({ forms });
  const processes = createProcessesService({ now });
  const files = createFilesService({ dataDir: options.dataDir, now, logger, fs: deps.filesFs });
  const filters = createFiltersService({ now, forms });
  const bookmarks = createBookmarksService({ now, forms, records });
  const callbacks = createCallbackService({
    faultInjection: options.faultInjection,
    forms,
    records,
    bookmarks,
    translations,
    definitionsChanged,
  });
  const users = createUsersService({ now });
  const permissions = createPermissionsService({ now, forms });
  const designer = createDesignerService({ now, forms, definitionsChanged });
  const commandDesigner = createCommandDesignerService({ now, definitionsChanged });
  const definitionChanges = createDefinitionChangesService();
  const filterAdmin = createFilterAdminService({ now, forms });
  const datasources = createDatasourcesService({ now, forms });
  return {
    sessions,
    forms,
    records,
    pickers,
    processes,
    files,
    callbacks,
    signing,
    hashGate,
    filters,
    bookmarks,
    users,
    permissions,
    translations,
    designer,
    commandDesigner,
    definitionChanges,
    filterAdmin,
    datasources,
  };
}

/** The services of one app. */
export type Services = ReturnType<typeof createServices>;
