import type { Migration } from '../sqlite';

/**
 * Migration 24: every published version of a form definition, kept (append-only, like record
 * versions). `form_definitions` stays the current version, so every read of "now" costs what it
 * did; its `version` names the row of `form_definition_versions` it copies.
 */
export const DEFINITION_VERSIONS_MIGRATIONS: readonly Migration[] = [
  {
    version: 24,
    name: 'form definition versions',
    sql: `
      ALTER TABLE form_definitions ADD COLUMN version INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1);
      -- The versions table is the definitions' audit trail: who published what, when and why.
      CREATE TABLE form_definition_versions (
        web_template_no INTEGER NOT NULL,
        version INTEGER NOT NULL CHECK (version >= 1),
        schema_version INTEGER NOT NULL,
        json TEXT NOT NULL,
        published_at_utc TEXT NOT NULL,
        published_by TEXT NOT NULL,
        change_note TEXT NOT NULL,
        PRIMARY KEY (web_template_no, version)
      );
      -- "The version in force at T" (the newest of a form published at or before T) in one seek,
      -- however many versions a form has; versions are published in time order (the store
      -- keeps each one later than the last), so the newest by time is the newest by number.
      CREATE INDEX form_definition_versions_at
        ON form_definition_versions(web_template_no, published_at_utc, version);
      CREATE TRIGGER form_definition_versions_append_only_update BEFORE UPDATE ON form_definition_versions
      BEGIN SELECT RAISE(ABORT, 'form definition versions are append-only'); END;
      CREATE TRIGGER form_definition_versions_append_only_delete BEFORE DELETE ON form_definition_versions
      BEGIN SELECT RAISE(ABORT, 'form definition versions are append-only'); END;
      -- REPLACE would delete the old row without firing the DELETE guard (see migration 6).
      CREATE TRIGGER form_definition_versions_append_only_insert BEFORE INSERT ON form_definition_versions
      WHEN EXISTS (SELECT 1 FROM form_definition_versions
                   WHERE web_template_no = NEW.web_template_no AND version = NEW.version)
      BEGIN SELECT RAISE(ABORT, 'form definition versions are append-only'); END;
      -- A form added by a seed (now or by a later migration) is its version 1, in force since the
      -- epoch: seeded records have a past older than the seed run, and a record opened at any past
      -- timepoint must still find a form to show it with.
      CREATE TRIGGER form_definitions_first_version AFTER INSERT ON form_definitions
      BEGIN
        INSERT INTO form_definition_versions
          (web_template_no, version, schema_version, json, published_at_utc, published_by, change_note)
        VALUES (NEW.web_template_no, NEW.version, NEW.schema_version, NEW.json,
                '1970-01-01T00:00:00.000Z', NEW.updated_by, 'Seeded definition');
      END;
      INSERT INTO form_definition_versions
        (web_template_no, version, schema_version, json, published_at_utc, published_by, change_note)
      SELECT web_template_no, 1, schema_version, json, '1970-01-01T00:00:00.000Z', updated_by, 'Seeded definition'
      FROM form_definitions;
    `,
  },
];
