import type { Migration } from '../sqlite';

/**
 * Version 1 of each profile's navigation that has none yet: its `navigation_nodes` as they stand
 * (flat rows), in force since the epoch. The migration runs it for databases
 * seeded before it; the seed runs it again after writing a new database's trees.
 */
export const BACKFILL_NAVIGATION_VERSIONS = `
  INSERT INTO navigation_versions (profile_id, version, json, published_at_utc, published_by, change_note)
  SELECT p.id, 1,
    (SELECT json_group_array(json_object('id', n.id, 'parentId', n.parent_id, 'position', n.position,
              'title', n.title, 'url', n.url, 'description', n.description)
            ORDER BY n.parent_id IS NOT NULL, n.parent_id, n.position, n.id)
     FROM navigation_nodes AS n WHERE n.profile_id = p.id),
    '1970-01-01T00:00:00.000Z', 'system', 'Seeded navigation'
  FROM profiles AS p
  WHERE NOT EXISTS (SELECT 1 FROM navigation_versions AS v WHERE v.profile_id = p.id)`;

/**
 * Migration 26: every published version of a profile's navigation (issue 16 item 2), kept
 * append-only like form and command versions (migrations 24, 25). `navigation_nodes` stays the
 * latest version (what users' menus read now, and what translations and bookmarks key by node
 * id); a Timepoint reads the version in force then (one seek on `navigation_versions_in_force`).
 */
export const NAVIGATION_VERSIONS_MIGRATIONS: readonly Migration[] = [
  {
    version: 26,
    name: 'navigation versions',
    sql: `
      CREATE TABLE navigation_versions (
        profile_id INTEGER NOT NULL REFERENCES profiles(id),
        version INTEGER NOT NULL CHECK (version >= 1),
        json TEXT NOT NULL,
        published_at_utc TEXT NOT NULL,
        published_by TEXT NOT NULL,
        change_note TEXT NOT NULL,
        PRIMARY KEY (profile_id, version)
      );
      CREATE INDEX navigation_versions_in_force ON navigation_versions(profile_id, published_at_utc);
      CREATE TRIGGER navigation_versions_append_only_update BEFORE UPDATE ON navigation_versions
      BEGIN SELECT RAISE(ABORT, 'navigation versions are append-only'); END;
      CREATE TRIGGER navigation_versions_append_only_delete BEFORE DELETE ON navigation_versions
      BEGIN SELECT RAISE(ABORT, 'navigation versions are append-only'); END;
      -- REPLACE would delete the old row without firing the DELETE guard (see migration 6).
      CREATE TRIGGER navigation_versions_append_only_insert BEFORE INSERT ON navigation_versions
      WHEN EXISTS (SELECT 1 FROM navigation_versions
                   WHERE profile_id = NEW.profile_id AND version = NEW.version)
      BEGIN SELECT RAISE(ABORT, 'navigation versions are append-only'); END;
      ${BACKFILL_NAVIGATION_VERSIONS};
    `,
  },
];
