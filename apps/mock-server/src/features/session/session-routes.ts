import { LogonRequestSchema, PreferencesPatchSchema, SwitchProfileRequestSchema } from '@procedo/client-api';
import { type RequestHandler, Router } from 'express';
import type { Store } from 'express-rate-limit';
import { parseBody } from '../../errors/app-error';
import {
  clearSessionCookies,
  getAuth,
  readSessionCookie,
  setSessionCookies,
} from '../../http/session-middleware';
import type { WorkGate } from './logon-gate';
import { createLogonLimits, type LogonHashLimit, type LogonRateLimit } from './logon-limits';
import type { SessionService } from './session-service';

/** The v1 session endpoints (mounted at `/api/v1/session`). */
export function sessionRoutes(options: {
  sessions: SessionService;
  requireSession: RequestHandler;
  /** Failed logons per client address + database + user name. */
  logonRateLimit: LogonRateLimit;
  /** Failed logons per client address, whatever the user name (a flood of made-up names). */
  logonIpRateLimit: LogonRateLimit;
  logonHashLimit: LogonHashLimit;
  /** The hashing gate shared with signatures. @default one of `logonHashLimit`'s own */
  hashGate?: WorkGate;
  /** Where the failed-logon counters live (shared by every server on one PostgreSQL). @default memory */
  rateLimitStore?: ((prefix: string) => Store) | undefined;
}): Router {
  const { sessions, requireSession } = options;
  const router = Router();
  const limits = createLogonLimits({
    perUser: options.logonRateLimit,
    perAddress: options.logonIpRateLimit,
    hashing: options.logonHashLimit,
    ...(options.hashGate ? { gate: options.hashGate } : {}),
    ...(options.rateLimitStore ? { store: options.rateLimitStore } : {}),
  });

  router.get('/databases', (_req, res) => {
    res.json(sessions.listDatabases());
  });

  router.post('/logon', ...limits.rateLimits, async (req, res) => {
    const body = parseBody(LogonRequestSchema, req.body);
    const result = await limits.run(req, res, () => sessions.logon(body, readSessionCookie(req)));
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

  router.post('/profile', requireSession, async (req, res) => {
    const body = parseBody(SwitchProfileRequestSchema, req.body);
    res.json(await sessions.switchProfile(getAuth(res), body.ProfileId));
  });

  return router;
}
