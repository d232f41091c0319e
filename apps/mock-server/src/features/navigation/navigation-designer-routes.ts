import { PublishNavigationRequestSchema } from '@procedo/client-api';
import { type RequestHandler, Router } from 'express';
import { z } from 'zod';
import { parseBody } from '../../errors/app-error';
import { getAuth } from '../../http/session-middleware';
import { timepoints } from '../../http/timepoint';
import { PositiveId } from '../forms/form-errors';
import { requireRole } from '../session/roles';
import type { NavigationDesignerService } from './navigation-designer-service';

const ProfileParams = z.object({ profileId: PositiveId });
const VersionParams = z.object({ profileId: PositiveId, version: PositiveId });
const DiffQuery = z.object({ from: PositiveId, to: PositiveId });

/**
 * `/api/v1/designer/navigation…`: the navigation designer's versions, diffs and publishing. Every
 * call needs the `navigation-design` role (403 `FORBIDDEN`), checked before a body is read; a
 * publish at a Timepoint is refused (409 `READ_ONLY_TIMEPOINT`); CSRF is the session guard's.
 */
export function navigationDesignerRoutes(options: {
  navigation: NavigationDesignerService;
  requireSession: RequestHandler;
}): Router {
  const { navigation, requireSession } = options;
  const router = Router();
  router.use(requireSession, timepoints, (_req, res, next) => {
    requireRole(getAuth(res), 'navigation-design');
    next();
  });
  router.get('/', async (_req, res) => {
    res.json(await navigation.list(getAuth(res)));
  });
  router.get('/:profileId', async (req, res) => {
    const { profileId } = parseBody(ProfileParams, req.params);
    res.json(await navigation.get(getAuth(res), profileId));
  });
  router.get('/:profileId/versions', async (req, res) => {
    const { profileId } = parseBody(ProfileParams, req.params);
    res.json(await navigation.versions(getAuth(res), profileId));
  });
  router.get('/:profileId/versions/:version', async (req, res) => {
    const { profileId, version } = parseBody(VersionParams, req.params);
    res.json(await navigation.version(getAuth(res), profileId, version));
  });
  router.get('/:profileId/diff', async (req, res) => {
    const { profileId } = parseBody(ProfileParams, req.params);
    const { from, to } = parseBody(DiffQuery, req.query);
    res.json(await navigation.diff(getAuth(res), profileId, from, to));
  });
  router.post('/:profileId/versions', async (req, res) => {
    const { profileId } = parseBody(ProfileParams, req.params);
    const body = parseBody(PublishNavigationRequestSchema, req.body);
    res.status(201).json(await navigation.publish(getAuth(res), profileId, body));
  });
  return router;
}
