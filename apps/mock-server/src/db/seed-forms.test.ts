import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FormDefinitionSchema } from '@procedo/client-api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUSINESS_COUNTS, businessRows } from './business-data';
import { MIGRATIONS } from './migrations';
import { seedIfNeeded } from './seed';
import { seedFormAccessIfNeeded, seedFormsIfNeeded } from './seed-forms';
import { seedProcessesIfNeeded } from './seed-processes';
import { migrate, openSqlite } from './sqlite';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'procedo-seed-forms-test-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('businessRows', () => {
  it('generates the same rows on every run, a few thousand in demo', () => {
    const first = businessRows('full');
    expect(businessRows('full')).toEqual(first);
    const counts = BUSINESS_COUNTS.full;
    expect(first.length).toBe(counts.suppliers + counts.products + counts.batches + counts.deviations);
    expect(first.length).toBeGreaterThan(3000);
    expect(businessRows('small').length).toBeLessThan(first.length / 10);
  });
});

describe('seedFormsIfNeeded', () => {
  it('upgrades a database seeded before forms existed: forms, records and navigation, once', async () => {
    const db = openSqlite(path.join(dir, 'old.sqlite'));
    migrate(db, MIGRATIONS.slice(0, 2));
    await seedIfNeeded(db, 'full', Date.now());
    // The navigation as issue 2 seeded it.
    const setUrl = db.prepare('UPDATE navigation_nodes SET url = ?, title = ? WHERE title = ?');
    setUrl.run('/form?WebTemplateNo=102', 'Products', 'Products');
    setUrl.run('/form?WebTemplateNo=103', 'Batches', 'Batches');
    setUrl.run('/form?WebTemplateNo=104', 'Deviations', 'Deviations');
    setUrl.run('/form?WebTemplateNo=105', 'CAPA', 'Certificates');

    migrate(db, MIGRATIONS);
    expect(seedFormsIfNeeded(db, 'full', Date.now())).toBe(true);
    expect(seedFormsIfNeeded(db, 'full', Date.now())).toBe(false);

    const urls = Object.fromEntries(
      (
        db
          .prepare('SELECT DISTINCT title, url FROM navigation_nodes WHERE url LIKE ?')
          .all('/form?WebTemplateNo=1%') as { title: string; url: string }[]
      ).map((row) => [row.title, row.url]),
    );
    expect(urls).toEqual({
      Suppliers: '/form?WebTemplateNo=101',
      Products: '/form?WebTemplateNo=110',
      Batches: '/form?WebTemplateNo=111',
      Deviations: '/form?WebTemplateNo=112',
      Certificates: '/form?WebTemplateNo=105',
    });
    expect(db.prepare('SELECT web_template_no AS no FROM form_definitions ORDER BY 1').all()).toEqual(
      [101, 102, 103, 104, 105, 106, 110, 111, 112].map((no) => ({ no })),
    );
    const records = db.prepare('SELECT count(*) AS n FROM records').get() as { n: number };
    const versions = db
      .prepare("SELECT count(*) AS n FROM record_versions WHERE version = 1 AND updated_by = 'system'")
      .get() as { n: number };
    expect(records.n).toBe(businessRows('full').length);
    expect(versions.n).toBe(records.n);
    // Picker references point at real records of the right entity.
    const orphan = db
      .prepare(
        `SELECT count(*) AS n FROM records p WHERE p.entity = 'product'
         AND NOT EXISTS (SELECT 1 FROM records s WHERE s.record_id = p.parent_id AND s.entity = 'supplier')`,
      )
      .get() as { n: number };
    expect(orphan.n).toBe(0);
    db.close();
  });
});

describe('seedFormAccessIfNeeded', () => {
  it('grants every profile every stored form but the operators the certificates, once, also in an older database', async () => {
    // Seeded (forms included) before form access existed: the table is there, empty.
    const db = openSqlite(path.join(dir, 'old.sqlite'));
    migrate(db, MIGRATIONS);
    await seedIfNeeded(db, 'full', Date.now());
    seedFormsIfNeeded(db, 'full', Date.now());
    expect(db.prepare('SELECT count(*) AS n FROM form_access').get()).toEqual({ n: 0 });

    expect(seedFormAccessIfNeeded(db, Date.now())).toBe(true);
    expect(seedFormAccessIfNeeded(db, Date.now())).toBe(false);
    const granted = (profileId: number) =>
      (
        db
          .prepare('SELECT web_template_no AS no FROM form_access WHERE profile_id = ? ORDER BY 1')
          .all(profileId) as { no: number }[]
      ).map((row) => row.no);
    expect(granted(1)).toEqual([101, 102, 103, 104, 105, 106, 110, 111, 112]);
    expect(granted(2)).toEqual([101, 102, 103, 104, 106, 110, 111, 112]);
    db.close();
  });
});

