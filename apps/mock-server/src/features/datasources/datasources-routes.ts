import { PublishDatasourceRequestSchema } from '@procedo/client-api/designer';
import { type RequestHandler, Router } from 'express';
import { z } from 'zod';
import { parseBody } from '../../errors/app-error';
import { getAuth } from '../../http/session-middleware';
import { timepointOf, timepoints } from '../../http/timepoint';
import { PositiveId } from '../forms/form-errors';
import { requireRole } from '../session/roles';
import type { DatasourcesService } from './datasources-service';

const EntityParams = z.object({ entity: z.string().regex(/^[a-z][a-z0-9_-]{0,63}$/) });
const VersionParams = EntityParams.extend({ version: PositiveId });
const DiffQuery = z.object({ from: PositiveId, to: PositiveId });
const FormParams = z.object({ no: PositiveId });

/**
 * `/api/v1/designer/datasources…`: list, get, versions, version, diff and publish. Every call
 * needs the `design` role (403 `FORBIDDEN`), checked before a body is read; a publish at a
 * Timepoint is refused (409 `READ_ONLY_TIMEPOINT`).
 */
export function datasourcesDesignerRoutes(options: {
  datasources: DatasourcesService;
  requireSession: RequestHandler;
}): Router {
  const { datasources, requireSession } = options;
  const router = Router();
  router.use(requireSession, timepoints, (_req, res, next) => {
    requireRole(getAuth(res), 'design');
    next();
  });
  router.get('/', async (_req, res) => {
    res.json(await datasources.list(getAuth(res)));
  });
  router.get('/:entity', async (req, res) => {
    const { entity } = parseBody(EntityParams, req.params);
    res.json(await datasources.get(getAuth(res), entity));
  });
  router.get('/:entity/versions', async (req, res) => {
    const { entity } = parseBody(EntityParams, req.params);
    res.json(await datasources.versions(getAuth(res), entity));
  });
  router.get('/:entity/versions/:version', async (req, res) => {
    const { entity, version } = parseBody(VersionParams, req.params);
    res.json(await datasources.version(getAuth(res), entity, version));
  });
  router.get('/:entity/diff', async (req, res) => {
    const { entity } = parseBody(EntityParams, req.params);
    const { from, to } = parseBody(DiffQuery, req.query);
    res.json(await datasources.diff(getAuth(res), entity, from, to));
  });
  router.post('/:entity/versions', async (req, res) => {
    const { entity } = parseBody(EntityParams, req.params);
    const body = parseBody(PublishDatasourceRequestSchema, req.body);
    res.status(201).json(await datasources.publish(getAuth(res), entity, body));
  });
  return router;
}

/** `GET /api/v1/forms/{no}/datasource`: any user's view of the columns their search form's grid may add. */
export function formDatasourceRoutes(options: {
  datasources: DatasourcesService;
  requireSession: RequestHandler;
}): Router {
  const { datasources, requireSession } = options;
  const router = Router();
  router.get('/forms/:no/datasource', requireSession, timepoints, async (req, res) => {
    const { no } = parseBody(FormParams, req.params);
    res.json(await datasources.forForm(getAuth(res), no, timepointOf(res)?.iso));
  });
  return router;
}
