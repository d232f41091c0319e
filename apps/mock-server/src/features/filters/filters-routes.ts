import { SavedFilterCreateSchema, SavedFilterUpdateSchema } from '@procedo/client-api';
import { type RequestHandler, Router } from 'express';
import { z } from 'zod';
import { parseBody } from '../../errors/app-error';
import { getAuth } from '../../http/session-middleware';
import { timepoints } from '../../http/timepoint';
import { PositiveId } from '../forms/form-errors';
import type { FiltersService } from './filters-service';

const FormParams = z.object({ no: PositiveId });
const FilterParams = z.object({ no: PositiveId, id: PositiveId });

/**
 * `GET|POST /api/v1/forms/{no}/filters`, `GET|PUT|DELETE …/filters/{id}`: the filter editor's
 * saved filters. Session and CSRF as every v1 route; writes at a Timepoint are refused (409).
 */
export function filtersRoutes(options: { filters: FiltersService; requireSession: RequestHandler }): Router {
  const { filters, requireSession } = options;
  const router = Router();
  router.use('/forms/:no/filters', requireSession, timepoints);

  router.get('/forms/:no/filters', async (req, res) => {
    const { no } = parseBody(FormParams, req.params);
    res.json({ Items: await filters.list(getAuth(res), no) });
  });
  router.post('/forms/:no/filters', async (req, res) => {
    const { no } = parseBody(FormParams, req.params);
    const body = parseBody(SavedFilterCreateSchema, req.body);
    res.status(201).json(await filters.create(getAuth(res), no, body));
  });
  router.get('/forms/:no/filters/:id', async (req, res) => {
    const { no, id } = parseBody(FilterParams, req.params);
    res.json(await filters.get(getAuth(res), no, id));
  });
  router.put('/forms/:no/filters/:id', async (req, res) => {
    const { no, id } = parseBody(FilterParams, req.params);
    const body = parseBody(SavedFilterUpdateSchema, req.body);
    res.json(await filters.update(getAuth(res), no, id, body));
  });
  router.delete('/forms/:no/filters/:id', async (req, res) => {
    const { no, id } = parseBody(FilterParams, req.params);
    res.json(await filters.remove(getAuth(res), no, id));
  });
  return router;
}
