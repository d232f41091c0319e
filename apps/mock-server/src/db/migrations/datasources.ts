import type { Migration } from '../sqlite';

/**
 * Migration 27: datasources and the designers' filter management (issue 16 item 4).
 * `datasource_versions` keeps every published version of an entity's datasource (the grid
 * schema columns it offers), append-only like form definition versions (migration 24); an entity
 * with no row yet is at its version 1, derived from the seeded forms (see datasource-seed.ts), and
 * the first publish stores that version 1 before the new one. `saved_filter_changes` is the audit
 * trail of what designers did to users' saved filters (rename, share, unshare, delete).
 */
export const DATASOURCES_MIGRATIONS: readonly Migration[] = [
  {
    version: 27,
    name: 'datasource versions and saved filter changes',
    sql: `
      CREATE TABLE datasource_versions (
        entity TEXT NOT NULL,
        version INTEGER NOT NULL CHECK (version >= 1),
        json TEXT NOT NULL,
        published_at_utc TEXT NOT NULL,
        published_by TEXT NOT NULL,
        change_note TEXT NOT NULL,
        PRIMARY KEY (entity, version)
      );
      CREATE INDEX datasource_versions_at ON datasource_versions(entity, published_at_utc, version);
      CREATE TRIGGER datasource_versions_append_only_update BEFORE UPDATE ON datasource_versions
      BEGIN SELECT RAISE(ABORT, 'datasource versions are append-only'); END;
      CREATE TRIGGER datasource_versions_append_only_delete BEFORE DELETE ON datasource_versions
      BEGIN SELECT RAISE(ABORT, 'datasource versions are append-only'); END;
      -- REPLACE would delete the old row without firing the DELETE guard (see migration 6).
      CREATE TRIGGER datasource_versions_append_only_insert BEFORE INSERT ON datasource_versions
      WHEN EXISTS (SELECT 1 FROM datasource_versions WHERE entity = NEW.entity AND version = NEW.version)
      BEGIN SELECT RAISE(ABORT, 'datasource versions are append-only'); END;

      -- No foreign key to saved_filters: a deleted filter's trail outlives it.
      CREATE TABLE saved_filter_changes (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        filter_id INTEGER NOT NULL,
        web_template_no INTEGER NOT NULL,
        change TEXT NOT NULL CHECK (change IN ('rename', 'share', 'unshare', 'delete')),
        owner_name TEXT NOT NULL,
        name_before TEXT NOT NULL,
        name_after TEXT,
        version_before INTEGER NOT NULL,
        changed_by TEXT NOT NULL,
        changed_at_utc TEXT NOT NULL
      );
      CREATE INDEX saved_filter_changes_form ON saved_filter_changes(web_template_no, id);
      CREATE TRIGGER saved_filter_changes_append_only_update BEFORE UPDATE ON saved_filter_changes
      BEGIN SELECT RAISE(ABORT, 'saved filter changes are append-only'); END;
      CREATE TRIGGER saved_filter_changes_append_only_delete BEFORE DELETE ON saved_filter_changes
      BEGIN SELECT RAISE(ABORT, 'saved filter changes are append-only'); END;
    `,
  },
];
