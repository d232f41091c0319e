import type { Migration } from '../sqlite';

/** Migration 23: the extra profiles a user may act as, and the profile each session acts as. */
export const USER_PROFILES_MIGRATIONS: readonly Migration[] = [
  {
    version: 23,
    name: 'user profiles and the session profile',
    sql: `
      -- Profiles beyond the user's own (users.profile_id) that the user may switch to.
      CREATE TABLE user_profiles (
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        PRIMARY KEY (user_id, profile_id)
      ) WITHOUT ROWID;
      -- The profile the session acts as; NULL is the user's own. Per session, so another
      -- browser of the same user keeps its own choice.
      ALTER TABLE sessions ADD COLUMN profile_id INTEGER REFERENCES profiles(id) ON DELETE SET NULL;
    `,
  },
];
