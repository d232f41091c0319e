import express, { type ErrorRequestHandler, type Express, Router } from 'express';
import type { Logger } from 'pino';
import { createServices } from './composition';
import type { ServerOptions } from './config';
import type { DatabaseCatalog } from './db/catalog';
import { auditRoutes } from './features/audit/audit-routes';
import { createAuditSearchService } from './features/audit/audit-search';
import { bookmarksRoutes } from './features/bookmarks/bookmarks-routes';
import { callbackRoutes } from './features/callback/callback-routes';
import { dashboardsRoutes } from './features/dashboards/dashboards-routes';
import { createDashboardsService } from './features/dashboards/dashboards-service';
import { datasourcesDesignerRoutes, formDatasourceRoutes } from './features/datasources/datasources-routes';
import { designerRoutes } from './features/designer/designer-routes';
import { diagnosticsRoutes } from './features/diagnostics/diagnostics-routes';
import type { FilesFs } from './features/files/files-fs';
import { filesRoutes } from './features/files/files-routes';
import { filterAdminRoutes } from './features/filters/filter-admin-routes';
import { filtersRoutes } from './features/filters/filters-routes';
import { formsRoutes } from './features/forms/forms-routes';
import { navigationDesignerRoutes } from './features/navigation/navigation-designer-routes';
import { createNavigationDesignerService } from './features/navigation/navigation-designer-service';
import { permissionsRoutes } from './features/permissions/permissions-routes';
import { processesRoutes } from './features/processes/processes-routes';
import { sessionRoutes } from './features/session/session-routes';
import { securityEventsRoutes } from './features/signing/security-events-routes';
import { staticRoutes } from './features/static/static-routes';
import { translationsRoutes } from './features/translations/translations-routes';
import { usersRoutes } from './features/users/users-routes';
import { createAdmission, SERVER_BUSY_MESSAGE } from './http/admission';
import { apiNotFound, jsonErrorHandler } from './http/errors';
import { healthRoutes } from './http/health-routes';
import { createIdempotency } from './http/idempotency';
import { jsonBody } from './http/limits';
import { sameOriginWrites } from './http/origin';
import { requestLog } from './http/request-log';
import { securityHeaders } from './http/security-headers';
import { CSRF_HEADER, requireSession } from './http/session-middleware';
import { timepoints } from './http/timepoint';

/** Everything the app needs from outside; it opens nothing and never listens. */
export interface AppDeps {
  catalog: DatabaseCatalog;
  logger: Logger;
  /** Clock in epoch milliseconds. */
  now: () => number;
  /** File-system calls of uploads. @default node:fs/promises */
  filesFs?: FilesFs;
  /** True once the server has begun to shut down (`/ready` answers 503). @default never */
  isClosing?: () => boolean;
  options: Pick<
    ServerOptions,
    | 'sessionTimeoutMinutes'
    | 'sessionMaxHours'
    | 'staticDir'
    | 'verboseErrors'
    | 'faultInjection'
    | 'logonRateLimit'
    | 'logonIpRateLimit'
    | 'logonHashLimit'
    | 'dataDir'
    | 'requestLimit'
    | 'allowedOrigins'
    | 'signatureRequiresPassword'
  >;
}

/** The Express app and what must run before its databases close. */
export interface ProcedoApp {
  app: Express;
  /** Stores what the app keeps for later writing (session deadlines). */
  drain(): Promise<void>;
}

