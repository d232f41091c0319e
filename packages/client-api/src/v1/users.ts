import { conflictJson, HttpStatusError, sameAnswer } from '../errors';
import type { V1Request } from './request';
import {
  type OwnAccount,
  OwnAccountSchema,
  type UserAccount,
  UserAccountSchema,
  type UserChoices,
  UserChoicesSchema,
  UserConflictBodySchema,
  type UserCreate,
  type UserDetail,
  UserDetailSchema,
  type UserPatch,
  type UsersPage,
  UsersPageSchema,
} from './user-schemas';

/** A stale user edit (409): someone changed the user since the form read them; `current` is the user now. */
export class UserConflictError extends HttpStatusError {
  /** Brand that survives crossing an iframe boundary. */
  readonly isUserConflict = true as const;
  readonly current: UserAccount;

  constructor(options: { error: HttpStatusError; current: UserAccount }) {
    super(sameAnswer(options.error));
    this.name = 'UserConflictError';
    this.current = options.current;
  }
}

/** Whether `error` is a {@link UserConflictError} (also across iframes). */
export const isUserConflictError = (error: unknown): error is UserConflictError =>
  error instanceof UserConflictError ||
  (typeof error === 'object' &&
    error !== null &&
    (error as { isUserConflict?: unknown }).isUserConflict === true);

function asUserConflict(error: unknown): never {
  const answer = conflictJson(error);
  const parsed = answer && UserConflictBodySchema.safeParse(answer.json);
  if (answer && parsed?.success)
    throw new UserConflictError({ error: answer.error, current: parsed.data.Current });
  throw error;
}

/** Query of {@link UsersApi.list}. */
export interface UsersListQuery {
  /** Users whose name, legal name, e-mail, department, region or job title contains this text. */
  text?: string;
  /** The previous page's `NextCursor`. @default the first page */
  cursor?: string;
  /** Users per page, at most 500. @default 100 */
  limit?: number;
  signal?: AbortSignal;
}

/**
 * The user administration resource of the v1 API (form 901). Every call but {@link UsersApi.me}
 * needs the `user-admin` role (403 `FORBIDDEN` otherwise); a write breaking a field rule is a 400
 * whose `Issues` name the fields, and nothing is stored.
 */
export interface UsersApi {
  /** `GET users`: a page of users in name order. */
  list(query?: UsersListQuery): Promise<UsersPage>;
  /** `GET users/{id}`: the user and their change history, newest first. */
  get(id: number, options?: { signal?: AbortSignal }): Promise<UserDetail>;
  /** `GET users/choices`: the profiles, languages and roles the form offers. */
  choices(options?: { signal?: AbortSignal }): Promise<UserChoices>;
  /** `PATCH users/{id}`: changes the fields given; a stale `Version` throws {@link UserConflictError}. */
  update(id: number, patch: UserPatch): Promise<UserAccount>;
  /** `POST users`: creates a user with an initial password. */
  create(user: UserCreate): Promise<UserAccount>;
  /** `POST users/{id}/disable`: the user cannot sign on, and every session of theirs ends now. */
  disable(id: number): Promise<UserAccount>;
  /** `POST users/{id}/enable`: the user may sign on again. */
  enable(id: number): Promise<UserAccount>;
  /** `GET users/me` (any signed-in user): their own account and the languages they may choose. */
  me(options?: { signal?: AbortSignal }): Promise<OwnAccount>;
}

/** Builds the users resource on a {@link V1Request}. */
export function createUsersApi(request: V1Request): UsersApi {
  const signalOf = (options?: { signal?: AbortSignal }) =>
    options?.signal ? { signal: options.signal } : {};
  return {
    list(query = {}) {
      const params = new URLSearchParams();
      const text = query.text?.trim();
      if (text) params.set('text', text);
      if (query.cursor !== undefined) params.set('cursor', query.cursor);
      if (query.limit !== undefined) params.set('limit', String(query.limit));
      return request(UsersPageSchema, 'users', { searchParams: params, ...signalOf(query) });
    },
    get: (id, options) => request(UserDetailSchema, `users/${id}`, signalOf(options)),
    choices: (options) => request(UserChoicesSchema, 'users/choices', signalOf(options)),
    update: (id, patch) =>
      request(UserAccountSchema, `users/${id}`, { method: 'PATCH', json: patch }).catch(asUserConflict),
    create: (user) => request(UserAccountSchema, 'users', { method: 'POST', json: user }),
    disable: (id) => request(UserAccountSchema, `users/${id}/disable`, { method: 'POST' }),
    enable: (id) => request(UserAccountSchema, `users/${id}/enable`, { method: 'POST' }),
    me: (options) => request(OwnAccountSchema, 'users/me', signalOf(options)),
  };
}
