import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Database, LogonRequest, PreferencesPatch, SessionContext } from '@procedo/client-api';
import type { DatabaseCatalog, DatabaseEntry } from '../../db/catalog';
import { AppError } from '../../http/errors';
import { verifyAgainstDummy, verifyPassword } from './password';
import type { SessionRecord, UserRecord } from './session-store';

/** A live, signed-in session with its database and user. */
export interface AuthContext {
  database: DatabaseEntry;
  session: SessionRecord;
  user: UserRecord;
}

/** What a session cookie turned out to be. */
export type Authentication =
  | { state: 'none' }
  | { state: 'expired' }
  | { state: 'active'; auth: AuthContext };

/** What logon hands back to the route: the cookie values and the new context. */
export interface LogonResult {
  /** `<databaseId>.<token>`; the token is only ever stored hashed. */
  sessionCookie: string;
  csrfToken: string;
  context: SessionContext;
}

export const INVALID_CREDENTIALS_MESSAGE = 'The user name or password is incorrect.';

/** Calls closer together than this share one write of the session's idle deadline. */
export const TOUCH_GRANULARITY_MS = 1000;

const COOKIE_VALUE = /^([a-z0-9_-]{1,64})\.([A-Za-z0-9_-]{43})$/;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/** Session rules: logon, idle timeout, keep-alive, logout, preferences. Knows nothing of HTTP requests. */
export interface SessionService {
  listDatabases(): Database[];
  /** Signs in, always with a new session; destroys the session `previousCookie` names, if any. */
  logon(request: LogonRequest, previousCookie: string | undefined): Promise<LogonResult>;
  /** Resolves a session cookie; an expired session is deleted here. Does not extend it. */
  authenticate(cookieValue: string | undefined): Promise<Authentication>;
  /** Moves the idle deadline to now + timeout. */
  touch(auth: AuthContext): Promise<AuthContext>;
  logout(auth: AuthContext): Promise<void>;
  updatePreferences(auth: AuthContext, patch: PreferencesPatch): Promise<SessionContext>;
  context(auth: AuthContext): SessionContext;
  /** The idle timeout in minutes. */
  readonly timeoutMinutes: number;
}

/** Creates the {@link SessionService} over the catalog's stores. */
export function createSessionService(options: {
  catalog: DatabaseCatalog;
  timeoutMinutes: number;
  now: () => number;
}): SessionService {
  const { catalog, timeoutMinutes, now } = options;
  const timeoutMs = Math.round(timeoutMinutes * 60_000);

  async function findSession(cookieValue: string | undefined) {
    const match = cookieValue ? COOKIE_VALUE.exec(cookieValue) : null;
    if (!match) return null;
    const database = catalog.get(match[1]!);
    if (!database) return null;
    const session = await database.stores.sessions.findByTokenHash(sha256(match[2]!));
    return session ? { database, session } : null;
  }

  const context = (auth: AuthContext): SessionContext => {
    const { user, database, session } = auth;
    return {
      WebUserId: user.id,
      WebUserIsSupervisor: user.isSupervisor,
      WebUserPreferenceId: user.preferenceId,
      WebProfileId: user.profileId,
      WebTaskId: null,
      WebFormId: null,
      WebFormSearchBtnName: null,
      SessionId: session.id,
      WebDatabaseId: database.id,
      WebDatabaseName: database.name,
      DesignMode: { CanDesign: user.isSupervisor, CanDesignNavigation: user.isSupervisor },
      User: {
        id: user.id,
        name: user.name,
        legalName: user.legalName,
        preferences: { ...user.preferences },
        profileId: user.profileId,
        isSupervisor: user.isSupervisor,
        department: user.department,
        region: user.region,
        mobileTel: user.mobileTel,
        emailBusiness: user.emailBusiness,
        emailPrivate: user.emailPrivate,
        jobTitle: user.jobTitle,
      },
      SessionTimeoutMinutes: timeoutMinutes,
      SessionExpiresAt: new Date(session.expiresAt).toISOString(),
    };
  };

  return {
    timeoutMinutes,
    listDatabases: () => catalog.list().map((entry) => ({ Id: entry.id, Name: entry.name })),

    async logon(request, previousCookie) {
      const previous = await findSession(previousCookie);
      if (previous) await previous.database.stores.sessions.delete(previous.session.id);

      const database = catalog.get(request.Database);
      if (!database) {
        throw new AppError({
          status: 400,
          code: 'UNKNOWN_DATABASE',
          message: `Unknown database '${request.Database}'`,
          issues: [{ code: 'unknown_database', path: ['Database'], message: 'Unknown database' }],
        });
      }
      const user = await database.stores.users.findByName(request.UserName);
      const ok = user
        ? await verifyPassword(request.Password, user.passwordHash)
        : await verifyAgainstDummy(request.Password);
      if (!user || !ok) {
        throw new AppError({
          status: 401,
          code: 'INVALID_CREDENTIALS',
          message: INVALID_CREDENTIALS_MESSAGE,
        });
      }

      const at = now();
      await database.stores.sessions.deleteExpired(at);
      const token = newToken();
      const session: SessionRecord = {
        id: randomUUID(),
        tokenHash: sha256(token),
        userId: user.id,
        csrfToken: newToken(),
        createdAt: at,
        expiresAt: at + timeoutMs,
      };
      await database.stores.sessions.create(session);
      return {
        sessionCookie: `${database.id}.${token}`,
        csrfToken: session.csrfToken,
        context: context({ database, session, user }),
      };
    },

    async authenticate(cookieValue) {
      const found = await findSession(cookieValue);
      if (!found) return { state: 'none' };
      const { database, session } = found;
      if (session.expiresAt <= now()) {
        await database.stores.sessions.delete(session.id);
        return { state: 'expired' };
      }
      const user = await database.stores.users.findById(session.userId);
      if (!user) {
        await database.stores.sessions.delete(session.id);
        return { state: 'none' };
      }
      return { state: 'active', auth: { database, session, user } };
    },

    async touch(auth) {
      const expiresAt = now() + timeoutMs;
      // Each write is a durable (fsync'd) commit: calls within the granularity share one, so the
      // stored deadline trails the answered one by less than TOUCH_GRANULARITY_MS (the client's
      // 5 s margin covers it).
      if (expiresAt - auth.session.expiresAt >= TOUCH_GRANULARITY_MS) {
        await auth.database.stores.sessions.updateExpiry(auth.session.id, expiresAt);
      }
      return { ...auth, session: { ...auth.session, expiresAt } };
    },

    async logout(auth) {
      await auth.database.stores.sessions.delete(auth.session.id);
    },

    async updatePreferences(auth, patch) {
      const preferences = {
        ui: patch.ui ?? auth.user.preferences.ui,
        language: patch.language ?? auth.user.preferences.language,
      };
      await auth.database.stores.users.updatePreferences(auth.user.id, preferences);
      return context({ ...auth, user: { ...auth.user, preferences } });
    },

    context,
  };
}
