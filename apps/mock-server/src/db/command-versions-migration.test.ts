import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ProcessCommandDefinitionSchema } from '@procedo/client-api';
import { describe, expect, it } from 'vitest';
import { bulkInsertProcesses } from '../features/processes/process-bulk-insert';
import { MIGRATIONS } from './migrations';
import { seedIfNeeded } from './seed';
import { seedFormsIfNeeded } from './seed-forms';
import { seedProcessesIfNeeded } from './seed-processes';
import { migrate, openSqlite } from './sqlite';

describe('migration 25', () => {
  it('keeps each command of an older database, with its steps in order, as its version 1 in force since the epoch; its processes ran version 1', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'procedo-migration-25-'));
    const db = openSqlite(path.join(dir, 'old.sqlite'));
    try {
      migrate(
        db,
        MIGRATIONS.filter((migration) => migration.version < 25),
      );
      db.prepare(
        `INSERT INTO process_commands (id, name, description, open_flow, start, ask_name)
         VALUES (7, 'Review', 'Review a thing', 1, 0, 1), (8, 'Empty', '', 0, 1, 0)`,
      ).run();
      const step = db.prepare(
        'INSERT INTO process_command_steps (command_id, position, definition_json) VALUES (?, ?, ?)',
      );
      // Stored out of order: the version keeps the steps' positions.
      step.run(7, 1, '{"name":"Second","kind":"report-document","reportTitle":"Review"}');
      step.run(7, 0, '{"name":"First","kind":"action","hint":"Start here"}');
      db.prepare(
        `INSERT INTO processes (id, command_id, name, state, owner_user_id, created_by, created_at_utc)
         VALUES (1, 7, 'Review 1', 'open', 1, 'demo', '2026-01-01T00:00:00.000Z')`,
      ).run();

      expect(migrate(db, MIGRATIONS)).toContain(25);

      const versions = db
        .prepare<[], { command_id: number; version: number; json: string; published_at_utc: string }>(
          'SELECT command_id, version, json, published_at_utc FROM process_command_versions ORDER BY 1',
        )
        .all();
      expect(versions.map(({ json: _json, ...rest }) => rest)).toEqual([
        { command_id: 7, version: 1, published_at_utc: '1970-01-01T00:00:00.000Z' },
        { command_id: 8, version: 1, published_at_utc: '1970-01-01T00:00:00.000Z' },
      ]);
      expect(versions.map((row) => ProcessCommandDefinitionSchema.parse(JSON.parse(row.json)))).toEqual([
        {
          name: 'Review',
          description: 'Review a thing',
          openFlow: true,
          start: false,
          askName: true,
          steps: [
            { name: 'First', kind: 'action', hint: 'Start here' },
            { name: 'Second', kind: 'report-document', reportTitle: 'Review' },
          ],
        },
        { name: 'Empty', description: '', openFlow: false, start: true, askName: false, steps: [] },
      ]);
      expect(db.prepare('SELECT command_version FROM processes').all()).toEqual([{ command_version: 1 }]);
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('seeds each command of a new database as its version 1, equal to its steps; bulk-imported processes run the newest version', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'procedo-migration-25-new-'));
    const db = openSqlite(path.join(dir, 'new.sqlite'));
    try {
      migrate(db, MIGRATIONS);
      await seedIfNeeded(db, 'small', Date.now());
      seedFormsIfNeeded(db, 'small', Date.now());
      seedProcessesIfNeeded(db, 'small', Date.now());
      const commands = db
        .prepare<[], { id: number; name: string }>('SELECT id, name FROM process_commands ORDER BY id')
        .all();
      for (const command of commands) {
        const steps = db
          .prepare<[number], { definition_json: string }>(
            'SELECT definition_json FROM process_command_steps WHERE command_id = ? ORDER BY position',
          )
          .all(command.id)
          .map((row) => JSON.parse(row.definition_json));
        const version = db
          .prepare<[number], { version: number; json: string; published_at_utc: string }>(
            'SELECT version, json, published_at_utc FROM process_command_versions WHERE command_id = ?',
          )
          .all(command.id);
        expect(version.map((row) => [row.version, row.published_at_utc])).toEqual([
          [1, '1970-01-01T00:00:00.000Z'],
        ]);
        expect(ProcessCommandDefinitionSchema.parse(JSON.parse(version[0]!.json))).toMatchObject({
          name: command.name,
          steps,
        });
      }
      const capa = commands.find((command) => command.name === 'CAPA')!;
      db.prepare(
        `INSERT INTO process_command_versions (command_id, version, json, published_at_utc, published_by, change_note)
         VALUES (?, 2, ?, '2026-01-01T00:00:00.000Z', 'designer', 'One step')`,
      ).run(
        capa.id,
        JSON.stringify({
          name: 'CAPA',
          description: '',
          openFlow: true,
          start: false,
          askName: true,
          steps: [{ name: 'Only', kind: 'action' }],
        }),
      );
      bulkInsertProcesses(db, { commandName: 'CAPA', count: 2, ownerUserId: 1, createdBy: 'demo' });
      expect(
        db
          .prepare(
            `SELECT p.command_version, count(s.id) AS steps FROM processes AS p
             JOIN process_steps AS s ON s.process_id = p.id GROUP BY p.id`,
          )
          .all(),
      ).toEqual([
        { command_version: 2, steps: 1 },
        { command_version: 2, steps: 1 },
      ]);
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
