import type { StoredDashboard } from './dashboards-store';

/** A `dashboards` row, as both engines read it. */
export interface DashboardRow {
  id: number;
  title: string;
  definition_json: string;
  profile_id: number | null;
}

export const toStoredDashboard = (row: DashboardRow): StoredDashboard => ({
  id: row.id,
  title: row.title,
  definitionJson: row.definition_json,
  profileId: row.profile_id,
});
