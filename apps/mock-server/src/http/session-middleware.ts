import { timingSafeEqual } from 'node:crypto';
import { parse as parseCookies, serialize } from 'cookie';
import type { Request, RequestHandler, Response } from 'express';
import type { AuthContext, SessionService } from '../features/session/session-service';

/** HttpOnly session cookie: `<databaseId>.<token>`. */
export const SESSION_COOKIE = 'procedo_session';
/** Script-readable CSRF cookie whose value goes back in {@link CSRF_HEADER}. */
export const CSRF_COOKIE = 'procedo_csrf';
/** Header carrying the CSRF token on POST, PATCH and DELETE. */
export const CSRF_HEADER = 'x-csrf-token';
/**
 * Header a client sets to `1` on calls the user did not ask for (polling, timers): they are
 * served but do not count as activity, so they never keep an idle session alive.
 */
export const BACKGROUND_HEADER = 'x-procedo-background';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The session cookie the request carries, if any. */
export function readSessionCookie(req: Request): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  return parseCookies(header)[SESSION_COOKIE];
}

/** Sets the session and CSRF cookies (both SameSite=Strict, Path=/; only the session one HttpOnly). */
export function setSessionCookies(res: Response, sessionCookie: string, csrfToken: string): void {
  res.append(
    'Set-Cookie',
    serialize(SESSION_COOKIE, sessionCookie, { httpOnly: true, sameSite: 'strict', path: '/' }),
  );
  res.append(
    'Set-Cookie',
    serialize(CSRF_COOKIE, csrfToken, { httpOnly: false, sameSite: 'strict', path: '/' }),
  );
}

/** Expires both cookies in the browser. */
export function clearSessionCookies(res: Response): void {
  const gone = { sameSite: 'strict', path: '/', expires: new Date(0), maxAge: 0 } as const;
  res.append('Set-Cookie', serialize(SESSION_COOKIE, '', { ...gone, httpOnly: true }));
  res.append('Set-Cookie', serialize(CSRF_COOKIE, '', gone));
}

function csrfMatches(req: Request, expected: string): boolean {
  const sent = req.get(CSRF_HEADER);
  if (!sent) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The signed-in session {@link requireSession} put on the response. */
export function getAuth(res: Response): AuthContext {
  const auth = res.locals.auth as AuthContext | undefined;
  if (!auth) throw new Error('getAuth used on a route without requireSession');
  return auth;
}

/**
 * Admits only requests of a live session: no session (or an expired one, which is deleted) goes
 * to `onNotLoggedOn`; a state-changing request without the session's CSRF token goes to
 * `onCsrfFailure` and nothing runs; otherwise the session is available through {@link getAuth},
 * and, unless the request says it is background work ({@link BACKGROUND_HEADER}), the idle
 * deadline moves to now + timeout (ASVS 7.3: only user activity extends a session).
 */
export function requireSession(options: {
  sessions: SessionService;
  onNotLoggedOn: (req: Request, res: Response) => void;
  onCsrfFailure: (req: Request, res: Response) => void;
}): RequestHandler {
  return async (req, res, next) => {
    const cookie = readSessionCookie(req);
    const authentication = await options.sessions.authenticate(cookie);
    if (authentication.state !== 'active') {
      if (cookie !== undefined) clearSessionCookies(res);
      options.onNotLoggedOn(req, res);
      return;
    }
    if (STATE_CHANGING.has(req.method) && !csrfMatches(req, authentication.auth.session.csrfToken)) {
      options.onCsrfFailure(req, res);
      return;
    }
    res.locals.auth =
      req.get(BACKGROUND_HEADER) === '1' ? authentication.auth : options.sessions.touch(authentication.auth);
    next();
  };
}
