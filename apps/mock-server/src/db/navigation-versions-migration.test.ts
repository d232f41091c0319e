import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from './migrations';
import { seedIfNeeded } from './seed';
import { migrate, openSqlite } from './sqlite';

describe('migration 26', () => {
  it("keeps each profile's navigation of an older database (every node, field for field) as its version 1 in force since the epoch", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'procedo-migration-26-'));
    const db = openSqlite(path.join(dir, 'old.sqlite'));
    try {
      migrate(
        db,
        MIGRATIONS.filter((migration) => migration.version < 26),
      );
      expect(await seedIfNeeded(db, 'small', Date.parse('2026-01-01T00:00:00.000Z'))).toBe(true);
      const nodes = db
        .prepare<[], { id: number; profile_id: number }>(
          'SELECT id, profile_id FROM navigation_nodes ORDER BY id',
        )
        .all();
      expect(nodes.length).toBeGreaterThan(0);

      expect(migrate(db, MIGRATIONS)).toContain(26);

      const versions = db
        .prepare<
          [],
          {
            profile_id: number;
            version: number;
            json: string;
            published_at_utc: string;
            published_by: string;
          }
        >(
          'SELECT profile_id, version, json, published_at_utc, published_by FROM navigation_versions ORDER BY 1',
        )
        .all();
      const profiles = db.prepare<[], number>('SELECT id FROM profiles ORDER BY id').pluck().all();
      expect(
        versions.map((row) => [row.profile_id, row.version, row.published_at_utc, row.published_by]),
      ).toEqual(profiles.map((id) => [id, 1, '1970-01-01T00:00:00.000Z', 'system']));
      const select = db.prepare<[number], Record<string, unknown>>(
        'SELECT id, parent_id AS parentId, position, title, url, description FROM navigation_nodes WHERE profile_id = ? ORDER BY id',
      );
      const stored = (profileId: number) => select.all(profileId);
      for (const version of versions) {
        const records = JSON.parse(version.json) as { id: number }[];
        expect(records.sort((a, b) => a.id - b.id)).toEqual(stored(version.profile_id));
        expect(records.length).toBe(nodes.filter((node) => node.profile_id === version.profile_id).length);
      }
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