/** Builds the Express app of the reference server. */
export function createApp(deps: AppDeps): ProcedoApp {
  const { logger, options } = deps;
  const {
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
  } = createServices(deps);

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  app.set('query parser', 'simple');
  app.use(securityHeaders());
  // Before the request log: a load balancer's probes every second would drown the log.
  app.use(healthRoutes({ catalog: deps.catalog, logger, closing: deps.isClosing ?? (() => false) }));
  app.use(requestLog(logger));

  const apiSession = requireSession({
    sessions,
    onNotLoggedOn: (_req, res) => {
      res
        .status(401)
        .json({ Message: 'You are not signed in, or your session has expired.', Code: 'NOT_LOGGED_ON' });
    },
    onCsrfFailure: (_req, res) => {
      res.status(403).json({ Message: `The request lacks a valid ${CSRF_HEADER} header.`, Code: 'CSRF' });
    },
  });

  // One admission gate for the API and the callback: a burst beyond capacity is refused at once.
  const admission = createAdmission(options.requestLimit);
  const api = Router();
  api.use(
    admission.admit((_req, res) => {
      res.status(503).json({ Message: SERVER_BUSY_MESSAGE, Code: 'SERVER_BUSY' });
    }),
  );
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  api.use(
    sameOriginWrites({
      allowedOrigins: options.allowedOrigins,
      onRefused: (_req, res) => {
        res.status(403).json({
          Message: 'Cross-origin request refused: send it from a Procedo page of this server.',
          Code: 'CROSS_ORIGIN',
        });
      },
    }),
  );
  // Multipart uploads: before the JSON-only body parser.
  // Writes at a timepoint are refused before a body is read (CONTRACT "Time travel").
  api.use(['/v1/files', '/v1/user/system/user-processes'], timepoints);
  // One `Idempotency-Key` helper for the POSTs that create (records, processes, uploads).
  const idempotency = createIdempotency({ now: deps.now });
  api.use('/v1/files', filesRoutes({ files, forms, requireSession: apiSession, idempotency }));
  api.use(jsonBody);
  api.use(
    '/v1/session',
    sessionRoutes({
      sessions,
      requireSession: apiSession,
      logonRateLimit: options.logonRateLimit,
      logonIpRateLimit: options.logonIpRateLimit,
      logonHashLimit: options.logonHashLimit,
      hashGate,
      rateLimitStore: deps.catalog.rateLimitStore,
    }),
  );
  api.use('/v1', securityEventsRoutes({ signing, requireSession: apiSession }));
  api.use('/v1', translationsRoutes({ translations, requireSession: apiSession }));
  // Before the forms routes: forms/{no}/filters is its own feature, with its own session guard.
  api.use('/v1', filtersRoutes({ filters, requireSession: apiSession }));
  api.use('/v1', formDatasourceRoutes({ datasources, requireSession: apiSession }));
  api.use(
    '/v1',
    formsRoutes({
      forms,
      records,
      pickers,
      savedFilters: (auth, no, ids) => filters.resolveSavedFilters(auth, no, ids),
      requireSession: apiSession,
      idempotency,
    }),
  );
  api.use(
    '/v1/audit',
    auditRoutes({ audit: createAuditSearchService({ forms }), requireSession: apiSession }),
  );
  api.use('/v1/permissions', permissionsRoutes({ permissions, requireSession: apiSession }));
  api.use(
    '/v1/user/system/user-processes',
    processesRoutes({ processes, requireSession: apiSession, idempotency }),
  );
  api.use(
    '/v1/dashboards',
    dashboardsRoutes({
      dashboards: createDashboardsService({ forms, processes }),
      requireSession: apiSession,
    }),
  );
  api.use('/v1/bookmarks', bookmarksRoutes({ bookmarks, requireSession: apiSession }));
  api.use('/v1/users', usersRoutes({ users, requireSession: apiSession }));
  // Before `/v1/designer`, whose guard is the `design` role's.
  api.use(
    '/v1/designer/navigation',
    navigationDesignerRoutes({
      navigation: createNavigationDesignerService({ now: deps.now }),
      requireSession: apiSession,
    }),
  );
  api.use(
    '/v1/designer',
    designerRoutes({
      designer,
      commands: commandDesigner,
      changes: definitionChanges,
      requireSession: apiSession,
    }),
  );
  api.use('/v1/designer/filters', filterAdminRoutes({ filterAdmin, requireSession: apiSession }));
  api.use('/v1/designer/datasources', datasourcesDesignerRoutes({ datasources, requireSession: apiSession }));
  if (options.faultInjection) api.use('/v1/diagnostics', diagnosticsRoutes());
  api.use(apiNotFound);
  api.use(jsonErrorHandler(logger));
  app.use('/api', api);

  app.use(
    callbackRoutes({
      admit: admission.admit,
      sessions,
      callbacks,
      logger,
      verboseErrors: options.verboseErrors,
      allowedOrigins: options.allowedOrigins,
    }),
  );
  app.use(staticRoutes(options.staticDir));

  app.use((_req, res) => {
    res.status(404).type('text/plain; charset=utf-8').send('Not found');
  });
  const lastResort: ErrorRequestHandler = (error, _req, res, next) => {
    logger.error({ err: error }, 'request failed');
    if (res.headersSent) {
      next(error);
      return;
    }
    const status = (error as { status?: number } | null)?.status;
    res
      .status(typeof status === 'number' && status >= 400 && status < 500 ? status : 500)
      .type('text/plain; charset=utf-8')
      .send('The request failed.');
  };
  app.use(lastResort);
  return { app, drain: () => sessions.flush() };
}
