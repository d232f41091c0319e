import type { SecurityEventPage } from '@procedo/client-api';
import { type RequestHandler, Router } from 'express';
import { z } from 'zod';
import { parseBody } from '../../errors/app-error';
import { getAuth } from '../../http/session-middleware';
import type { SigningService } from './signing-service';

const ListQuery = z.strictObject({
  beforeId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().positive().max(500).default(50),
});

/** `GET /api/v1/security-events`: failed signature attempts and blocks, newest first, keyset-paged. */
export function securityEventsRoutes(options: {
  signing: SigningService;
  requireSession: RequestHandler;
}): Router {
  const { signing, requireSession } = options;
  const router = Router();
  router.get('/security-events', requireSession, async (req, res) => {
    const { beforeId, limit } = parseBody(ListQuery, req.query);
    const page = await signing.listEvents(getAuth(res), { beforeId, limit });
    const body: SecurityEventPage = {
      Items: page.items.map((event) => ({
        Id: event.id,
        Kind: event.kind,
        Cause: event.cause,
        UserName: event.userName,
        SessionId: event.sessionId,
        Address: event.address,
        AtUtc: event.atUtc,
        WebTemplateNo: event.webTemplateNo,
        RecordId: event.recordId,
      })),
      NextBeforeId: page.nextBeforeId,
    };
    res.json(body);
  });
  return router;
}
