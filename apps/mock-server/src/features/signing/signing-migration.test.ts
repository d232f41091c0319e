import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../db/migrations';
import { seedIfNeeded } from '../../db/seed';
import { migrate, openSqlite } from '../../db/sqlite';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'procedo-signing-migration-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const adminChildren = (db: ReturnType<typeof openSqlite>) =>
  db
    .prepare<[], { title: string; url: string; position: number }>(
      `SELECT child.title, child.url, child.position FROM navigation_nodes AS child
       JOIN navigation_nodes AS admin ON child.parent_id = admin.id
       WHERE admin.title = 'Administration' ORDER BY child.position`,
    )
    .all();

describe('migration 12 (signing)', () => {
  it("adds Security events once, last, to an existing database's Administration menu", async () => {
    const db = openSqlite(path.join(dir, 'old.sqlite'));
    try {
      migrate(
        db,
        MIGRATIONS.filter((migration) => migration.version < 12),
      );
      await seedIfNeeded(db, 'full', Date.now());
      db.prepare("DELETE FROM navigation_nodes WHERE url = '/security-events'").run();
      const before = adminChildren(db);
      expect(before.map((node) => node.title)).not.toContain('Security events');
      migrate(db, MIGRATIONS);
      const after = adminChildren(db);
      expect(after.map((node) => node.title)).toEqual([
        ...before.map((node) => node.title),
        'Security events',
      ]);
      expect(after.at(-1)).toMatchObject({ url: '/security-events', position: before.length });
    } finally {
      db.close();
    }
  });

  it("forgets a session's signing state when the session is deleted", () => {
    const db = openSqlite(path.join(dir, 'new.sqlite'));
    try {
      migrate(db, MIGRATIONS);
      db.prepare("INSERT INTO signing_sessions (session_id, failures) VALUES ('s1', 2), ('s2', 1)").run();
      db.prepare("INSERT INTO profiles (id, name, description) VALUES (1, 'p', 'p')").run();
      db.prepare(
        `INSERT INTO users (id, name, legal_name, password_hash, profile_id, is_supervisor, preference_id,
           pref_ui, pref_language, department, region, mobile_tel, email_business, email_private, job_title)
         VALUES (1, 'u', 'U', 'x', 1, 0, 1, 'modern', 'en', '', '', '', '', '', '')`,
      ).run();
      db.prepare(
        "INSERT INTO sessions (id, token_hash, user_id, csrf_token, created_at, expires_at) VALUES ('s1', 'h', 1, 'c', 0, 1)",
      ).run();
      db.prepare("DELETE FROM sessions WHERE id = 's1'").run();
      expect(db.prepare('SELECT session_id FROM signing_sessions').all()).toEqual([{ session_id: 's2' }]);
    } finally {
      db.close();
    }
  });
});
