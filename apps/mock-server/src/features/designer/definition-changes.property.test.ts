import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../db/migrations';
import { migrate, openSqlite, type SqliteDatabase } from '../../db/sqlite';
import {
  compareChanges,
  createSqliteDefinitionChangesStore,
  type DefinitionChange,
  type DefinitionKindName,
} from './definition-changes-store';

let dir: string;
let db: SqliteDatabase;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'procedo-definition-changes-'));
  db = openSqlite(path.join(dir, 'store.sqlite'));
  migrate(db, MIGRATIONS);
  for (const id of [1, 2, 3]) {
    db.prepare("INSERT INTO process_commands (id, name, description) VALUES (?, ?, '')").run(id, `C${id}`);
    db.prepare('INSERT INTO profiles (id, name) VALUES (?, ?)').run(id, `P${id}`);
  }
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Datasource keys: names, ordered as text. */
const ENTITIES = ['batch', 'product', 'supplier'];

/** A few instants only, so many versions of every kind share one. */
const instant = fc.constantFrom(
  '1970-01-01T00:00:00.000Z',
  '2026-01-01T00:00:00.000Z',
  '2026-06-01T00:00:00.000Z',
);
const history = fc.uniqueArray(
  fc.record({
    kind: fc.constantFrom<DefinitionKindName>('form', 'command', 'navigation', 'datasource'),
    key: fc.integer({ min: 1, max: 3 }),
    version: fc.integer({ min: 1, max: 4 }),
    publishedAt: instant,
  }),
  { selector: (v) => `${v.kind}:${v.key}:${v.version}`, maxLength: 40 },
);

function replace(
  versions: readonly { kind: DefinitionKindName; key: number; version: number; publishedAt: string }[],
) {
  // The tables are append-only: each run starts from empty ones.
  db.exec(`DROP TRIGGER IF EXISTS form_definition_versions_append_only_delete;
    DROP TRIGGER IF EXISTS process_command_versions_append_only_delete;
    DROP TRIGGER IF EXISTS navigation_versions_append_only_delete;
    DROP TRIGGER IF EXISTS datasource_versions_append_only_delete;
    DELETE FROM form_definition_versions; DELETE FROM process_command_versions;
    DELETE FROM navigation_versions; DELETE FROM datasource_versions;`);
  for (const v of versions) {
    if (v.kind === 'form') {
      db.prepare(
        `INSERT INTO form_definition_versions (web_template_no, version, schema_version, json, published_at_utc, published_by, change_note)
         VALUES (?, ?, 1, json_object('Title', 'F' || ?), ?, 'someone', 'note')`,
      ).run(v.key, v.version, v.key, v.publishedAt);
    } else if (v.kind === 'datasource') {
      // Datasources are keyed by their entity's name.
      db.prepare(
        `INSERT INTO datasource_versions (entity, version, json, published_at_utc, published_by, change_note)
         VALUES (?, ?, '[]', ?, 'someone', 'note')`,
      ).run(ENTITIES[v.key - 1], v.version, v.publishedAt);
    } else if (v.kind === 'navigation') {
      db.prepare(
        `INSERT INTO navigation_versions (profile_id, version, json, published_at_utc, published_by, change_note)
         VALUES (?, ?, '[]', ?, 'someone', 'note')`,
      ).run(v.key, v.version, v.publishedAt);
    } else {
      db.prepare(
        `INSERT INTO process_command_versions (command_id, version, json, published_at_utc, published_by, change_note)
         VALUES (?, ?, json_object('name', 'C' || ?), ?, 'someone', 'note')`,
      ).run(v.key, v.version, v.key, v.publishedAt);
    }
  }
}

describe('the definition changes store', () => {
  it('walks every history, in pages of any size and of one kind or all, as the whole history in order: nothing twice, nothing missed', async () => {
    const store = createSqliteDefinitionChangesStore(db);
    await fc.assert(
      fc.asyncProperty(
        history,
        fc.integer({ min: 1, max: 8 }),
        fc.constantFrom<readonly DefinitionKindName[]>(
          ['form', 'command', 'navigation', 'datasource'],
          ['form'],
          ['command', 'navigation', 'datasource'],
        ),
        async (versions, limit, kinds) => {
          replace(versions);
          const expected = versions
            .filter((v) => kinds.includes(v.kind))
            .map((v) => (v.kind === 'datasource' ? { ...v, key: ENTITIES[v.key - 1]! } : v))
            .sort(compareChanges)
            .map((v) => `${v.kind}:${v.key}@${v.version}`);
          const walked: string[] = [];
          let after: DefinitionChange | null = null;
          for (let pages = 0; pages <= versions.length + 1; pages += 1) {
            const page: DefinitionChange[] = await store.page({ kinds, after, limit });
            walked.push(...page.map((c) => `${c.kind}:${c.key}@${c.version}`));
            if (page.length < limit) break;
            after = page.at(-1)!;
          }
          expect(walked).toEqual(expected);
        },
      ),
      { numRuns: 150 },
    );
  });
});
