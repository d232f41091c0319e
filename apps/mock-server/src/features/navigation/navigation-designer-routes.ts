import { PublishNavigationRequestSchema } from '@procedo/client-api/designer';
import { type RequestHandler, Router } from 'express';
import { getAuth } from '../../http/session-middleware';
import { timepoints } from '../../http/timepoint';
import { versionRoutes } from '../designer/designer-routes';
import { requireRole } from '../session/roles';
import type { NavigationDesignerService } from './navigation-designer-service';

/**
 * `/api/v1/designer/navigation…` (the designers' six version calls, keyed by the profile id): the
 * navigation designer's versions, diffs and publishing. Every call needs the `navigation-design`
 * role (403 `FORBIDDEN`), checked before a body is read; a publish at a Timepoint is refused (409
 * `READ_ONLY_TIMEPOINT`); CSRF is the session guard's. Mounted before `/api/v1/designer`, whose
 * guard is the `design` role's.
 */
export function navigationDesignerRoutes(options: {
  navigation: NavigationDesignerService;
  requireSession: RequestHandler;
}): Router {
  const router = Router();
  router.use(options.requireSession, timepoints, (_req, res, next) => {
    requireRole(getAuth(res), 'navigation-design');
    next();
  });
  versionRoutes(router, '', options.navigation, PublishNavigationRequestSchema);
  return router;
}
