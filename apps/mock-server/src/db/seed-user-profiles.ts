import { OPERATOR_PROFILE_ID } from './seed-data';
import type { SqliteDatabase } from './sqlite';

/** The extra profiles of the demo accounts, by user name: the supervisor may act as an operator. */
export const USER_PROFILES: Readonly<Record<string, readonly number[]>> = {
  supervisor: [OPERATOR_PROFILE_ID],
};

/**
 * Gives the demo accounts their extra profiles once per database (`meta.user_profiles_seeded_at`),
 * also in databases seeded before profile switching existed; an administrator's later change is
 * never overwritten.
 */
export function seedUserProfilesIfNeeded(db: SqliteDatabase, now: number): boolean {
  return db.transaction(() => {
    if (db.prepare("SELECT 1 FROM meta WHERE key = 'user_profiles_seeded_at'").get() !== undefined)
      return false;
    const findUser = db.prepare<[string], { id: number }>('SELECT id FROM users WHERE name = ?');
    const insert = db.prepare(
      'INSERT OR IGNORE INTO user_profiles (user_id, profile_id) SELECT ?, id FROM profiles WHERE id = ?',
    );
    for (const [name, profiles] of Object.entries(USER_PROFILES)) {
      const user = findUser.get(name);
      if (user) for (const profileId of profiles) insert.run(user.id, profileId);
    }
    db.prepare("INSERT INTO meta (key, value) VALUES ('user_profiles_seeded_at', ?)").run(
      new Date(now).toISOString(),
    );
    return true;
  })();
}
