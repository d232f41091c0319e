import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from './migrations';
import { PERMISSIONS_NODE_URL } from './migrations/element-permissions';
import { migrate, openSqlite } from './sqlite';

describe('migration 19', () => {
  it('points an older database’s Administration › Permissions at the overview, leaving other nodes alone', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'procedo-migration-19-'));
    const db = openSqlite(path.join(dir, 'old.sqlite'));
    try {
      migrate(
        db,
        MIGRATIONS.filter((migration) => migration.version < 19),
      );
      db.prepare("INSERT INTO profiles (id, name) VALUES (1, 'Supervisors')").run();
      const node = db.prepare(
        'INSERT INTO navigation_nodes (profile_id, parent_id, position, title, url) VALUES (1, NULL, ?, ?, ?)',
      );
      node.run(0, 'Permissions', PERMISSIONS_NODE_URL.from);
      node.run(1, 'Suppliers', '/form?WebTemplateNo=101');
      expect(migrate(db, MIGRATIONS)).toContain(19);
      expect(db.prepare('SELECT title, url FROM navigation_nodes ORDER BY position').all()).toEqual([
        { title: 'Permissions', url: '/permissions' },
        { title: 'Suppliers', url: '/form?WebTemplateNo=101' },
      ]);
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
