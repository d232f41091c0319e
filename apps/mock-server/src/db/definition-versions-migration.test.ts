import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from './migrations';
import { migrate, openSqlite } from './sqlite';

describe('migration 24', () => {
  it('keeps each form an older database has as its version 1 in force since the epoch, and each form added later too', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'procedo-migration-24-'));
    const db = openSqlite(path.join(dir, 'old.sqlite'));
    try {
      migrate(
        db,
        MIGRATIONS.filter((migration) => migration.version < 24),
      );
      const insert = db.prepare(
        `INSERT INTO form_definitions (web_template_no, schema_version, json, updated_at_utc, updated_by)
         VALUES (?, 1, ?, '2026-01-01T00:00:00.000Z', 'system')`,
      );
      insert.run(102, '{"old":true}');
      expect(migrate(db, MIGRATIONS)).toContain(24);
      insert.run(106, '{"added":true}');
      const versions = db
        .prepare(
          'SELECT web_template_no, version, json, published_at_utc, published_by FROM form_definition_versions ORDER BY 1',
        )
        .all();
      expect(versions).toEqual([
        {
          web_template_no: 102,
          version: 1,
          json: '{"old":true}',
          published_at_utc: '1970-01-01T00:00:00.000Z',
          published_by: 'system',
        },
        {
          web_template_no: 106,
          version: 1,
          json: '{"added":true}',
          published_at_utc: '1970-01-01T00:00:00.000Z',
          published_by: 'system',
        },
      ]);
      expect(db.prepare('SELECT version FROM form_definitions ORDER BY 1').all()).toEqual([
        { version: 1 },
        { version: 1 },
      ]);
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
