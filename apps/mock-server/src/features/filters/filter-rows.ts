import type { FilterAdminChange, FilterChangeRecord } from './filter-admin-store';
import type { SavedFilterRecord } from './filters-store';

/** The rows of the saved filters' tables and their mapping, as both engines read them. */

/** A `saved_filters` row with its owner's name (`SAVED_FILTER_SELECT`). */
export interface SavedFilterRow {
  id: number;
  web_template_no: number;
  entity_view_name: string;
  owner_user_id: number;
  owner_name: string | null;
  is_shared: number;
  name: string;
  filter_json: string;
  version: number;
  created_by: string;
  created_at_utc: string;
  updated_by: string;
  updated_at_utc: string;
}

export const toSavedFilterRecord = (row: SavedFilterRow): SavedFilterRecord => ({
  id: row.id,
  webTemplateNo: row.web_template_no,
  entityViewName: row.entity_view_name,
  ownerId: row.owner_user_id,
  ownerName: row.owner_name ?? '',
  isShared: row.is_shared === 1,
  name: row.name,
  filterJson: row.filter_json,
  version: row.version,
  createdBy: row.created_by,
  createdAt: row.created_at_utc,
  updatedBy: row.updated_by,
  updatedAt: row.updated_at_utc,
});

/** Saved filters with their owner's name; callers add the WHERE. */
export const SAVED_FILTER_SELECT = `SELECT f.*, u.name AS owner_name FROM saved_filters AS f LEFT JOIN users AS u ON u.id = f.owner_user_id`;

/** A `saved_filter_changes` row. */
export interface FilterChangeRow {
  id: number;
  filter_id: number;
  web_template_no: number;
  change: FilterAdminChange['kind'];
  owner_name: string;
  name_before: string;
  name_after: string | null;
  version_before: number;
  changed_by: string;
  changed_at_utc: string;
}

export const toFilterChange = (row: FilterChangeRow): FilterChangeRecord => ({
  id: row.id,
  filterId: row.filter_id,
  webTemplateNo: row.web_template_no,
  change: row.change,
  ownerName: row.owner_name,
  nameBefore: row.name_before,
  nameAfter: row.name_after,
  versionBefore: row.version_before,
  changedBy: row.changed_by,
  changedAt: row.changed_at_utc,
});

/** The trail entry of a change applied to `before` (the filter as it was). */
export function changeRow(
  input: { id: number; webTemplateNo: number; change: FilterAdminChange; by: string; at: string },
  before: SavedFilterRow,
): Omit<FilterChangeRow, 'id'> {
  const { change } = input;
  return {
    filter_id: input.id,
    web_template_no: input.webTemplateNo,
    change: change.kind,
    owner_name: before.owner_name ?? '',
    name_before: before.name,
    name_after: change.kind === 'delete' ? null : change.kind === 'rename' ? change.name : before.name,
    version_before: before.version,
    changed_by: input.by,
    changed_at_utc: input.at,
  };
}
