import {
  CHANGES_PAGE_DEFAULT,
  CHANGES_PAGE_MAX,
  PublishCommandRequestSchema,
  PublishFormRequestSchema,
} from '@procedo/client-api/designer';
import { type RequestHandler, Router } from 'express';
import { z } from 'zod';
import { parseBody } from '../../errors/app-error';
import { getAuth } from '../../http/session-middleware';
import { timepoints } from '../../http/timepoint';
import { PositiveId } from '../forms/form-errors';
import { hasRole, requireRole } from '../session/roles';
import type { AuthContext } from '../session/session-service';
import type { CommandDesignerService } from './command-designer-service';
import type { DefinitionChangesService } from './definition-changes-service';
import { DEFINITION_KINDS } from './definition-changes-store';
import type { DesignerService } from './designer-service';

const KeyParams = z.object({ key: PositiveId });
/** `GET` of these also answers the `navigation-design` role: what a navigation node may link. */
const LINK_TARGET_LISTS = new Set(['/forms', '/commands']);
const VersionParams = z.object({ key: PositiveId, version: PositiveId });
const DiffQuery = z.object({ from: PositiveId, to: PositiveId });
const ChangesQuery = z.object({
  kind: z.enum(DEFINITION_KINDS).optional(),
  cursor: z.string().max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(CHANGES_PAGE_MAX).default(CHANGES_PAGE_DEFAULT),
});

/** The service of one kind of versioned definition, as its routes call it. */
export interface VersionedService<Body> {
  list(auth: AuthContext): Promise<unknown>;
  get(auth: AuthContext, key: number): Promise<unknown>;
  versions(auth: AuthContext, key: number): Promise<unknown>;
  version(auth: AuthContext, key: number, version: number): Promise<unknown>;
  diff(auth: AuthContext, key: number, from: number, to: number): Promise<unknown>;
  publish(auth: AuthContext, key: number, body: Body): Promise<unknown>;
}

/** `{path}`, `{path}/{key}`, `…/versions`, `…/versions/{v}`, `…/diff?from&to` and `POST …/versions` of one kind. */
export function versionRoutes<S extends z.core.$ZodType>(
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
 * `/api/v1/designer/forms…`, `…/commands…` and `…/changes`: the form and process command
 * designers' versions, diffs and publishing, and the definitions' audit trail. Every call needs
 * the `design` role (403 `FORBIDDEN`), checked before a body is read — but the two lists, which
 * the `navigation-design` role also reads; a publish at a Timepoint is refused (409
 * `READ_ONLY_TIMEPOINT`); CSRF is the session guard's.
 */
export function designerRoutes(options: {
  designer: DesignerService;
  commands: CommandDesignerService;
  changes: DefinitionChangesService;
  requireSession: RequestHandler;
}): Router {
  const { designer, commands, changes, requireSession } = options;
  const router = Router();
  router.use(requireSession, timepoints, (req, res, next) => {
    const auth = getAuth(res);
    // The lists of forms and commands are also the navigation designer's link targets.
    const isTargetList = req.method === 'GET' && LINK_TARGET_LISTS.has(req.path);
    if (!(isTargetList && hasRole(auth.user, 'navigation-design'))) requireRole(auth, 'design');
    next();
  });

  versionRoutes(router, '/forms', designer, PublishFormRequestSchema);
  versionRoutes(router, '/commands', commands, PublishCommandRequestSchema);
  router.get('/changes', async (req, res) => {
    const query = parseBody(ChangesQuery, req.query);
    res.json(
      await changes.list(getAuth(res), {
        kind: query.kind ?? null,
        cursor: query.cursor ?? null,
        limit: query.limit,
      }),
    );
  });
  return router;
}
