import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer } from '../server';
import { MIGRATIONS } from './migrations';
import { seedIfNeeded } from './seed';
import { migrate, openSqlite } from './sqlite';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'procedo-sqlite-test-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('openSqlite', () => {
  it('opens in WAL mode with synchronous FULL and foreign keys on', () => {
    const db = openSqlite(path.join(dir, 'x.sqlite'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2); // 2 = FULL
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    db.close();
  });
});

describe('migrate', () => {
  it('lists the migrations as 1, 2, 3… with no gap and none out of order (a later one would skip an earlier)', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, index) => index + 1));
  });

  it('applies every migration once and nothing on a second run', () => {
    const db = openSqlite(path.join(dir, 'x.sqlite'));
    expect(migrate(db, MIGRATIONS)).toEqual(MIGRATIONS.map((m) => m.version));
    expect(migrate(db, MIGRATIONS)).toEqual([]);
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-1)!.version);
    db.close();
  });

  it('refuses a file written by a newer schema', () => {
    const db = openSqlite(path.join(dir, 'x.sqlite'));
    db.pragma('user_version = 99');
    expect(() => migrate(db, MIGRATIONS)).toThrow(/newer than this server knows/);
    db.close();
  });

  it('rolls back a failing migration and leaves the version where it was', () => {
    const db = openSqlite(path.join(dir, 'x.sqlite'));
    const latest = MIGRATIONS.at(-1)!.version;
    const broken = [
      ...MIGRATIONS,
      { version: latest + 1, name: 'broken', sql: 'CREATE TABLE t (a); SELECT * FROM missing;' },
    ];
    expect(() => migrate(db, broken)).toThrow();
    expect(db.pragma('user_version', { simple: true })).toBe(latest);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 't'").get()).toBeUndefined();
    db.close();
  });
});

describe('seedIfNeeded', () => {
  it('seeds once, hashing passwords with scrypt', async () => {
    const db = openSqlite(path.join(dir, 'x.sqlite'));
    migrate(db, MIGRATIONS);
    expect(await seedIfNeeded(db, 'full', Date.now())).toBe(true);
    expect(await seedIfNeeded(db, 'full', Date.now())).toBe(false);
    const users = db.prepare('SELECT name, password_hash FROM users ORDER BY id').all() as Array<{
      name: string;
      password_hash: string;
    }>;
    expect(users.map((u) => u.name)).toEqual(['supervisor', 'operator', 'translator']);
    for (const user of users) {
      expect(user.password_hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
      expect(user.password_hash).not.toContain('demo');
    }
    expect(users[0]!.password_hash).not.toBe(users[1]!.password_hash);
    db.close();
  });
});

describe('the server databases', () => {
  it('creates one WAL-mode SQLite file per database under dataDir', async () => {
    const server = await startServer({ port: 0, dataDir: dir, logLevel: 'silent', staticDir: null });
    try {
      for (const id of ['demo', 'training']) {
        const db = openSqlite(path.join(dir, `${id}.sqlite`));
        // journal_mode=WAL is stored in the file, so a second connection reads it back.
        expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
        expect(db.prepare('SELECT count(*) AS n FROM users').get()).toEqual({ n: 3 });
        db.close();
      }
    } finally {
      await server.close();
    }
  });
});
