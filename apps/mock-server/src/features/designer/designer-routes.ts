import { PublishFormRequestSchema } from '@procedo/client-api';
import { type RequestHandler, Router } from 'express';
import { z } from 'zod';
import { parseBody } from '../../errors/app-error';
import { getAuth } from '../../http/session-middleware';
import { timepoints } from '../../http/timepoint';
import { PositiveId } from '../forms/form-errors';
import { requireRole } from '../session/roles';
import type { DesignerService } from './designer-service';

const FormParams = z.object({ no: PositiveId });
const VersionParams = z.object({ no: PositiveId, version: PositiveId });
const DiffQuery = z.object({ from: PositiveId, to: PositiveId });

/**
 * `/api/v1/designer/forms…`: the form designer's versions, diffs and publishing. Every call needs
 * the `design` role (403 `FORBIDDEN`), checked before a body is read; a publish at a Timepoint is
 * refused (409 `READ_ONLY_TIMEPOINT`); CSRF is the session guard's.
 */
export function designerRoutes(options: {
  designer: DesignerService;
  requireSession: RequestHandler;
}): Router {
  const { designer, requireSession } = options;
  const router = Router();
  router.use(requireSession, timepoints, (_req, res, next) => {
    requireRole(getAuth(res), 'design');
    next();
  });

  router.get('/forms', async (_req, res) => {
    res.json(await designer.list(getAuth(res)));
  });
  router.get('/forms/:no', async (req, res) => {
    const { no } = parseBody(FormParams, req.params);
    res.json(await designer.get(getAuth(res), no));
  });
  router.get('/forms/:no/versions', async (req, res) => {
    const { no } = parseBody(FormParams, req.params);
    res.json(await designer.versions(getAuth(res), no));
  });
  router.get('/forms/:no/versions/:version', async (req, res) => {
    const { no, version } = parseBody(VersionParams, req.params);
    res.json(await designer.version(getAuth(res), no, version));
  });
  router.get('/forms/:no/diff', async (req, res) => {
    const { no } = parseBody(FormParams, req.params);
    const { from, to } = parseBody(DiffQuery, req.query);
    res.json(await designer.diff(getAuth(res), no, from, to));
  });
  router.post('/forms/:no/versions', async (req, res) => {
    const { no } = parseBody(FormParams, req.params);
    const body = parseBody(PublishFormRequestSchema, req.body);
    res.status(201).json(await designer.publish(getAuth(res), no, body));
  });
  return router;
}
