import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../db/migrations';
import { migrate, openSqlite, type SqliteDatabase } from '../../db/sqlite';
import { createSqliteCommandVersionStore, type PublishCommandInput } from './command-versions-store';

let dir: string;
let db: SqliteDatabase;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'procedo-command-versions-'));
  db = openSqlite(path.join(dir, 'store.sqlite'));
  migrate(db, MIGRATIONS);
  db.prepare(`INSERT INTO process_commands (id, name, description) VALUES (7, 'Review', 'old')`).run();
  db.prepare(
    `INSERT INTO process_command_steps (command_id, position, definition_json) VALUES (7, 0, '{"v":1}')`,
  ).run();
  db.prepare(
    `INSERT INTO process_command_versions (command_id, version, json, published_at_utc, published_by, change_note)
     VALUES (7, 1, '{"v":1}', '2026-06-01T00:00:00.000Z', 'system', 'Seeded command')`,
  ).run();
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const input = (overrides: Partial<PublishCommandInput> = {}): PublishCommandInput => ({
  key: 7,
  baseVersion: 1,
  json: '{"v":2}',
  command: { description: 'new', openFlow: true, start: false, askName: true },
  steps: ['{"a":1}', '{"b":2}'],
  publishedAt: '2026-01-01T00:00:00.000Z',
  publishedBy: 'supervisor',
  changeNote: 'note',
  ...overrides,
});

describe('the command version store', () => {
  it('refuses a stale base inside the write: one new version, and the current command is that version', async () => {
    const store = createSqliteCommandVersionStore(db);
    const [first, second] = await Promise.all([
      store.publish(input()),
      store.publish(input({ json: '{"v":3}' })),
    ]);
    expect(first).toMatchObject({ ok: true, version: { version: 2, json: '{"v":2}' } });
    expect(second).toEqual({ ok: false, reason: 'stale', currentVersion: 2 });
    // Published "before" version 1: raised past it, so versions stay in time order.
    expect(first.ok && first.version.publishedAt).toBe('2026-06-01T00:00:00.001Z');
    expect(db.prepare('SELECT description, open_flow, start, ask_name FROM process_commands').get()).toEqual({
      description: 'new',
      open_flow: 1,
      start: 0,
      ask_name: 1,
    });
    expect(
      db.prepare('SELECT position, definition_json FROM process_command_steps ORDER BY position').all(),
    ).toEqual([
      { position: 0, definition_json: '{"a":1}' },
      { position: 1, definition_json: '{"b":2}' },
    ]);
    expect(await store.publish(input({ key: 99 }))).toEqual({ ok: false, reason: 'missing' });
    expect((await store.list(7)).map((v) => v.version)).toEqual([2, 1]);
  });
});
