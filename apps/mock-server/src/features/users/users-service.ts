import type {
  ApiIssue,
  OwnAccount,
  UserAccount,
  UserAuditEvent,
  UserChoices,
  UserCreateSchema,
  UserDetail,
  UserPatchSchema,
  UsersPage,
} from '@procedo/client-api';
import { RoleSchema } from '@procedo/client-api';
import type * as z from 'zod/mini';
import { AppError } from '../../errors/app-error';
import { readCursor, writeCursor } from '../../http/keyset-cursor';
import { hashPassword } from '../session/password';
import { requireRole } from '../session/roles';
import type { AuthContext } from '../session/session-service';
import type { StoredUserAccount, UserChangeReads, UserUpdate } from './users-store';

export const SELF_DISABLE_MESSAGE = 'You cannot disable your own account.';
export const LAST_USER_ADMIN_MESSAGE = 'At least one enabled user must keep the right to manage users.';
export const NAME_TAKEN_MESSAGE = 'Another user already has this name';
export const UNKNOWN_PROFILE_MESSAGE = 'Choose one of the profiles';
export const USER_NOT_FOUND_MESSAGE = 'There is no such user.';

/** Users per page when the list does not say. */
export const USERS_PAGE_DEFAULT = 100;
export const USERS_PAGE_MAX = 500;

type Patch = z.output<typeof UserPatchSchema>;
type Create = z.output<typeof UserCreateSchema>;

/** User administration (form 901) and the user's own account; knows nothing of HTTP requests. */
export interface UsersService {
  list(
    auth: AuthContext,
    query: { text: string | null; cursor: string | null; limit: number },
  ): Promise<UsersPage>;
  get(auth: AuthContext, id: number): Promise<UserDetail>;
  choices(auth: AuthContext): Promise<UserChoices>;
  update(auth: AuthContext, id: number, patch: Patch): Promise<UserAccount>;
  create(auth: AuthContext, body: Create): Promise<UserAccount>;
  /** Disables (ending every session of the user in the same transaction) or enables a user. */
  setDisabled(auth: AuthContext, id: number, isDisabled: boolean): Promise<UserAccount>;
  /** The signed-in user's own account (no role needed). */
  me(auth: AuthContext): Promise<OwnAccount>;
}

function toWire(user: StoredUserAccount): UserAccount {
  return {
    id: user.id,
    name: user.name,
    legalName: user.legalName,
    preferences: { ui: user.ui, language: user.language },
    profileId: user.profileId,
    profileName: user.profileName,
    isSupervisor: user.isSupervisor,
    department: user.department,
    region: user.region,
    mobileTel: user.mobileTel,
    emailBusiness: user.emailBusiness,
    emailPrivate: user.emailPrivate,
    jobTitle: user.jobTitle,
    isDisabled: user.isDisabled,
    roles: [...user.roles],
    version: user.version,
  };
}

const toEvent = (event: {
  id: number;
  userId: number;
  field: string;
  oldValue: string;
  newValue: string;
  changedBy: string;
  atUtc: string;
}): UserAuditEvent => ({
  Id: event.id,
  UserId: event.userId,
  Field: event.field,
  OldValue: event.oldValue,
  NewValue: event.newValue,
  ChangedBy: event.changedBy,
  ChangedAt: event.atUtc,
});

const notFound = () => new AppError({ status: 404, code: 'NOT_FOUND', message: USER_NOT_FOUND_MESSAGE });

function refuse(issues: ApiIssue[]): never {
  const detail = issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
  throw new AppError({ status: 400, code: 'VALIDATION', message: `Invalid request: ${detail}`, issues });
}

/** The rules that need the database: each broken one is an issue on its field. */
function databaseIssues(
  fields: { name?: string | undefined; profileId?: number | undefined; language?: string | undefined },
  reads: UserChangeReads,
  userId: number | null,
): ApiIssue[] {
  const issues: ApiIssue[] = [];
  if (fields.name !== undefined && reads.nameTaken(fields.name, userId)) {
    issues.push({ code: 'name_taken', path: ['name'], message: NAME_TAKEN_MESSAGE });
  }
  if (fields.profileId !== undefined && !reads.profileExists(fields.profileId)) {
    issues.push({ code: 'unknown_profile', path: ['profileId'], message: UNKNOWN_PROFILE_MESSAGE });
  }
  if (fields.language !== undefined) {
    const languages = reads.languages();
    if (!languages.includes(fields.language)) {
      issues.push({
        code: 'unknown_language',
        path: ['language'],
        message: `Choose one of the database's languages (${languages.join(', ')})`,
      });
    }
  }
  return issues;
}

/** The keyset position after a user: their name and id. */
const cursorOf = (user: StoredUserAccount) => writeCursor([user.name, user.id]);

