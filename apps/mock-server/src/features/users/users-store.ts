import type { Role, UserFields } from '@procedo/client-api';
import { createWriter, type SqliteDatabase, type SqliteWriter } from '../../db/sqlite';
import { DEFAULT_LANGUAGES } from './languages';
import {
  type AccountRow,
  type AuditRow,
  accountSelect,
  escapeLike,
  planUserChange,
  toAccount,
  toAuditEvent,
} from './users-rows';

/** A user as the administration reads them (no password hash). */
export interface StoredUserAccount extends UserFields {
  id: number;
  preferenceId: number;
  ui: 'modern' | 'classic';
  profileName: string;
  isDisabled: boolean;
  version: number;
}

/** One stored change of a user. */
export interface StoredUserAuditEvent {
  id: number;
  userId: number;
  field: string;
  oldValue: string;
  newValue: string;
  changedBy: string;
  atUtc: string;
}

/** What a change may set: any editable field, and the disabled flag. */
export type UserUpdate = Partial<UserFields> & { isDisabled?: boolean };

/** Who makes a change, for the audit rows. */
export interface UserActor {
  id: number;
  name: string;
}

/** Reads a service's rules need inside the transaction of a change (so the check and the write are one). */
export interface UserChangeReads {
  profileExists(id: number): boolean;
  /** Whether another user (not `exceptId`) has this name, case-insensitively. */
  nameTaken(name: string, exceptId: number | null): boolean;
  /** Ids of the enabled users holding `role`. */
  enabledWith(role: Role): number[];
  languages(): readonly string[];
}

/** The new user's row (the password already hashed). */
export type NewUser = Omit<UserFields, 'roles'> & { roles: Role[]; passwordHash: string };

/** Users of one database, as administration reads and changes them. */
export interface UsersAdminStore {
  /** Users in name order (case-insensitive, then id) after the keyset `after`, containing `text` when given. */
  list(query: {
    text: string | null;
    after: { name: string; id: number } | null;
    limit: number;
  }): Promise<StoredUserAccount[]>;
  findById(id: number): Promise<StoredUserAccount | null>;
  /** The user's changes, newest first. */
  history(userId: number): Promise<StoredUserAuditEvent[]>;
  profiles(): Promise<{ id: number; name: string }[]>;
  /** The database's languages: the `languages` table when the database has one, else the defaults. */
  languages(): Promise<string[]>;
  /**
   * In one write transaction: reads the user, asks `decide` what to change (it may throw, and then
   * nothing is written), stores the changed fields with the next row version, one audit row per
   * changed field, and — when `endSessions` — deletes every session of the user. Null: no such user.
   */
  change(
    id: number,
    decide: (
      current: StoredUserAccount,
      reads: UserChangeReads,
    ) => { update: UserUpdate; endSessions?: boolean },
    actor: UserActor,
    atUtc: string,
  ): Promise<StoredUserAccount | null>;
  /** In one write transaction: `check` (may throw), then the user, their roles and a `created` audit row. */
  create(
    user: NewUser,
    check: (reads: UserChangeReads) => void,
    actor: UserActor,
    atUtc: string,
  ): Promise<StoredUserAccount>;
}

const ACCOUNT_SELECT = accountSelect(
  "(SELECT group_concat(role, ',') FROM (SELECT role FROM user_roles r WHERE r.user_id = u.id ORDER BY role))",
);

