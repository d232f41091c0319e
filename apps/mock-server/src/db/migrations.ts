import type { Migration } from './sqlite';

/** The schema, as ordered migrations. Append new ones; never edit a shipped one. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'users and sessions',
    sql: `
      CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      CREATE TABLE profiles (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        description TEXT NOT NULL DEFAULT ''
      );
      CREATE TABLE users (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE COLLATE NOCASE,
        legal_name TEXT NOT NULL,
        password_hash TEXT NOT NULL,
        profile_id INTEGER NOT NULL REFERENCES profiles(id),
        is_supervisor INTEGER NOT NULL DEFAULT 0 CHECK (is_supervisor IN (0, 1)),
        preference_id INTEGER NOT NULL,
        pref_ui TEXT NOT NULL DEFAULT 'modern' CHECK (pref_ui IN ('modern', 'classic')),
        pref_language TEXT NOT NULL DEFAULT 'en',
        department TEXT NOT NULL DEFAULT '',
        region TEXT NOT NULL DEFAULT '',
        mobile_tel TEXT NOT NULL DEFAULT '',
        email_business TEXT NOT NULL DEFAULT '',
        email_private TEXT NOT NULL DEFAULT '',
        job_title TEXT NOT NULL DEFAULT ''
      );
      CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        token_hash TEXT NOT NULL UNIQUE,
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        csrf_token TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX sessions_expires_at ON sessions(expires_at);
    `,
  },
  {
    version: 2,
    name: 'navigation and resources',
    sql: `
      CREATE TABLE navigation_nodes (
        id INTEGER PRIMARY KEY,
        profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        parent_id INTEGER REFERENCES navigation_nodes(id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        title TEXT NOT NULL,
        url TEXT,
        description TEXT
      );
      CREATE INDEX navigation_nodes_tree ON navigation_nodes(profile_id, parent_id, position);
      CREATE TABLE resources (
        component_name TEXT NOT NULL,
        name TEXT NOT NULL,
        text TEXT NOT NULL,
        PRIMARY KEY (component_name, name)
      );
    `,
  },
];
