import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../db/migrations';
import { migrate, openSqlite } from '../../db/sqlite';

// The SQLite half of process-history.test.ts: SQLite's migration 10 on a database stored before it
// (PostgreSQL databases start from a baseline that already has the process history).

describe('the process history in the database', () => {
  it('migration 10 gives every process stored before it its state as of its creation', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'procedo-migration-10-'));
    const db = openSqlite(path.join(dir, 'old.sqlite'));
    try {
      migrate(
        db,
        MIGRATIONS.filter((m) => m.version < 10),
      );
      db.exec(`
        INSERT INTO process_commands (id, name) VALUES (1, 'Old');
        INSERT INTO processes (id, command_id, name, state, current_step_id, owner_user_id, created_by, created_at_utc)
        VALUES (1, 1, 'Old one', 'open', 11, 1, 'supervisor', '2025-01-01T00:00:00.000Z');
        INSERT INTO process_steps (id, process_id, position, state, phase, answers_json, completed_at_utc, completed_by)
        VALUES (10, 1, 0, 'completed', 'done', '{"prompt":"p"}', '2025-01-02T00:00:00.000Z', 'supervisor'),
               (11, 1, 1, 'active', 'start', '{}', NULL, NULL);
        INSERT INTO process_documents (step_id, process_id, html, created_at_utc, created_by)
        VALUES (10, 1, '<p>old</p>', '2025-01-02T00:00:00.000Z', 'supervisor');
      `);
      expect(migrate(db, MIGRATIONS)).toContain(10);
      const kept = db.prepare('SELECT * FROM process_states').all() as {
        at_utc: string;
        state: string;
        current_step_id: number;
        steps_json: string;
      }[];
      expect(kept).toHaveLength(1);
      expect(kept[0]).toMatchObject({
        at_utc: '2025-01-01T00:00:00.000Z',
        state: 'open',
        current_step_id: 11,
      });
      expect(JSON.parse(kept[0]!.steps_json)).toEqual([
        expect.objectContaining({ id: 10, position: 0, state: 'completed', answers: '{"prompt":"p"}' }),
        expect.objectContaining({ id: 11, position: 1, state: 'active', completedAt: null }),
      ]);
      expect(db.prepare('SELECT step_id, html FROM process_document_versions').all()).toEqual([
        { step_id: 10, html: '<p>old</p>' },
      ]);
    } finally {
      db.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
