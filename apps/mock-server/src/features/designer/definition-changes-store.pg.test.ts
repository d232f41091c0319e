import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useStoreParity } from '../../testing/store-parity';
import { DEFINITION_KINDS } from './definition-change-pages';
import {
  type ChangePosition,
  createSqliteDefinitionChangesStore,
  type DefinitionChangesStore,
  type DefinitionKindName,
} from './definition-changes-store';
import { createPgDefinitionChangesStore, pgChangesSql } from './definition-changes-store.pg';

const parity = useStoreParity<DefinitionChangesStore>({
  sqlite: (db) => createSqliteDefinitionChangesStore(db),
  pg: (db) => createPgDefinitionChangesStore(db),
});
const { same } = parity;

/** Versions of every kind, many on the same instants, stored alike on both engines. */
async function addHistory() {
  const at = ['2026-01-01T00:00:00.000Z', '2026-06-01T00:00:00.000Z'];
  const statements: string[] = [];
  for (const [i, instant] of at.entries()) {
    for (const no of [101, 102, 104]) {
      statements.push(`INSERT INTO form_definition_versions (web_template_no, version, schema_version, json,
        published_at_utc, published_by, change_note)
        VALUES (${no}, ${i + 2}, 1, '{"Title":"Form ${no} v${i + 2}"}', '${instant}', 'someone', 'note ${i}')`);
    }
    for (const id of [1, 2]) {
      statements.push(`INSERT INTO process_command_versions (command_id, version, json, published_at_utc,
        published_by, change_note) VALUES (${id}, ${i + 2}, '{"name":"C${id}"}', '${instant}', 'someone', 'n')`);
      statements.push(`INSERT INTO navigation_versions (profile_id, version, json, published_at_utc,
        published_by, change_note) VALUES (${id}, ${i + 2}, '[]', '${instant}', 'someone', 'n')`);
    }
    for (const entity of ['batch', 'supplier', 'Supplier']) {
      statements.push(`INSERT INTO datasource_versions (entity, version, json, published_at_utc, published_by,
        change_note) VALUES ('${entity}', ${i + 1}, '[]', '${instant}', 'someone', 'n')`);
    }
  }
  for (const sql of statements) {
    parity.both.sqlite.exec(sql);
    await parity.both.pg.run(sql);
  }
}

/** Every page of the trail of `kinds`, `limit` at a time, from the newest, on both engines. */
async function walk(kinds: readonly DefinitionKindName[], limit: number) {
  const all = [];
  let after: ChangePosition | null = null;
  for (;;) {
    const page = await same((s) => s.page({ kinds, after, limit }));
    all.push(...page);
    if (page.length < limit) return all;
    after = page.at(-1)!;
  }
}

describe('the definitions’ audit trail on PostgreSQL', () => {
  it('pages the seeded trail, and one with ties on an instant across kinds and keys, as SQLite does', async () => {
    const seeded = await walk(DEFINITION_KINDS, 100);
    expect(seeded.length).toBeGreaterThan(5);
    await addHistory();
    const everything = await walk(DEFINITION_KINDS, 1000);
    expect(everything.length).toBe(seeded.length + 20);
    for (const limit of [1, 2, 3, 7]) expect(await walk(DEFINITION_KINDS, limit)).toEqual(everything);
    expect(everything.find((c) => c.kind === 'form' && c.version === 3)?.name).toMatch(/^Form \d+ v3$/);
    expect(everything.find((c) => c.kind === 'navigation')?.name).not.toBe('');
  });

  it('pages any subset of kinds at any page size as SQLite does (model test)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.subarray([...DEFINITION_KINDS], { minLength: 1 }),
        fc.integer({ min: 1, max: 9 }),
        async (kinds, limit) => {
          await walk(kinds, limit);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('reads a page after a position with one backward range scan of the kind’s (published_at_utc, key, version) index', async () => {
    for (const kind of DEFINITION_KINDS) {
      const key = kind === 'datasource' ? 'supplier' : 1;
      const { text, values } = pgChangesSql(kind, 'after', {
        at: '2026-06-01T00:00:00.000Z',
        key,
        version: 2,
        limit: 10,
      });
      const plan = await parity.both.pg.transaction(async (tx) => {
        await tx.run('SET LOCAL enable_seqscan = off');
        return tx.many<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, values);
      });
      const lines = plan.map((row) => row['QUERY PLAN']).join('\n');
      expect(lines, kind).toMatch(/Index Scan Backward using \w+_published/);
      expect(lines, kind).not.toMatch(/Sort/);
    }
  });
});
