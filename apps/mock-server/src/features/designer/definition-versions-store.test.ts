import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../db/migrations';
import { migrate, openSqlite, type SqliteDatabase } from '../../db/sqlite';
import { createSqliteDefinitionVersionStore, type PublishInput } from './definition-versions-store';

let dir: string;
let db: SqliteDatabase;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'procedo-definition-versions-'));
  db = openSqlite(path.join(dir, 'store.sqlite'));
  migrate(db, MIGRATIONS);
  db.prepare(
    `INSERT INTO form_definitions (web_template_no, schema_version, json, updated_at_utc, updated_by)
     VALUES (102, 1, '{"v":1}', '2026-01-01T00:00:00.000Z', 'system')`,
  ).run();
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const input = (overrides: Partial<PublishInput> = {}): PublishInput => ({
  key: 102,
  baseVersion: 1,
  schemaVersion: 1,
  json: '{"v":2}',
  publishedAt: '2026-06-01T00:00:00.000Z',
  publishedBy: 'supervisor',
  changeNote: 'note',
  refuseValuesOf: null,
  ...overrides,
});

describe('the definition version store', () => {
  it('refuses a stale base inside the write, whatever the caller checked before: one version, the current one unchanged', async () => {
    const store = createSqliteDefinitionVersionStore(db);
    // Both callers read version 1 as the latest, then write one after the other.
    const [first, second] = await Promise.all([
      store.publish(input()),
      store.publish(input({ json: '{"v":"other"}' })),
    ]);
    expect(first).toMatchObject({ ok: true, version: { version: 2 } });
    expect(second).toEqual({ ok: false, reason: 'stale', currentVersion: 2 });
    expect(db.prepare('SELECT json, version FROM form_definitions').get()).toEqual({
      json: '{"v":2}',
      version: 2,
    });
    expect((await store.list(102)).map((v) => v.version)).toEqual([2, 1]);
  });

  it('refuses, inside the write, a removal of an element a stored record version holds a value of (not null, not empty)', async () => {
    const store = createSqliteDefinitionVersionStore(db);
    db.prepare("INSERT INTO records (record_id, entity, current_version) VALUES (1, 'supplier', 2)").run();
    const version = db.prepare(
      `INSERT INTO record_versions (record_id, version, entity, values_json, is_deleted, updated_by, updated_at_utc)
       VALUES (1, ?, 'supplier', ?, 0, 'system', '2026-01-01T00:00:00.000Z')`,
    );
    version.run(1, JSON.stringify({ Country: 'Norway', Empty: '', Nothing: null }));
    version.run(2, JSON.stringify({ Country: null }));
    expect(await store.namesWithValues('supplier', ['Country', 'Empty', 'Nothing', 'Missing'])).toEqual([
      'Country',
    ]);
    expect(await store.namesWithValues('product', ['Country'])).toEqual([]);
    const refused = await store.publish(
      input({ refuseValuesOf: { entity: 'supplier', names: ['Empty', 'Country'] } }),
    );
    expect(refused).toEqual({ ok: false, reason: 'values', names: ['Country'] });
    expect(await store.latest(102)).toMatchObject({ version: 1 });
  });

  it('publishes each version after the previous one, even when the clock went back, so the version in force at T is the newest by time', async () => {
    const store = createSqliteDefinitionVersionStore(db);
    const second = await store.publish(input({ publishedAt: '2026-06-01T00:00:00.000Z' }));
    const third = await store.publish(
      input({ baseVersion: 2, json: '{"v":3}', publishedAt: '2026-05-01T00:00:00.000Z' }),
    );
    expect(second.ok && second.version.publishedAt).toBe('2026-06-01T00:00:00.000Z');
    expect(third.ok && third.version.publishedAt).toBe('2026-06-01T00:00:00.001Z');
    expect(await store.versionAt(102, '1970-01-01T00:00:00.000Z')).toBe(1);
    expect(await store.versionAt(102, '2026-05-31T23:59:59.999Z')).toBe(1);
    expect(await store.versionAt(102, '2026-06-01T00:00:00.000Z')).toBe(2);
    expect(await store.versionAt(102, '2030-01-01T00:00:00.000Z')).toBe(3);
    expect(await store.versionAt(102, '1969-12-31T23:59:59.999Z')).toBeNull();
  });
});
