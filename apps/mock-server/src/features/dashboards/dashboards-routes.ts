import { type RequestHandler, Router } from 'express';
import { parseBody } from '../../errors/app-error';
import { getAuth } from '../../http/session-middleware';
import { timepointOf, timepoints } from '../../http/timepoint';
import { PositiveId } from '../forms/form-errors';
import type { DashboardsService } from './dashboards-service';

/** `GET /api/v1/dashboards` and `GET /api/v1/dashboards/{id}?Timepoint=`. */
export function dashboardsRoutes(options: {
  dashboards: DashboardsService;
  requireSession: RequestHandler;
}): Router {
  const { dashboards } = options;
  const router = Router();
  router.use(options.requireSession, timepoints);
  router.get('/', async (_req, res) => {
    res.json(await dashboards.list(getAuth(res)));
  });
  router.get('/:id', async (req, res) => {
    const id = parseBody(PositiveId, req.params.id);
    res.json(await dashboards.get(getAuth(res), id, timepointOf(res)?.iso));
  });
  return router;
}
