import { PublishCommandRequestSchema, PublishFormRequestSchema } from '@procedo/client-api';
import { type RequestHandler, Router } from 'express';
import { z } from 'zod';
import { parseBody } from '../../errors/app-error';
import { getAuth } from '../../http/session-middleware';
import { timepoints } from '../../http/timepoint';
import { PositiveId } from '../forms/form-errors';
import { requireRole } from '../session/roles';
import type { CommandDesignerService } from './command-designer-service';
import type { DesignerService } from './designer-service';

const FormParams = z.object({ no: PositiveId });
const VersionParams = z.object({ no: PositiveId, version: PositiveId });
const CommandParams = z.object({ id: PositiveId });
const CommandVersionParams = z.object({ id: PositiveId, version: PositiveId });
const DiffQuery = z.object({ from: PositiveId, to: PositiveId });

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

  router.get('/commands', async (_req, res) => {
    res.json(await commands.list(getAuth(res)));
  });
  router.get('/commands/:id', async (req, res) => {
    const { id } = parseBody(CommandParams, req.params);
    res.json(await commands.get(getAuth(res), id));
  });
  router.get('/commands/:id/versions', async (req, res) => {
    const { id } = parseBody(CommandParams, req.params);
    res.json(await commands.versions(getAuth(res), id));
  });
  router.get('/commands/:id/versions/:version', async (req, res) => {
    const { id, version } = parseBody(CommandVersionParams, req.params);
    res.json(await commands.version(getAuth(res), id, version));
  });
  router.get('/commands/:id/diff', async (req, res) => {
    const { id } = parseBody(CommandParams, req.params);
    const { from, to } = parseBody(DiffQuery, req.query);
    res.json(await commands.diff(getAuth(res), id, from, to));
  });
  router.post('/commands/:id/versions', async (req, res) => {
    const { id } = parseBody(CommandParams, req.params);
    const body = parseBody(PublishCommandRequestSchema, req.body);
    res.status(201).json(await commands.publish(getAuth(res), id, body));
  });
  return router;
}