const readPosition = (cursor: string) =>
  readCursor(cursor, ([name, id, ...rest]) =>
    rest.length === 0 && typeof name === 'string' && Number.isSafeInteger(id)
      ? { name, id: id as number }
      : null,
  );

/** Creates the {@link UsersService}. */
export function createUsersService(options: { now: () => number }): UsersService {
  const at = () => new Date(options.now()).toISOString();
  const actorOf = (auth: AuthContext) => ({ id: auth.user.id, name: auth.user.name });
  const store = (auth: AuthContext) => auth.database.stores.usersAdmin;

  return {
    async list(auth, query) {
      requireRole(auth, 'user-admin');
      const rows = await store(auth).list({
        text: query.text,
        after: query.cursor === null ? null : readPosition(query.cursor),
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      return {
        Users: page.map(toWire),
        NextCursor: rows.length > query.limit ? cursorOf(page.at(-1)!) : null,
      };
    },

    async get(auth, id) {
      requireRole(auth, 'user-admin');
      const user = await store(auth).findById(id);
      if (!user) throw notFound();
      return { User: toWire(user), History: (await store(auth).history(id)).map(toEvent) };
    },

    async choices(auth) {
      requireRole(auth, 'user-admin');
      const [profiles, languages] = await Promise.all([store(auth).profiles(), store(auth).languages()]);
      return {
        Profiles: profiles.map((p) => ({ Id: p.id, Name: p.name })),
        Languages: languages,
        Roles: [...RoleSchema.options],
      };
    },

    async update(auth, id, patch) {
      requireRole(auth, 'user-admin');
      const { Version, ...fields } = patch;
      const updated = await store(auth).change(
        id,
        (current, reads) => {
          if (current.version !== Version) {
            throw new AppError({
              status: 409,
              code: 'VERSION_CONFLICT',
              message: 'Someone else changed this user since you opened them. Review their current values.',
              extra: { Current: toWire(current) },
            });
          }
          const issues = databaseIssues(
            {
              ...(fields.name !== undefined && fields.name !== current.name ? { name: fields.name } : {}),
              profileId: fields.profileId,
              ...(fields.language !== undefined && fields.language !== current.language
                ? { language: fields.language }
                : {}),
            },
            reads,
            id,
          );
          if (
            fields.roles !== undefined &&
            current.roles.includes('user-admin') &&
            !fields.roles.includes('user-admin') &&
            !current.isDisabled &&
            reads.enabledWith('user-admin').every((adminId) => adminId === id)
          ) {
            issues.push({ code: 'last_user_admin', path: ['roles'], message: LAST_USER_ADMIN_MESSAGE });
          }
          if (issues.length > 0) refuse(issues);
          return { update: fields satisfies UserUpdate };
        },
        actorOf(auth),
        at(),
      );
      if (!updated) throw notFound();
      return toWire(updated);
    },

    async create(auth, body) {
      requireRole(auth, 'user-admin');
      // Hashed before the transaction: scrypt is async and a transaction must not span awaits.
      const passwordHash = await hashPassword(body.password);
      const { password: _password, ...fields } = body;
      const created = await store(auth).create(
        {
          name: fields.name,
          legalName: fields.legalName,
          profileId: fields.profileId,
          passwordHash,
          isSupervisor: fields.isSupervisor ?? false,
          language: fields.language ?? 'en',
          jobTitle: fields.jobTitle ?? '',
          department: fields.department ?? '',
          region: fields.region ?? '',
          mobileTel: fields.mobileTel ?? '',
          emailBusiness: fields.emailBusiness ?? '',
          emailPrivate: fields.emailPrivate ?? '',
          roles: fields.roles ?? [],
        },
        (reads) => {
          const issues = databaseIssues(
            { name: fields.name, profileId: fields.profileId, language: fields.language ?? 'en' },
            reads,
            null,
          );
          if (issues.length > 0) refuse(issues);
        },
        actorOf(auth),
        at(),
      );
      return toWire(created);
    },

    async setDisabled(auth, id, isDisabled) {
      requireRole(auth, 'user-admin');
      if (isDisabled && id === auth.user.id) {
        throw new AppError({
          status: 400,
          code: 'VALIDATION',
          message: SELF_DISABLE_MESSAGE,
          issues: [{ code: 'self_disable', path: ['isDisabled'], message: SELF_DISABLE_MESSAGE }],
        });
      }
      const updated = await store(auth).change(
        id,
        // The administrator is an enabled user-admin who cannot disable themselves: one always stays.
        () => {
          return { update: { isDisabled }, endSessions: isDisabled };
        },
        actorOf(auth),
        at(),
      );
      if (!updated) throw notFound();
      return toWire(updated);
    },

    async me(auth) {
      const [user, languages] = await Promise.all([
        store(auth).findById(auth.user.id),
        store(auth).languages(),
      ]);
      if (!user) throw notFound();
      return { User: toWire(user), Languages: languages };
    },
  };
}
