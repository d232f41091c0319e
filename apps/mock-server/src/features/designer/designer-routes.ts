import { PublishCommandRequestSchema, PublishFormRequestSchema } from '@procedo/client-api';
import { type RequestHandler, Router } from 'express';
import { z } from 'zod';
import { parseBody } from '../../errors/app-error';
import { getAuth } from '../../http/session-middleware';
import { timepoints } from '../../http/timepoint';
import { PositiveId } from '../forms/form-errors';
import { requireRole } from '../session/roles';
import type { AuthContext } from '../session/session-service';
import type { CommandDesignerService } from './command-designer-service';
import type { DesignerService } from './designer-service';

const KeyParams = z.object({ key: PositiveId });
const VersionParams = z.object({ key: PositiveId, version: PositiveId });
const DiffQuery = z.object({ from: PositiveId, to: PositiveId });

/** The service of one kind of versioned definition, as its routes call it. */
interface VersionedService<Body> {
  list(auth: AuthContext): Promise<unknown>;
  get(auth: AuthContext, key: number): Promise<unknown>;
  versions(auth: AuthContext, key: number): Promise<unknown>;
  version(auth: AuthContext, key: number, version: number): Promise<unknown>;
  diff(auth: AuthContext, key: number, from: number, to: number): Promise<unknown>;
  publish(auth: AuthContext, key: number, body: Body): Promise<unknown>;
}

/** `{path}`, `{path}/{key}`, `…/versions`, `…/versions/{v}`, `…/diff?from&to` and `POST …/versions` of one kind. */
function versionRoutes<S extends z.core.$ZodType>(
  router: Router,
  path: string,
  service: VersionedService<z.output<S>>,
  bodySchema: S,
): void {
  router.get(path, async (_req, res) => {
    res.json(await service.list(getAuth(res)));
  });
  router.get(`${path}/:key`, async (req, res) => {
    const { key } = parseBody(KeyParams, req.params);
    res.json(await service.get(getAuth(res), key));
  });
  router.get(`${path}/:key/versions`, async (req, res) => {
    const { key } = parseBody(KeyParams, req.params);
    res.json(await service.versions(getAuth(res), key));
  });
  router.get(`${path}/:key/versions/:version`, async (req, res) => {
    const { key, version } = parseBody(VersionParams, req.params);
    res.json(await service.version(getAuth(res), key, version));
  });
  router.get(`${path}/:key/diff`, async (req, res) => {
    const { key } = parseBody(KeyParams, req.params);
    const { from, to } = parseBody(DiffQuery, req.query);
    res.json(await service.diff(getAuth(res), key, from, to));
  });
  router.post(`${path}/:key/versions`, async (req, res) => {
    const { key } = parseBody(KeyParams, req.params);
    const body = parseBody(bodySchema, req.body);
    res.status(201).json(await service.publish(getAuth(res), key, body));
  });
}

/**
 * `/api/v1/designer/forms…` and `…/commands…`: the form and process command designers' versions,
 * diffs and publishing. Every call needs
 * the `design` role (403 `FORBIDDEN`), checked before a body is read; a publish at a Timepoint is
 * refused (409 `READ_ONLY_TIMEPOINT`); CSRF is the session guard's.
 */
export function designerRoutes(options: {
  designer: DesignerService;
  commands: CommandDesignerService;
  requireSession: RequestHandler;
}): Router {
  const { designer, commands, requireSession } = options;
  const router = Router();
  router.use(requireSession, timepoints, (_req, res, next) => {
    requireRole(getAuth(res), 'design');
    next();
  });

  versionRoutes(router, '/forms', designer, PublishFormRequestSchema);
  versionRoutes(router, '/commands', commands, PublishCommandRequestSchema);
  return router;
}
