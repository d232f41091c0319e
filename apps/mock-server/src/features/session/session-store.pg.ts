import type { Role } from '@procedo/client-api';
import type { PgDatabase } from '../../db/pg';
import { type SessionRow, toSession, toUser, type UserRow } from './session-rows';
import type { SessionStore, UserProfileRecord, UserStore } from './session-store';

/**
 * {@link UserStore} on PostgreSQL. Names compare as SQLite's NOCASE does: ASCII letters folded
 * (`lower` under the "C" collation folds ASCII only), on the unique index `users_name_nocase`.
 */
export function createPgUserStore(db: PgDatabase): UserStore {
  // One round trip per lookup (the session reads its user on every request): the roles in order,
  // and the profiles the user may act as, their own first, then the extra ones by name.
  const select = (where: string) => `
    SELECT u.*,
      coalesce((SELECT json_agg(r.role ORDER BY r.role) FROM user_roles r WHERE r.user_id = u.id), '[]') AS role_list,
      (SELECT json_agg(json_build_object('id', p.id, 'name', p.name)
                       ORDER BY CASE p.id WHEN u.profile_id THEN 0 ELSE 1 END, p.name)
         FROM profiles p
        WHERE p.id = u.profile_id OR p.id IN (SELECT up.profile_id FROM user_profiles up WHERE up.user_id = u.id)
      ) AS profile_list
    FROM users u WHERE ${where}`;
  const find = async (where: string, param: unknown) => {
    const row = await db.one<UserRow & { role_list: Role[]; profile_list: UserProfileRecord[] | null }>(
      select(where),
      [param],
    );
    return row ? toUser(row, row.role_list, row.profile_list ?? []) : null;
  };
  return {
    findByName(name) {
      return find('lower(u.name) = lower($1::text COLLATE "C")', name);
    },
    findById(id) {
      return find('u.id = $1', id);
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
