import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUSINESS_COUNTS, businessRows } from './business-data';
import { MIGRATIONS } from './migrations';
import { seedIfNeeded } from './seed';
import { seedFormAccessIfNeeded, seedFormsIfNeeded } from './seed-forms';
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
          .all('/form?WebTemplateNo=10%') as { title: string; url: string }[]
      ).map((row) => [row.title, row.url]),
    );
    expect(urls).toEqual({
      Suppliers: '/form?WebTemplateNo=101',
      Products: '/form?WebTemplateNo=106',
      Batches: '/form?WebTemplateNo=104',
      Deviations: '/form?WebTemplateNo=103',
      Certificates: '/form?WebTemplateNo=105',
    });
    expect(db.prepare('SELECT web_template_no AS no FROM form_definitions ORDER BY 1').all()).toEqual(
      [101, 102, 103, 104, 105, 106].map((no) => ({ no })),
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
    const db = openSqlite(path.join(dir, 'old.sqlite'));
    migrate(db, MIGRATIONS.slice(0, 4));
    await seedIfNeeded(db, 'full', Date.now());
    seedFormsIfNeeded(db, 'full', Date.now());

    migrate(db, MIGRATIONS);
    expect(seedFormAccessIfNeeded(db, Date.now())).toBe(true);
    expect(seedFormAccessIfNeeded(db, Date.now())).toBe(false);
    const granted = (profileId: number) =>
      (
        db
          .prepare('SELECT web_template_no AS no FROM form_access WHERE profile_id = ? ORDER BY 1')
          .all(profileId) as { no: number }[]
      ).map((row) => row.no);
    expect(granted(1)).toEqual([101, 102, 103, 104, 105, 106]);
    expect(granted(2)).toEqual([101, 102, 103, 104, 106]);
    db.close();
  });
});
