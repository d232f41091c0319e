import { type DashboardDefinition, DashboardDefinitionSchema } from '@procedo/client-api';
import type { SqliteDatabase } from './sqlite';

/**
 * The demo dashboards. Tiles and bars link to the search forms of their entity: 101 suppliers,
 * 111 batches, 112 deviations (field names as in business-data.ts). The batches have no release
 * date of their own: released batches are counted by the week they were manufactured.
 */
export const DASHBOARDS: readonly DashboardDefinition[] = [
  {
    Id: 1,
    Title: 'Quality overview',
    Widgets: [
      {
        Kind: 'kpi',
        Title: 'Open deviations',
        WebTemplateNo: 112,
        Where: { Combine: 'and', Conditions: [{ Field: 'Status', Op: 'notEquals', Value: 'Closed' }] },
      },
      { Kind: 'mySteps', Title: 'My open process steps' },
      {
        Kind: 'bar',
        Title: 'Open deviations by severity',
        WebTemplateNo: 112,
        GroupBy: 'Severity',
        Where: { Combine: 'and', Conditions: [{ Field: 'Status', Op: 'notEquals', Value: 'Closed' }] },
      },
      {
        Kind: 'bar',
        Title: 'Batches released per week (week of manufacture)',
        WebTemplateNo: 111,
        GroupBy: 'ManufacturedOn',
        Bucket: 'week',
        MaxBars: 12,
        Where: { Combine: 'and', Conditions: [{ Field: 'Status', Op: 'equals', Value: 'Released' }] },
      },
      {
        Kind: 'line',
        Title: 'Batches manufactured per day',
        WebTemplateNo: 111,
        GroupBy: 'ManufacturedOn',
        Bucket: 'day',
        MaxPoints: 90,
      },
      { Kind: 'pie', Title: 'Suppliers by approval status', WebTemplateNo: 101, GroupBy: 'Status' },
    ],
  },
];

/**
 * Stores the demo dashboards once per database (`meta.dashboards_seeded_at`), also into databases
 * created before dashboards existed. Each definition is checked first: a bad one stops the start.
 */
export function seedDashboardsIfNeeded(
  db: SqliteDatabase,
  now: number,
  dashboards: readonly DashboardDefinition[] = DASHBOARDS,
): boolean {
  const isSeeded = () =>
    db.prepare("SELECT 1 FROM meta WHERE key = 'dashboards_seeded_at'").get() !== undefined;
  if (isSeeded()) return false;
  const checked = dashboards.map((dashboard) => DashboardDefinitionSchema.parse(dashboard));
  const insert = db.prepare(
    'INSERT INTO dashboards (id, title, definition_json, profile_id) VALUES (?, ?, ?, NULL)',
  );
  return db.transaction(() => {
    if (isSeeded()) return false;
    for (const dashboard of checked) insert.run(dashboard.Id, dashboard.Title, JSON.stringify(dashboard));
    db.prepare("INSERT INTO meta (key, value) VALUES ('dashboards_seeded_at', ?)").run(
      new Date(now).toISOString(),
    );
    return true;
  })();
}
