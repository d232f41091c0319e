import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from './migrations';
import { migrate, openSqlite } from './sqlite';

describe('migration 11', () => {
  it('points an older database’s Administration › Audit trail at the host’s audit search page', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'procedo-migration-11-'));
    const db = openSqlite(path.join(dir, 'old.sqlite'));
    try {
      migrate(
        db,
        MIGRATIONS.filter((migration) => migration.version < 11),
      );
      db.prepare("INSERT INTO profiles (id, name) VALUES (1, 'Supervisors')").run();
      const node = db.prepare(
        'INSERT INTO navigation_nodes (profile_id, parent_id, position, title, url) VALUES (1, NULL, ?, ?, ?)',
      );
      node.run(0, 'Audit trail', '/form?WebTemplateNo=902');
      node.run(1, 'Users', '/form?WebTemplateNo=901');
      expect(migrate(db, MIGRATIONS)).toContain(11);
      const urls = db.prepare('SELECT title, url FROM navigation_nodes ORDER BY position').all();
      expect(urls).toEqual([
        { title: 'Audit trail', url: '/audit' },
        { title: 'Users', url: '/form?WebTemplateNo=901' },
      ]);
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
