import { ManagedFilterChangeSchema } from '@procedo/client-api/designer';
import { type RequestHandler, Router } from 'express';
import { z } from 'zod';
import { parseBody } from '../../errors/app-error';
import { getAuth } from '../../http/session-middleware';
import { timepoints } from '../../http/timepoint';
import { PositiveId } from '../forms/form-errors';
import { requireRole } from '../session/roles';
import type { FilterAdminService } from './filter-admin-service';

const FormParams = z.object({ no: PositiveId });
const FilterParams = z.object({ no: PositiveId, id: PositiveId });
const VersionQuery = z.object({ version: PositiveId });

/**
 * `/api/v1/designer/filters/{no}…`: designers manage every user's saved filters of a form. The
 * `design` role is checked before a body is read (403 `FORBIDDEN`); writes at a Timepoint are
 * refused (409 `READ_ONLY_TIMEPOINT`).
 */
export function filterAdminRoutes(options: {
  filterAdmin: FilterAdminService;
  requireSession: RequestHandler;
}): Router {
  const { filterAdmin, requireSession } = options;
  const router = Router();
  router.use(requireSession, timepoints, (_req, res, next) => {
    requireRole(getAuth(res), 'design');
    next();
  });
  router.get('/:no', async (req, res) => {
    const { no } = parseBody(FormParams, req.params);
    res.json(await filterAdmin.list(getAuth(res), no));
  });
  router.get('/:no/changes', async (req, res) => {
    const { no } = parseBody(FormParams, req.params);
    res.json(await filterAdmin.changes(getAuth(res), no));
  });
  router.patch('/:no/:id', async (req, res) => {
    const { no, id } = parseBody(FilterParams, req.params);
    const body = parseBody(ManagedFilterChangeSchema, req.body);
    res.json(await filterAdmin.change(getAuth(res), no, id, body));
  });
  router.delete('/:no/:id', async (req, res) => {
    const { no, id } = parseBody(FilterParams, req.params);
    const { version } = parseBody(VersionQuery, req.query);
    res.json(await filterAdmin.remove(getAuth(res), no, id, version));
  });
  return router;
}
