import * as z from 'zod/mini';
import type { ServerTimeoutCookie } from '../server-timeout';
import type { V1Request } from './request';
import {
  type Database,
  DatabaseListSchema,
  type LogonRequest,
  type PreferencesPatch,
  type SessionContext,
  SessionContextSchema,
} from './schemas';

/** Schema of an answer whose body is not read (204, or a body nobody needs). */
export const IgnoredBodySchema = z.pipe(
  z.unknown(),
  z.transform((): void => undefined),
);

/** The `session/…` resource of the v1 API. */
export interface SessionApi {
  /** `GET session/databases` (no session needed): the databases of the logon page. */
  databases(): Promise<Database[]>;
  /** `POST session/logon`: signs on; the server sets the session and CSRF cookies. */
  logon(body: LogonRequest): Promise<SessionContext>;
  /** `GET session`: the current session context; `NotLoggedOnError` when there is none. */
  get(): Promise<SessionContext>;
  /** `POST session/keep-alive`: extends the session; the context with its new `SessionExpiresAt`. */
  keepAlive(): Promise<SessionContext>;
  /** `POST session/logout`: ends the session. */
  logout(): Promise<void>;
  /** `PATCH session/preferences`: changes the user's preferences; the updated context. */
  setPreferences(patch: PreferencesPatch): Promise<SessionContext>;
  /**
   * `POST session/profile`: this session acts as another of the user's profiles (one of the
   * context's `Profiles`) from the next request on; the updated context. 403 for a profile the
   * user does not have.
   */
  switchProfile(profileId: number): Promise<SessionContext>;
}

/** Builds the session resource on a {@link V1Request}. */
export function createSessionApi(request: V1Request, serverTimeout?: ServerTimeoutCookie): SessionApi {
  return {
    databases: () => request(DatabaseListSchema, 'session/databases'),
    async logon(body) {
      const context = await request(SessionContextSchema, 'session/logon', { method: 'POST', json: body });
      // A new session: its deadline is written even while this tab is locked (that unlocks it).
      serverTimeout?.refresh({ force: true });
      return context;
    },
    get: () => request(SessionContextSchema, 'session'),
    keepAlive: () => request(SessionContextSchema, 'session/keep-alive', { method: 'POST' }),
    logout: () => request(IgnoredBodySchema, 'session/logout', { method: 'POST' }),
    setPreferences: (patch) =>
      request(SessionContextSchema, 'session/preferences', { method: 'PATCH', json: patch }),
    switchProfile: (profileId) =>
      request(SessionContextSchema, 'session/profile', { method: 'POST', json: { ProfileId: profileId } }),
  };
}
