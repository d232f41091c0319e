import type { Migration } from '../sqlite';

/**
 * Migration 25: every published version of a process command (its fields and ordered steps, as
 * the engine stores them), kept append-only like form definition versions (migration 24).
 * `process_commands`/`process_command_steps` stay the current version (what a new process
 * starts with, and the creatable-commands list); a process keeps the version it was created with
 * (`processes.command_version`) and runs that version's steps.
 */
export const COMMAND_VERSIONS_MIGRATIONS: readonly Migration[] = [
  {
    version: 25,
    name: 'process command versions',
    sql: `
      CREATE TABLE process_command_versions (
        command_id INTEGER NOT NULL REFERENCES process_commands(id),
        version INTEGER NOT NULL CHECK (version >= 1),
        json TEXT NOT NULL,
        published_at_utc TEXT NOT NULL,
        published_by TEXT NOT NULL,
        change_note TEXT NOT NULL,
        PRIMARY KEY (command_id, version)
      );
      CREATE TRIGGER process_command_versions_append_only_update BEFORE UPDATE ON process_command_versions
      BEGIN SELECT RAISE(ABORT, 'process command versions are append-only'); END;
      CREATE TRIGGER process_command_versions_append_only_delete BEFORE DELETE ON process_command_versions
      BEGIN SELECT RAISE(ABORT, 'process command versions are append-only'); END;
      -- REPLACE would delete the old row without firing the DELETE guard (see migration 6).
      CREATE TRIGGER process_command_versions_append_only_insert BEFORE INSERT ON process_command_versions
      WHEN EXISTS (SELECT 1 FROM process_command_versions
                   WHERE command_id = NEW.command_id AND version = NEW.version)
      BEGIN SELECT RAISE(ABORT, 'process command versions are append-only'); END;
      -- Every process so far ran its command's only version.
      ALTER TABLE processes ADD COLUMN command_version INTEGER NOT NULL DEFAULT 1 CHECK (command_version >= 1);
      -- Each command seeded before this migration is its version 1, in force since the epoch (the
      -- seed writes version 1 of a command it adds later itself: its steps follow the command row).
      INSERT INTO process_command_versions (command_id, version, json, published_at_utc, published_by, change_note)
      SELECT c.id, 1,
        json_object('name', c.name, 'description', c.description,
          'openFlow', json(CASE c.open_flow WHEN 1 THEN 'true' ELSE 'false' END),
          'start', json(CASE c.start WHEN 1 THEN 'true' ELSE 'false' END),
          'askName', json(CASE c.ask_name WHEN 1 THEN 'true' ELSE 'false' END),
          'steps', (SELECT json_group_array(json(definition_json) ORDER BY position)
                    FROM process_command_steps WHERE command_id = c.id)),
        '1970-01-01T00:00:00.000Z', 'system', 'Seeded command'
      FROM process_commands AS c;
    `,
  },
];
