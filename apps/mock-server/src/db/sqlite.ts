import Database from 'better-sqlite3';

/** A better-sqlite3 connection. */
export type SqliteDatabase = Database.Database;

/** One schema step; `version` values are 1, 2, 3… in order and never change once shipped. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/**
 * Opens (creating if needed) a SQLite file with the durability settings the server relies on:
 * WAL journal, `synchronous=FULL` (a committed write survives a crash), foreign keys on.
 */
export function openSqlite(file: string): SqliteDatabase {
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Applies the migrations newer than the file's `user_version`, each in its own transaction, and
 * returns the versions applied. A file from a newer server is refused rather than guessed at.
 */
export function migrate(db: SqliteDatabase, migrations: readonly Migration[]): number[] {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = migrations.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new Error(
      `Database schema version ${current} is newer than this server knows (${latest}); upgrade the server.`,
    );
  }
  const applied: number[] = [];
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      // user_version takes no bound parameters; the value is an integer from our own list.
      db.pragma(`user_version = ${Math.trunc(migration.version)}`);
    })();
    applied.push(migration.version);
  }
  return applied;
}
