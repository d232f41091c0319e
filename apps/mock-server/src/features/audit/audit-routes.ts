import { parseTimepoint } from '@procedo/client-api';
import { type Request, type RequestHandler, Router } from 'express';
import { z } from 'zod';
import { parseBody } from '../../errors/app-error';
import { getAuth } from '../../http/session-middleware';
import { timepointOf, timepoints } from '../../http/timepoint';
import { PositiveId } from '../forms/form-errors';
import type { AuditSearchService } from './audit-search';

/** An instant in the Timepoint formats (CONTRACT "Time travel"), as ISO UTC with milliseconds. */
const Instant = z
  .string()
  .max(64)
  .transform((text, ctx) => {
    const at = parseTimepoint(text);
    if (at === null) {
      ctx.addIssue({ code: 'custom', message: 'Use yyyy-MM-dd HH:mm (UTC) or ISO 8601 with a Z' });
      return z.NEVER;
    }
    return new Date(at).toISOString();
  });

const SearchQuery = z
  .strictObject({
    UserName: z.string().trim().max(128).optional(),
    Entity: z
      .string()
      .regex(/^[a-z][a-z0-9-]{0,63}$/, 'An entity name: lower-case letters, digits and -')
      .optional(),
    WebTemplateNo: PositiveId.optional(),
    From: Instant.optional(),
    To: Instant.optional(),
    cursor: z.string().max(400).optional(),
    limit: z.coerce.number().int().positive().max(500).default(50),
    Timepoint: z.string().optional(),
  })
  .refine((q) => !q.From || !q.To || q.From <= q.To, { message: 'From is after To', path: ['From'] });

/** `GET /api/v1/audit`: the supervisors' search across every record's audit events. */
export function auditRoutes(options: { audit: AuditSearchService; requireSession: RequestHandler }): Router {
  const router = Router();
  router.use(options.requireSession, timepoints);
  router.get('/', async (req: Request, res) => {
    const q = parseBody(SearchQuery, req.query as Record<string, unknown>);
    const atIso = timepointOf(res)?.iso;
    res.json(
      await options.audit.search(getAuth(res), {
        limit: q.limit,
        ...(q.UserName ? { userName: q.UserName } : {}),
        ...(q.Entity ? { entity: q.Entity } : {}),
        ...(q.WebTemplateNo ? { webTemplateNo: q.WebTemplateNo } : {}),
        ...(q.From ? { fromIso: q.From } : {}),
        ...(q.To ? { toIso: q.To } : {}),
        ...(q.cursor ? { cursor: q.cursor } : {}),
        ...(atIso ? { atIso } : {}),
      }),
    );
  });
  return router;
}
