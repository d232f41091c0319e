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
import { createWorkGate, GateFullError } from './logon-gate';
import type { SessionService } from './session-service';

/** A fixed-window limit: `max` failed logons per `windowMs`. */
export interface LogonRateLimit {
  max: number;
  windowMs: number;
}

/** How many logons may hash at once, and how many may wait for a slot. */
export interface LogonHashLimit {
  concurrency: number;
  queue: number;
}

const clientAddress = (req: Request) => ipKeyGenerator(req.ip ?? 'unknown');

/** Failed logons per key; successful ones, and ones refused as busy before any check, do not count. */
function failedLogonLimit(limit: LogonRateLimit, key: (req: Request) => string): RequestHandler {
  return rateLimit({
    windowMs: limit.windowMs,
    limit: limit.max,
    skipSuccessfulRequests: true,
    requestWasSuccessful: (_req, res) => res.statusCode < 400 || res.statusCode === 503,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: key,
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

const field = (req: Request, name: string) => {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
};

/** The v1 session endpoints (mounted at `/api/v1/session`). */
export function sessionRoutes(options: {
  sessions: SessionService;
  requireSession: RequestHandler;
  /** Failed logons per client address + database + user name. */
  logonRateLimit: LogonRateLimit;
  /** Failed logons per client address, whatever the user name (a flood of made-up names). */
  logonIpRateLimit: LogonRateLimit;
  logonHashLimit: LogonHashLimit;
}): Router {
  const { sessions, requireSession } = options;
  const router = Router();
  const perAddress = failedLogonLimit(options.logonIpRateLimit, clientAddress);
  const perUser = failedLogonLimit(options.logonRateLimit, (req) =>
    JSON.stringify([clientAddress(req), field(req, 'Database'), field(req, 'UserName')]),
  );
  // Every logon hashes (an unknown user against a dummy hash, for equal timing): the gate bounds
  // how much of that work anonymous requests can queue; beyond it they are refused unhashed.
  const hashing = createWorkGate(options.logonHashLimit);

  router.get('/databases', (_req, res) => {
    res.json(sessions.listDatabases());
  });

  router.post('/logon', perAddress, perUser, async (req, res) => {
    const body = parseBody(LogonRequestSchema, req.body);
    let result: Awaited<ReturnType<SessionService['logon']>>;
    try {
      result = await hashing.run(() => sessions.logon(body, readSessionCookie(req)));
    } catch (error) {
      if (!(error instanceof GateFullError)) throw error;
      res.set('Retry-After', '1');
      throw new AppError({
        status: 503,
        code: 'SERVER_BUSY',
        message: 'The server is busy signing other users in. Try again in a moment.',
      });
    }
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
