import type { Role, UserPreferences } from '@procedo/client-api';
import { createWriter, type SqliteDatabase, type SqliteWriter } from '../../db/sqlite';
import { type SessionRow, toSession, toUser, type UserRow } from './session-rows';

/** A user as stored: the §3 user fields plus the password hash. */
export interface UserRecord {
  id: number;
  name: string;
  legalName: string;
  passwordHash: string;
  /**
   * The profile this request acts as: the user's own ({@link ownProfileId}) unless the session
   * switched to another of {@link profiles} (navigation, form access and profile permissions follow it).
   */
  profileId: number;
  /** The user's own profile (the §3 user field). */
  ownProfileId: number;
  /** The profiles the user may act as: their own first, then the extra ones (`user_profiles`) by name. */
  profiles: readonly UserProfileRecord[];
  isSupervisor: boolean;
  preferenceId: number;
  preferences: UserPreferences;
  department: string;
  region: string;
  mobileTel: string;
  emailBusiness: string;
  emailPrivate: string;
  jobTitle: string;
  /** A disabled user cannot sign on, and every session of theirs ends (401) at its next request. */
  isDisabled: boolean;
  roles: readonly Role[];
}

/** A profile a user may act as. */
export interface UserProfileRecord {
  id: number;
  name: string;
}

/** Users of one database. */
export interface UserStore {
  /** Finds a user by name, case-insensitively. */
  findByName(name: string): Promise<UserRecord | null>;
  findById(id: number): Promise<UserRecord | null>;
  updatePreferences(id: number, preferences: UserPreferences): Promise<void>;
}

/** A server-side session; only the sha256 of the cookie token is kept. */
export interface SessionRecord {
  /** Public id (shown as SessionId); not a secret. */
  id: string;
  tokenHash: string;
  userId: number;
  csrfToken: string;
  /** Epoch milliseconds. */
  createdAt: number;
  /** Epoch milliseconds; the session is dead from this instant on. */
  expiresAt: number;
  /** The profile the session acts as; null for the user's own. */
  profileId: number | null;
}

/** Sessions of one database. */
export interface SessionStore {
  create(session: SessionRecord): Promise<void>;
  findByTokenHash(tokenHash: string): Promise<SessionRecord | null>;
  /** Sets the profile the session acts as (null: the user's own). */
  setProfile(id: string, profileId: number | null): Promise<void>;
  /** Moves the idle deadline forward (never back: deadlines may be stored out of order). */
  updateExpiry(id: string, expiresAt: number): Promise<void>;
  delete(id: string): Promise<void>;
  /**
   * Deletes every session idle past its deadline at `now`, or created at or before
   * `createdBefore` (past its absolute lifetime); returns how many.
   */
  deleteExpired(now: number, createdBefore: number): Promise<number>;
}

/** {@link UserStore} on SQLite. */
export function createSqliteUserStore(db: SqliteDatabase, write: SqliteWriter = createWriter(db)): UserStore {
  const byName = db.prepare<[string], UserRow>('SELECT * FROM users WHERE name = ?');
  const byId = db.prepare<[number], UserRow>('SELECT * FROM users WHERE id = ?');
  const rolesOf = db.prepare<[number], { role: Role }>(
    'SELECT role FROM user_roles WHERE user_id = ? ORDER BY role',
  );
  // The own profile first (its CASE is 0), then the extra ones by name.
  const profilesOf = db.prepare<[number, number, number], UserProfileRecord>(
    `SELECT id, name FROM profiles
     WHERE id = ? OR id IN (SELECT profile_id FROM user_profiles WHERE user_id = ?)
     ORDER BY CASE id WHEN ? THEN 0 ELSE 1 END, name`,
  );
  const withRoles = (row: UserRow | undefined) =>
    row
      ? toUser(
          row,
          rolesOf.all(row.id).map((r) => r.role),
          profilesOf.all(row.profile_id, row.id, row.profile_id),
        )
      : null;
  const setPreferences = db.prepare<[string, string, number]>(
    // A new row version: an administrator's edit opened before this change is stale (409), not silently over it.
    'UPDATE users SET pref_ui = ?, pref_language = ?, row_version = row_version + 1 WHERE id = ?',
  );
  return {
    async findByName(name) {
      return withRoles(byName.get(name));
    },
    async findById(id) {
      return withRoles(byId.get(id));
    },
    async updatePreferences(id, preferences) {
      await write(() => setPreferences.run(preferences.ui, preferences.language, id));
    },
  };
}

/** {@link SessionStore} on SQLite. */
export function createSqliteSessionStore(
  db: SqliteDatabase,
  write: SqliteWriter = createWriter(db),
): SessionStore {
  const insert = db.prepare<[string, string, number, string, number, number]>(
    'INSERT INTO sessions (id, token_hash, user_id, csrf_token, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const byTokenHash = db.prepare<[string], SessionRow>('SELECT * FROM sessions WHERE token_hash = ?');
  const setExpiry = db.prepare<[number, string]>(
    'UPDATE sessions SET expires_at = max(expires_at, ?) WHERE id = ?',
  );
  const remove = db.prepare<[string]>('DELETE FROM sessions WHERE id = ?');
  const setProfile = db.prepare<[number | null, string]>('UPDATE sessions SET profile_id = ? WHERE id = ?');
  const removeExpired = db.prepare<[number, number]>(
    'DELETE FROM sessions WHERE expires_at <= ? OR created_at <= ?',
  );
  return {
    async create(s) {
      await write(() => insert.run(s.id, s.tokenHash, s.userId, s.csrfToken, s.createdAt, s.expiresAt));
    },
    async findByTokenHash(tokenHash) {
      const row = byTokenHash.get(tokenHash);
      return row ? toSession(row) : null;
    },
    async setProfile(id, profileId) {
      await write(() => setProfile.run(profileId, id));
    },
    async updateExpiry(id, expiresAt) {
      await write(() => setExpiry.run(expiresAt, id));
    },
    async delete(id) {
      await write(() => remove.run(id));
    },
    async deleteExpired(now, createdBefore) {
      return write(() => removeExpired.run(now, createdBefore).changes);
    },
  };
}
