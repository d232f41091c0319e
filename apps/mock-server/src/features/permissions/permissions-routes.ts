import { SavePermissionsRequestSchema } from '@procedo/client-api';
import { type RequestHandler, Router } from 'express';
import { z } from 'zod';
import { parseBody } from '../../errors/app-error';
import { getAuth } from '../../http/session-middleware';
import { timepoints } from '../../http/timepoint';
import { PositiveId } from '../forms/form-errors';
import type { PermissionsService } from './permissions-service';

const FormParams = z.object({ no: PositiveId });
const OwnerQuery = z.strictObject({ ownerType: z.enum(['user', 'profile']), ownerId: PositiveId });
const HistoryQuery = z.strictObject({
  webTemplateNo: PositiveId.optional(),
  beforeId: PositiveId.optional(),
  limit: z.coerce.number().int().positive().max(500).default(100),
});

/**
 * `/api/v1/permissions…`: the element permissions editor (docs/protocol.md "Element permissions
 * editor"). A save at a timepoint is refused (409 READ_ONLY_TIMEPOINT) before its body is read.
 */
export function permissionsRoutes(options: {
  permissions: PermissionsService;
  requireSession: RequestHandler;
}): Router {
  const { permissions, requireSession } = options;
  const router = Router();
  router.use(requireSession, timepoints);
  router.get('/', async (_req, res) => {
    res.json(await permissions.overview(getAuth(res)));
  });
  router.get('/owners', async (_req, res) => {
    res.json(await permissions.owners(getAuth(res)));
  });
  router.get('/history', async (req, res) => {
    const query = parseBody(HistoryQuery, req.query);
    res.json(await permissions.history(getAuth(res), query));
  });
  router.get('/forms/:no', async (req, res) => {
    const { no } = parseBody(FormParams, req.params);
    const { ownerType, ownerId } = parseBody(OwnerQuery, req.query);
    res.json(await permissions.getForm(getAuth(res), no, { ownerType, ownerId }));
  });
  router.put('/forms/:no', async (req, res) => {
    const { no } = parseBody(FormParams, req.params);
    const body = parseBody(SavePermissionsRequestSchema, req.body);
    res.json(await permissions.save(getAuth(res), no, body));
  });
  return router;
}
