import type { Role } from '@procedo/client-api';
import type { PgDatabase } from '../../db/pg';
import { type SessionRow, toSession, toUser, type UserRow } from './session-rows';
import type { SessionStore, UserProfileRecord, UserStore } from './session-store';

/**
 * {@link UserStore} on PostgreSQL. Names compare as SQLite's NOCASE does: ASCII letters folded
 * (`lower` under the "C" collation folds ASCII only), on the unique index `users_name_nocase`.
 */
export function createPgUserStore(db: PgDatabase): UserStore {
  const withRoles = async (row: UserRow | undefined) => {
    if (!row) return null;
    const [roles, profiles] = await Promise.all([
      db.many<{ role: Role }>('SELECT role FROM user_roles WHERE user_id = $1 ORDER BY role', [row.id]),
      // The own profile first, then the extra ones by name.
      db.many<UserProfileRecord>(
        `SELECT id, name FROM profiles
         WHERE id = $1 OR id IN (SELECT profile_id FROM user_profiles WHERE user_id = $2)
         ORDER BY CASE id WHEN $1 THEN 0 ELSE 1 END, name`,
        [row.profile_id, row.id],
      ),
    ]);
    return toUser(
      row,
      roles.map((r) => r.role),
      profiles,
    );
  };
  return {
    async findByName(name) {
      return withRoles(
        await db.one<UserRow>('SELECT * FROM users WHERE lower(name) = lower($1::text COLLATE "C")', [name]),
      );
    },
    async findById(id) {
      return withRoles(await db.one<UserRow>('SELECT * FROM users WHERE id = $1', [id]));
    },
    async updatePreferences(id, preferences) {
      // A new row version: an administrator's edit opened before this change is stale (409).
      await db.run(
        'UPDATE users SET pref_ui = $1, pref_language = $2, row_version = row_version + 1 WHERE id = $3',
        [preferences.ui, preferences.language, id],
      );
    },
  };
}

/**
 * {@link SessionStore} on PostgreSQL. Every fact of a session is its row, so any server on the
 * same database accepts it, and a delete on one ends it on all.
 */
export function createPgSessionStore(db: PgDatabase): SessionStore {
  return {
    async create(s) {
      await db.run(
        `INSERT INTO sessions (id, token_hash, user_id, csrf_token, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [s.id, s.tokenHash, s.userId, s.csrfToken, s.createdAt, s.expiresAt],
      );
    },
    async findByTokenHash(tokenHash) {
      const row = await db.one<SessionRow>('SELECT * FROM sessions WHERE token_hash = $1', [tokenHash]);
      return row ? toSession(row) : null;
    },
    async setProfile(id, profileId) {
      await db.run('UPDATE sessions SET profile_id = $1 WHERE id = $2', [profileId, id]);
    },
    async updateExpiry(id, expiresAt) {
      await db.run('UPDATE sessions SET expires_at = greatest(expires_at, $1) WHERE id = $2', [
        expiresAt,
        id,
      ]);
    },
    async delete(id) {
      await db.run('DELETE FROM sessions WHERE id = $1', [id]);
    },
    async deleteExpired(now, createdBefore) {
      return db.run('DELETE FROM sessions WHERE expires_at <= $1 OR created_at <= $2', [now, createdBefore]);
    },
  };
}
