import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Database, LogonRequest, PreferencesPatch, SessionContext } from '@procedo/client-api';
import type { Logger } from 'pino';
import type { DatabaseCatalog, DatabaseEntry } from '../../db/catalog';
import { AppError, storageFailure } from '../../errors/app-error';
import { verifyAgainstDummy, verifyPassword } from './password';
import { actingAs, switchedProfile } from './profiles';
import { hasRole } from './roles';
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
  /**
   * Resolves a session cookie; a session past its idle deadline or its absolute lifetime is
   * deleted here. Does not extend it. Only reads: it never waits on the database's write lock.
   */
  authenticate(cookieValue: string | undefined): Promise<Authentication>;
  /**
   * User activity: moves the idle deadline to now + timeout (never past the session's absolute
   * end). The durable write happens after the answer, off the request's path.
   */
  touch(auth: AuthContext): AuthContext;
  logout(auth: AuthContext): Promise<void>;
  updatePreferences(auth: AuthContext, patch: PreferencesPatch): Promise<SessionContext>;
  /**
   * The session acts as another of the user's profiles from the next request on (403
   * `FORBIDDEN`, nothing changed, for a profile the user does not have); the new context.
   */
  switchProfile(auth: AuthContext, profileId: number): Promise<SessionContext>;
  context(auth: AuthContext): SessionContext;
  /** The idle timeout in minutes. */
  readonly timeoutMinutes: number;
  /** Writes the deadlines still waiting to be stored (on shutdown). */
  flush(): Promise<void>;
}

/** Creates the {@link SessionService} over the catalog's stores. */
export function createSessionService(options: {
  catalog: DatabaseCatalog;
  timeoutMinutes: number;
  /** Absolute lifetime of a session, whatever its activity. */
  maxHours: number;
  now: () => number;
  logger: Logger;
  /** Told to the signed-in page in `VerboseErrors` (spec §8's verbose setting). @default false */
  verboseErrors?: boolean;
}): SessionService {
  const { catalog, timeoutMinutes, now, logger } = options;
  const timeoutMs = Math.round(timeoutMinutes * 60_000);
  const lifetimeMs = Math.round(options.maxHours * 3_600_000);
  const endOf = (session: SessionRecord) => session.createdAt + lifetimeMs;

  // Idle deadlines answered but not stored yet, by database and session id. A request never
  // waits for this write: while another process holds the write lock or the disk is full, reads
  // go on and the deadline is stored once it can be (a crash before that loses less than the
  // client's 5 s margin of a deadline, never a saved record).
  const pending = new Map<string, { database: DatabaseEntry; id: string; expiresAt: number }>();
  let flushing: Promise<void> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let failing = false;
  const keyOf = (database: DatabaseEntry, id: string) => `${database.id}/${id}`;

  async function writePending(): Promise<void> {
    for (const [key, entry] of [...pending]) {
      try {
        await entry.database.stores.sessions.updateExpiry(entry.id, entry.expiresAt);
      } catch (error) {
        if (!storageFailure(error)) throw error;
        if (!failing) logger.warn({ err: error }, 'session deadlines cannot be stored now; retrying');
        failing = true;
        retry ??= setTimeout(() => {
          retry = null;
          void scheduleFlush();
        }, 1000);
        retry.unref();
        return;
      }
      if (pending.get(key) === entry) pending.delete(key);
    }
    if (failing) logger.info('session deadlines stored again');
    failing = false;
  }

  function scheduleFlush(): Promise<void> {
    flushing ??= new Promise<void>((resolve) => setImmediate(resolve))
      .then(writePending)
      .catch((error: unknown) => logger.error({ err: error }, 'storing session deadlines failed'))
      .finally(() => {
        flushing = null;
        // Deadlines moved on while this flush was writing wait for the next one.
        if (pending.size > 0 && !retry) void scheduleFlush();
      });
    return flushing;
  }

  /** Best effort: a cleanup that cannot write now is done by a later one. */
  async function quietly(work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      if (!storageFailure(error)) throw error;
    }
  }

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
      DesignMode: {
        CanDesign: hasRole(user, 'design'),
        CanDesignNavigation: hasRole(user, 'navigation-design'),
      },
      Roles: [...user.roles],
      Profiles: user.profiles.map((profile) => ({ Id: profile.id, Name: profile.name })),
      User: {
        id: user.id,
        name: user.name,
        legalName: user.legalName,
        preferences: { ...user.preferences },
        profileId: user.ownProfileId,
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
      VerboseErrors: options.verboseErrors ?? false,
    };
  };

  return {
    timeoutMinutes,
    listDatabases: () => catalog.list().map((entry) => ({ Id: entry.id, Name: entry.name })),

    async logon(request, previousCookie) {
      const previous = await findSession(previousCookie);
      if (previous) {
        pending.delete(keyOf(previous.database, previous.session.id));
        await previous.database.stores.sessions.delete(previous.session.id);
      }

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
      if (!user || !ok || user.isDisabled) {
        throw new AppError({
          status: 401,
          code: 'INVALID_CREDENTIALS',
          message: INVALID_CREDENTIALS_MESSAGE,
        });
      }

      const at = now();
      await quietly(() => database.stores.sessions.deleteExpired(at, at - lifetimeMs));
      const token = newToken();
      const session: SessionRecord = {
        id: randomUUID(),
        tokenHash: sha256(token),
        userId: user.id,
        csrfToken: newToken(),
        createdAt: at,
        expiresAt: at + Math.min(timeoutMs, lifetimeMs),
        profileId: null,
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
      const { database } = found;
      const key = keyOf(database, found.session.id);
      const session = {
        ...found.session,
        expiresAt: Math.max(found.session.expiresAt, pending.get(key)?.expiresAt ?? 0),
      };
      if (session.expiresAt <= now() || endOf(session) <= now()) {
        pending.delete(key);
        await quietly(() => database.stores.sessions.delete(session.id));
        return { state: 'expired' };
      }
      const user = await database.stores.users.findById(session.userId);
      if (!user || user.isDisabled) {
        pending.delete(key);
        await quietly(() => database.stores.sessions.delete(session.id));
        return { state: 'none' };
      }
      return { state: 'active', auth: { database, session, user: actingAs(user, session.profileId) } };
    },

    touch(auth) {
      const expiresAt = Math.min(now() + timeoutMs, endOf(auth.session));
      // Each write is a durable (fsync'd) commit: calls within the granularity share one, so the
      // stored deadline trails the answered one by less than TOUCH_GRANULARITY_MS (the client's
      // 5 s margin covers it).
      if (expiresAt - auth.session.expiresAt >= TOUCH_GRANULARITY_MS) {
        pending.set(keyOf(auth.database, auth.session.id), {
          database: auth.database,
          id: auth.session.id,
          expiresAt,
        });
        void scheduleFlush();
      }
      return { ...auth, session: { ...auth.session, expiresAt } };
    },

    async logout(auth) {
      pending.delete(keyOf(auth.database, auth.session.id));
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

    async switchProfile(auth, profileId) {
      const next = switchedProfile(auth.user, profileId);
      await auth.database.stores.sessions.setProfile(auth.session.id, next.stored);
      return context({ ...auth, session: { ...auth.session, profileId: next.stored }, user: next.user });
    },

    context,

    async flush() {
      if (retry) clearTimeout(retry);
      retry = null;
      await flushing;
      if (pending.size > 0) await writePending().catch(() => undefined);
    },
  };
}