/** {@link UsersAdminStore} on SQLite. */
export function createSqliteUsersAdminStore(
  db: SqliteDatabase,
  write: SqliteWriter = createWriter(db),
): UsersAdminStore {
  const byId = db.prepare<[number], AccountRow>(`${ACCOUNT_SELECT} WHERE u.id = ?`);
  const historyOf = db.prepare<[number], AuditRow>(
    `SELECT id, user_id, field, old_value, new_value, changed_by_name, at_utc
     FROM user_audit_events WHERE user_id = ? ORDER BY id DESC`,
  );
  const profileRows = db.prepare<[], { id: number; name: string }>(
    'SELECT id, name FROM profiles ORDER BY name',
  );
  const profileById = db.prepare<[number], { id: number }>('SELECT id FROM profiles WHERE id = ?');
  const nameOwner = db.prepare<[string], { id: number }>(
    'SELECT id FROM users WHERE name = ? COLLATE NOCASE',
  );
  const enabledWithRole = db.prepare<[string], { id: number }>(
    `SELECT u.id FROM users u JOIN user_roles r ON r.user_id = u.id
     WHERE r.role = ? AND u.is_disabled = 0 ORDER BY u.id`,
  );
  const hasLanguagesTable = () =>
    db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'languages'").get() !== undefined;
  const readLanguages = (): string[] => {
    if (!hasLanguagesTable()) return [...DEFAULT_LANGUAGES];
    // The translations' migration gives the database its own list (languages.code).
    const codes = (db.prepare('SELECT code FROM languages ORDER BY code').all() as { code: string }[]).map(
      (row) => row.code,
    );
    return codes.length > 0 ? codes : [...DEFAULT_LANGUAGES];
  };
  const insertAudit = db.prepare<[number, string, string, string, number, string, string]>(
    `INSERT INTO user_audit_events (user_id, field, old_value, new_value, changed_by_id, changed_by_name, at_utc)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const deleteRoles = db.prepare<[number]>('DELETE FROM user_roles WHERE user_id = ?');
  const insertRole = db.prepare<[number, string]>('INSERT INTO user_roles (user_id, role) VALUES (?, ?)');
  const deleteSessions = db.prepare<[number]>('DELETE FROM sessions WHERE user_id = ?');
  const nextPreferenceId = db.prepare<[], { next: number }>(
    'SELECT coalesce(max(preference_id), 100) + 1 AS next FROM users',
  );
  const insertUser = db.prepare(
    `INSERT INTO users (name, legal_name, password_hash, profile_id, is_supervisor, preference_id, pref_ui,
       pref_language, department, region, mobile_tel, email_business, email_private, job_title)
     VALUES (?, ?, ?, ?, ?, ?, 'modern', ?, ?, ?, ?, ?, ?, ?)`,
  );

  const reads: UserChangeReads = {
    profileExists: (id) => profileById.get(id) !== undefined,
    nameTaken(name, exceptId) {
      const owner = nameOwner.get(name);
      return owner !== undefined && owner.id !== exceptId;
    },
    enabledWith: (role) => enabledWithRole.all(role).map((row) => row.id),
    languages: readLanguages,
  };

  const find = (id: number) => {
    const row = byId.get(id);
    return row ? toAccount(row) : null;
  };

  return {
    async list({ text, after, limit }) {
      const where: string[] = [];
      const params: unknown[] = [];
      if (after) {
        where.push('(u.name COLLATE NOCASE > ? OR (u.name = ? COLLATE NOCASE AND u.id > ?))');
        params.push(after.name, after.name, after.id);
      }
      if (text) {
        const like = `%${escapeLike(text)}%`;
        const columns = [
          'u.name',
          'u.legal_name',
          'u.email_business',
          'u.email_private',
          'u.department',
          'u.region',
          'u.job_title',
        ];
        where.push(`(${columns.map((c) => `${c} LIKE ? ESCAPE '\\'`).join(' OR ')})`);
        params.push(...columns.map(() => like));
      }
      const sql = `${ACCOUNT_SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY u.name COLLATE NOCASE, u.id LIMIT ?`;
      return (db.prepare(sql).all(...params, limit) as AccountRow[]).map(toAccount);
    },

    async findById(id) {
      return find(id);
    },

    async history(userId) {
      return historyOf.all(userId).map(toAuditEvent);
    },

    async profiles() {
      return profileRows.all();
    },

    async languages() {
      return readLanguages();
    },

    change(id, decide, actor, atUtc) {
      return write(() => {
        const current = find(id);
        if (!current) return null;
        const { update, endSessions = false } = decide(current, reads);
        const plan = planUserChange(current, update);
        for (const audit of plan.audits) {
          insertAudit.run(id, audit.field, audit.oldValue, audit.newValue, actor.id, actor.name, atUtc);
        }
        if (plan.roles) {
          deleteRoles.run(id);
          for (const role of plan.roles) insertRole.run(id, role);
        }
        if (plan.audits.length > 0) {
          const sets = [
            ...plan.columns.map(({ column }) => `${column} = ?`),
            'row_version = row_version + 1',
          ];
          db.prepare(`UPDATE users SET ${sets.join(', ')} WHERE id = ?`).run(
            ...plan.columns.map(({ value }) => value),
            id,
          );
        }
        if (endSessions) deleteSessions.run(id);
        return find(id);
      });
    },

    create(user, check, actor, atUtc) {
      return write(() => {
        check(reads);
        const { lastInsertRowid } = insertUser.run(
          user.name,
          user.legalName,
          user.passwordHash,
          user.profileId,
          user.isSupervisor ? 1 : 0,
          nextPreferenceId.get()!.next,
          user.language,
          user.department,
          user.region,
          user.mobileTel,
          user.emailBusiness,
          user.emailPrivate,
          user.jobTitle,
        );
        const id = Number(lastInsertRowid);
        for (const role of user.roles) insertRole.run(id, role);
        insertAudit.run(id, 'created', '', user.name, actor.id, actor.name, atUtc);
        return find(id)!;
      });
    },
  };
}
