import type { DashboardDefinition } from '@procedo/client-api';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from './migrations';
import { DASHBOARDS, seedDashboardsIfNeeded } from './seed-dashboards';
import { migrate } from './sqlite';

const migrated = () => {
  const db = new Database(':memory:');
  migrate(db, MIGRATIONS);
  return db;
};

describe('seeded dashboards', () => {
  it('stores the checked definitions once, as server data for every profile', () => {
    const db = migrated();
    expect(seedDashboardsIfNeeded(db, Date.now())).toBe(true);
    expect(seedDashboardsIfNeeded(db, Date.now())).toBe(false);
    const rows = db.prepare('SELECT id, title, definition_json, profile_id FROM dashboards').all() as {
      id: number;
      title: string;
      definition_json: string;
      profile_id: number | null;
    }[];
    expect(
      rows.map((row) => ({ ...row, definition_json: JSON.parse(row.definition_json) as unknown })),
    ).toEqual(DASHBOARDS.map((d) => ({ id: d.Id, title: d.Title, definition_json: d, profile_id: null })));
    db.close();
  });

  it('refuses a definition that does not fit the schema, storing nothing (the start stops)', () => {
    const db = migrated();
    const bad = [
      { Id: 9, Title: 'Broken', Widgets: [{ Kind: 'pie', Title: 'x' }] },
    ] as unknown as DashboardDefinition[];
    expect(() => seedDashboardsIfNeeded(db, Date.now(), bad)).toThrow();
    expect(db.prepare('SELECT count(*) AS n FROM dashboards').get()).toEqual({ n: 0 });
    db.close();
  });
});