describe('the product, batch and deviation search forms', () => {
  it('validate, are reachable from navigation, open their record forms, and name a form and a process per row', async () => {
    const db = openSqlite(path.join(dir, 'new.sqlite'));
    migrate(db, MIGRATIONS);
    await seedIfNeeded(db, 'full', Date.now());
    seedFormsIfNeeded(db, 'full', Date.now());
    seedProcessesIfNeeded(db, 'full', Date.now());
    seedFormAccessIfNeeded(db, Date.now());
    const forms = new Map(
      (
        db.prepare('SELECT web_template_no AS no, json FROM form_definitions').all() as {
          no: number;
          json: string;
        }[]
      ).map((row) => [row.no, FormDefinitionSchema.parse(JSON.parse(row.json))]),
    );
    const nav = db.prepare('SELECT DISTINCT url FROM navigation_nodes WHERE title = ?');
    const columns: { DataFormId?: number; WorkflowId?: number }[] = [];
    for (const [no, title, entity, opens] of [
      [110, 'Products', 'product', 106],
      [111, 'Batches', 'batch', 104],
      [112, 'Deviations', 'deviation', 103],
    ] as const) {
      const form = forms.get(no)!;
      expect([form.Kind, form.Entity]).toEqual(['search', entity]);
      const results = form.Elements.find((element) => element.Kind === 'results');
      expect(results?.Kind === 'results' && results.OpenWebTemplateNo).toBe(opens);
      if (results?.Kind === 'results') columns.push(...results.Columns);
      expect(nav.all(title)).toEqual([{ url: `/form?WebTemplateNo=${no}` }]);
      // Every profile that may open the record form may open its search.
      const access = db.prepare('SELECT profile_id FROM form_access WHERE web_template_no = ? ORDER BY 1');
      expect(access.all(no)).toEqual(access.all(opens));
    }
    const formId = columns.find((column) => column.DataFormId)?.DataFormId;
    expect(formId !== undefined && forms.has(formId)).toBe(true);
    const workflow = columns.find((column) => column.WorkflowId)?.WorkflowId;
    expect(db.prepare('SELECT name FROM process_commands WHERE id = ?').get(workflow)).toEqual({
      name: 'Deviation handling',
    });
    db.close();
  });

  it('are added to a database seeded before them by migration 14, with its navigation and access', async () => {
    const db = openSqlite(path.join(dir, 'older.sqlite'));
    migrate(
      db,
      MIGRATIONS.filter((migration) => migration.version < 14),
    );
    await seedIfNeeded(db, 'full', Date.now());
    db.prepare(
      `INSERT INTO form_definitions (web_template_no, schema_version, json, updated_at_utc, updated_by)
       SELECT no, 1, '{}', '2026-01-01', 'system' FROM (SELECT 103 AS no UNION SELECT 104 UNION SELECT 106)`,
    ).run();
    db.prepare(
      'INSERT INTO form_access (profile_id, web_template_no) VALUES (1, 103), (1, 104), (2, 104)',
    ).run();
    db.prepare("UPDATE navigation_nodes SET url = '/form?WebTemplateNo=106' WHERE title = 'Products'").run();
    migrate(db, MIGRATIONS);
    const urls = db.prepare(
      'SELECT DISTINCT title, url FROM navigation_nodes WHERE title IN (?, ?, ?) ORDER BY 1',
    );
    expect(urls.all('Products', 'Batches', 'Deviations')).toEqual([
      { title: 'Batches', url: '/form?WebTemplateNo=111' },
      { title: 'Deviations', url: '/form?WebTemplateNo=112' },
      { title: 'Products', url: '/form?WebTemplateNo=110' },
    ]);
    expect(
      db
        .prepare(
          'SELECT profile_id AS p, web_template_no AS no FROM form_access WHERE web_template_no > 106 ORDER BY 2, 1',
        )
        .all(),
    ).toEqual([
      { p: 1, no: 111 },
      { p: 2, no: 111 },
      { p: 1, no: 112 },
    ]);
    db.close();
  });
});

describe('migration 17', () => {
  it('runs migration 14 on a database that passed it (made at 15 or 16 before 14 was merged), once', async () => {
    const db = openSqlite(path.join(dir, 'skipped.sqlite'));
    migrate(
      db,
      MIGRATIONS.filter((migration) => migration.version !== 14 && migration.version < 17),
    );
    await seedIfNeeded(db, 'full', Date.now());
    db.prepare(
      `INSERT INTO records (entity, current_version, is_deleted, title, search_key) VALUES ('batch', 1, 0, 'B1', 'b1')`,
    ).run();
    db.prepare(
      `INSERT INTO record_versions (record_id, version, entity, values_json, is_deleted, updated_by, updated_at_utc)
       VALUES (1, 1, 'batch', '{"BatchNo":"B1","Quantity":5}', 0, 'system', '2026-01-01T00:00:00.000Z')`,
    ).run();
    expect(
      migrate(
        db,
        MIGRATIONS.filter((migration) => migration.version <= 17),
      ),
    ).toEqual([17]);
    expect(db.prepare('SELECT current_values_json AS json FROM records').get()).toEqual({
      json: '{"BatchNo":"B1","Quantity":5}',
    });
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT record_id FROM records WHERE entity = 'batch' AND is_deleted = 0
         ORDER BY json_extract(current_values_json, '$.Quantity'), record_id`,
      )
      .all() as { detail: string }[];
    expect(plan.map((row) => row.detail).join('\n')).toMatch(/records_sort_batch_Quantity/);
    // A database that ran 14 is left as it is.
    const fresh = openSqlite(path.join(dir, 'fresh.sqlite'));
    expect(migrate(fresh, MIGRATIONS)).toContain(17);
    fresh.close();
    db.close();
  });
});
