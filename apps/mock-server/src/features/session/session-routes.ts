import { LogonRequestSchema, PreferencesPatchSchema } from '@procedo/client-api';
import { type Request, type RequestHandler, Router } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { AppError, parseBody } from '../../http/errors';
import {
  clearSessionCookies,
  getAuth,
  readSessionCookie,
  setSessionCookies,
} from '../../http/session-middleware';
import type { SessionService } from './session-service';

/** Failed logons per IP + database + user name; successful ones do not count. */
function logonRateLimit(limit: { max: number; windowMs: number }): RequestHandler {
  const field = (req: Request, name: string) => {
    const value = (req.body as Record<string, unknown> | undefined)?.[name];
    return typeof value === 'string' ? value.trim().toLowerCase() : '';
  };
  return rateLimit({
    windowMs: limit.windowMs,
    limit: limit.max,
    skipSuccessfulRequests: true,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) =>
      JSON.stringify([ipKeyGenerator(req.ip ?? 'unknown'), field(req, 'Database'), field(req, 'UserName')]),
    handler: (_req, _res, next, options) => {
      next(
        new AppError({
          status: options.statusCode,
          code: 'RATE_LIMITED',
          message: 'Too many failed sign-in attempts. Wait a minute and try again.',
        }),
      );
    },
  });
}

/** The v1 session endpoints (mounted at `/api/v1/session`). */
export function sessionRoutes(options: {
  sessions: SessionService;
  requireSession: RequestHandler;
  logonRateLimit: { max: number; windowMs: number };
}): Router {
  const { sessions, requireSession } = options;
  const router = Router();

  router.get('/databases', (_req, res) => {
    res.json(sessions.listDatabases());
  });

  router.post('/logon', logonRateLimit(options.logonRateLimit), async (req, res) => {
    const body = parseBody(LogonRequestSchema, req.body);
    const result = await sessions.logon(body, readSessionCookie(req));
    setSessionCookies(res, result.sessionCookie, result.csrfToken);
    res.json(result.context);
  });

  router.get('/', requireSession, (_req, res) => {
    res.json(sessions.context(getAuth(res)));
  });

  // requireSession has already moved the deadline; the answer shows the new one.
  router.post('/keep-alive', requireSession, (_req, res) => {
    res.json(sessions.context(getAuth(res)));
  });

  router.post('/logout', requireSession, async (_req, res) => {
    await sessions.logout(getAuth(res));
    clearSessionCookies(res);
    res.status(204).end();
  });

  router.patch('/preferences', requireSession, async (req, res) => {
    const patch = parseBody(PreferencesPatchSchema, req.body);
    res.json(await sessions.updatePreferences(getAuth(res), patch));
  });

  return router;
}
