import { backfillRecordPeriods } from '../../features/records/record-periods';
import type { Migration } from '../sqlite';

/** Migrations 1–8: users and sessions, forms, records, files, processes, and the record periods. */
export const FOUNDATION_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'users and sessions',
    sql: `
      CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      CREATE TABLE profiles (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        description TEXT NOT NULL DEFAULT ''
      );
      CREATE TABLE users (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE COLLATE NOCASE,
        legal_name TEXT NOT NULL,
        password_hash TEXT NOT NULL,
        profile_id INTEGER NOT NULL REFERENCES profiles(id),
        is_supervisor INTEGER NOT NULL DEFAULT 0 CHECK (is_supervisor IN (0, 1)),
        preference_id INTEGER NOT NULL,
        pref_ui TEXT NOT NULL DEFAULT 'modern' CHECK (pref_ui IN ('modern', 'classic')),
        pref_language TEXT NOT NULL DEFAULT 'en',
        department TEXT NOT NULL DEFAULT '',
        region TEXT NOT NULL DEFAULT '',
        mobile_tel TEXT NOT NULL DEFAULT '',
        email_business TEXT NOT NULL DEFAULT '',
        email_private TEXT NOT NULL DEFAULT '',
        job_title TEXT NOT NULL DEFAULT ''
      );
      CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        token_hash TEXT NOT NULL UNIQUE,
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        csrf_token TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX sessions_expires_at ON sessions(expires_at);
    `,
  },
  {
    version: 2,
    name: 'navigation and resources',
    sql: `
      CREATE TABLE navigation_nodes (
        id INTEGER PRIMARY KEY,
        profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        parent_id INTEGER REFERENCES navigation_nodes(id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        title TEXT NOT NULL,
        url TEXT,
        description TEXT
      );
      CREATE INDEX navigation_nodes_tree ON navigation_nodes(profile_id, parent_id, position);
      CREATE TABLE resources (
        component_name TEXT NOT NULL,
        name TEXT NOT NULL,
        text TEXT NOT NULL,
        PRIMARY KEY (component_name, name)
      );
    `,
  },
  {
    version: 3,
    name: 'forms, element permissions, versioned records, files and settings',
    sql: `
      CREATE TABLE form_definitions (
        web_template_no INTEGER PRIMARY KEY,
        schema_version INTEGER NOT NULL,
        json TEXT NOT NULL,
        updated_at_utc TEXT NOT NULL,
        updated_by TEXT NOT NULL
      );
      CREATE TABLE element_permissions (
        web_template_no INTEGER NOT NULL,
        element_name TEXT NOT NULL,
        owner_type TEXT NOT NULL CHECK (owner_type IN ('user', 'profile')),
        owner_id INTEGER NOT NULL,
        hidden INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1)),
        locked INTEGER NOT NULL DEFAULT 0 CHECK (locked IN (0, 1)),
        PRIMARY KEY (web_template_no, owner_type, owner_id, element_name)
      );
      -- The current version of each record: one row, so reading it costs the same whatever the
      -- history. title/search_key/parent_id are the picker and search index of the current version.
      CREATE TABLE records (
        record_id INTEGER PRIMARY KEY,
        entity TEXT NOT NULL,
        current_version INTEGER NOT NULL,
        is_deleted INTEGER NOT NULL DEFAULT 0 CHECK (is_deleted IN (0, 1)),
        title TEXT NOT NULL DEFAULT '',
        search_key TEXT NOT NULL DEFAULT '',
        parent_id INTEGER
      );
      CREATE INDEX records_by_key ON records(entity, is_deleted, search_key);
      CREATE INDEX records_by_parent ON records(entity, parent_id, is_deleted, search_key);
      -- Append-only: every save is a new row; rows are never updated or deleted.
      CREATE TABLE record_versions (
        record_id INTEGER NOT NULL REFERENCES records(record_id),
        version INTEGER NOT NULL,
        entity TEXT NOT NULL,
        values_json TEXT NOT NULL,
        is_deleted INTEGER NOT NULL CHECK (is_deleted IN (0, 1)),
        updated_by TEXT NOT NULL,
        updated_at_utc TEXT NOT NULL,
        audit_esig TEXT,
        audit_reason TEXT,
        PRIMARY KEY (record_id, version)
      );
      CREATE TRIGGER record_versions_append_only_update BEFORE UPDATE ON record_versions
      BEGIN SELECT RAISE(ABORT, 'record versions are append-only'); END;
      CREATE TRIGGER record_versions_append_only_delete BEFORE DELETE ON record_versions
      BEGIN SELECT RAISE(ABORT, 'record versions are append-only'); END;
      CREATE TABLE files (
        id TEXT PRIMARY KEY,
        stored_name TEXT NOT NULL UNIQUE,
        original_name TEXT NOT NULL,
        size INTEGER NOT NULL,
        content_type TEXT NOT NULL,
        uploaded_by TEXT NOT NULL,
        uploaded_at_utc TEXT NOT NULL
      );
      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      INSERT INTO settings (key, value) VALUES
        ('SupportedFileExtensions', 'pdf,png,jpg,jpeg,txt,csv,docx,xlsx'),
        ('MaxUploadBytes', '5242880');
      CREATE TABLE tab_selections (
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        web_template_no INTEGER NOT NULL,
        tab_name TEXT NOT NULL,
        selected_at_utc TEXT NOT NULL,
        PRIMARY KEY (user_id, web_template_no)
      );
    `,
  },
  {
    version: 4,
    name: 'user processes: commands, steps, process and step instances, history, report documents',
    sql: `
      -- The commands creatable as processes and their ordered steps (definitions; seeded).
      CREATE TABLE process_commands (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        description TEXT NOT NULL DEFAULT '',
        open_flow INTEGER NOT NULL DEFAULT 0 CHECK (open_flow IN (0, 1)),
        start INTEGER NOT NULL DEFAULT 1 CHECK (start IN (0, 1)),
        ask_name INTEGER NOT NULL DEFAULT 0 CHECK (ask_name IN (0, 1))
      );
      CREATE TABLE process_command_steps (
        command_id INTEGER NOT NULL REFERENCES process_commands(id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        definition_json TEXT NOT NULL,
        PRIMARY KEY (command_id, position)
      );
      CREATE TABLE processes (
        id INTEGER PRIMARY KEY,
        command_id INTEGER NOT NULL REFERENCES process_commands(id),
        name TEXT NOT NULL,
        parent_process_id INTEGER REFERENCES processes(id),
        parent_step_id INTEGER,
        parent_url TEXT,
        state TEXT NOT NULL CHECK (state IN ('open', 'completed')),
        current_step_id INTEGER,
        owner_user_id INTEGER NOT NULL,
        created_by TEXT NOT NULL,
        created_at_utc TEXT NOT NULL,
        completed_at_utc TEXT,
        variables_json TEXT NOT NULL DEFAULT '[]',
        property_bag TEXT
      );
      CREATE INDEX processes_by_owner ON processes(owner_user_id, created_at_utc);
      CREATE INDEX processes_by_created ON processes(created_at_utc);
      CREATE INDEX processes_by_parent ON processes(parent_process_id);
      -- One row per step of a process. revision moves on every change of the step, so
      -- ActionState tokens of an earlier phase are recognised as stale; last_request_key and
      -- last_result_json make a repeated answer return the same result with no second effect.
      CREATE TABLE process_steps (
        id INTEGER PRIMARY KEY,
        process_id INTEGER NOT NULL REFERENCES processes(id),
        position INTEGER NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('waiting', 'active', 'completed', 'skipped')),
        phase TEXT NOT NULL,
        revision INTEGER NOT NULL DEFAULT 0,
        answers_json TEXT NOT NULL DEFAULT '{}',
        data_json TEXT,
        sub_process_id INTEGER,
        last_request_key TEXT,
        last_result_json TEXT,
        completed_at_utc TEXT,
        completed_by TEXT,
        UNIQUE (process_id, position)
      );
      -- Append-only history of every process.
      CREATE TABLE process_events (
        id INTEGER PRIMARY KEY,
        process_id INTEGER NOT NULL REFERENCES processes(id),
        step_id INTEGER,
        at_utc TEXT NOT NULL,
        by_user TEXT NOT NULL,
        kind TEXT NOT NULL,
        detail TEXT
      );
      CREATE INDEX process_events_by_process ON process_events(process_id, id);
      CREATE TRIGGER process_events_append_only_update BEFORE UPDATE ON process_events
      BEGIN SELECT RAISE(ABORT, 'process events are append-only'); END;
      CREATE TRIGGER process_events_append_only_delete BEFORE DELETE ON process_events
      BEGIN SELECT RAISE(ABORT, 'process events are append-only'); END;
      -- The document a report-document step produced (the latest one per step).
      CREATE TABLE process_documents (
        step_id INTEGER PRIMARY KEY REFERENCES process_steps(id),
        process_id INTEGER NOT NULL REFERENCES processes(id),
        html TEXT NOT NULL,
        created_at_utc TEXT NOT NULL,
        created_by TEXT NOT NULL
      );
    `,
  },
  {
    version: 5,
    name: 'form access per profile; files referenced by record versions',
    sql: `
      -- The forms each profile may open (docs/protocol.md "Form and file access"); no row, no access.
      CREATE TABLE form_access (
        profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        web_template_no INTEGER NOT NULL,
        PRIMARY KEY (profile_id, web_template_no)
      ) WITHOUT ROWID;
      -- Which record (any version) holds which file in which element: the download rule's index,
      -- so deciding who may read a file never scans the versions.
      CREATE TABLE file_links (
        file_id TEXT NOT NULL,
        record_id INTEGER NOT NULL,
        element_name TEXT NOT NULL,
        PRIMARY KEY (file_id, record_id, element_name)
      ) WITHOUT ROWID;
      -- Written with the version, in its transaction, whatever writes it (service, seed, import).
      -- A file value is the one object value with a text FileName and Id (a picker's has none).
      CREATE TRIGGER record_versions_file_links AFTER INSERT ON record_versions
      BEGIN
        INSERT OR IGNORE INTO file_links (file_id, record_id, element_name)
        SELECT json_extract(field.value, '$.Id'), NEW.record_id, field.key
        FROM json_each(NEW.values_json) AS field
        WHERE field.type = 'object'
          AND json_type(field.value, '$.Id') = 'text'
          AND json_type(field.value, '$.FileName') = 'text';
      END;
      INSERT OR IGNORE INTO file_links (file_id, record_id, element_name)
      SELECT json_extract(field.value, '$.Id'), v.record_id, field.key
      FROM record_versions AS v, json_each(v.values_json) AS field
      WHERE field.type = 'object'
        AND json_type(field.value, '$.Id') = 'text'
        AND json_type(field.value, '$.FileName') = 'text';
    `,
  },
  {
    version: 6,
    name: 'append-only tables refuse INSERT OR REPLACE; sessions by age',
    sql: `
      -- REPLACE deletes the old row without firing DELETE triggers (recursive_triggers is off),
      -- so the UPDATE/DELETE guards alone let INSERT OR REPLACE overwrite history. A BEFORE
      -- INSERT guard runs before any conflict resolution, whatever the statement says.
      CREATE TRIGGER record_versions_append_only_insert BEFORE INSERT ON record_versions
      WHEN EXISTS (SELECT 1 FROM record_versions WHERE record_id = NEW.record_id AND version = NEW.version)
      BEGIN SELECT RAISE(ABORT, 'record versions are append-only'); END;
      CREATE TRIGGER process_events_append_only_insert BEFORE INSERT ON process_events
      WHEN NEW.id IS NOT NULL AND EXISTS (SELECT 1 FROM process_events WHERE id = NEW.id)
      BEGIN SELECT RAISE(ABORT, 'process events are append-only'); END;
      -- Sessions past their absolute lifetime are deleted by age.
      CREATE INDEX sessions_created_at ON sessions(created_at);
    `,
  },
  {
    version: 7,
    name: 'time travel: versions by time, record periods; the audit trail with its hash chain',
    sql: `
      -- The version current at T is one index seek, whatever the history's length.
      CREATE INDEX record_versions_at ON record_versions(record_id, updated_at_utc, version);
      -- The search and picker index through time: one row per version with the closed-open
      -- period [valid_from, valid_to) in which it was the current one (valid_to of the current
      -- version is the far future). A derived index of record_versions, kept by the store.
      CREATE TABLE record_periods (
        record_id INTEGER NOT NULL,
        version INTEGER NOT NULL,
        entity TEXT NOT NULL,
        valid_from TEXT NOT NULL,
        valid_to TEXT NOT NULL,
        is_deleted INTEGER NOT NULL,
        title TEXT NOT NULL,
        search_key TEXT NOT NULL,
        parent_id INTEGER,
        PRIMARY KEY (record_id, version)
      ) WITHOUT ROWID;
      -- In title order (a page needs no sort), the period in the index so it filters unread rows.
      CREATE INDEX record_periods_by_key ON record_periods(entity, search_key, valid_to, valid_from, is_deleted);
      -- The versions alive at T are those still valid after it: few rows for a recent T.
      CREATE INDEX record_periods_by_end ON record_periods(entity, valid_to, valid_from, is_deleted);
      CREATE INDEX record_periods_by_parent ON record_periods(entity, parent_id, search_key, valid_to, valid_from);
      -- One event per create, update, delete and signature of a record, oldest first (Seq 1, 2…),
      -- each hashed with the previous one's hash (features/audit/audit-chain.ts).
      CREATE TABLE audit_events (
        record_id INTEGER NOT NULL REFERENCES records(record_id),
        seq INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('create', 'update', 'delete', 'sign')),
        version INTEGER NOT NULL,
        entity TEXT NOT NULL,
        user_name TEXT NOT NULL,
        legal_name TEXT NOT NULL,
        at_utc TEXT NOT NULL,
        changes_json TEXT NOT NULL,
        reason TEXT,
        signature TEXT,
        version_hash TEXT NOT NULL,
        prev_hash TEXT NOT NULL,
        hash TEXT NOT NULL,
        PRIMARY KEY (record_id, seq)
      ) WITHOUT ROWID;
      CREATE INDEX audit_events_by_time ON audit_events(at_utc, record_id, seq);
      CREATE INDEX audit_events_by_user ON audit_events(user_name COLLATE NOCASE, at_utc);
      CREATE INDEX audit_events_by_entity ON audit_events(entity, at_utc);
      CREATE TRIGGER audit_events_append_only_update BEFORE UPDATE ON audit_events
      BEGIN SELECT RAISE(ABORT, 'audit events are append-only'); END;
      CREATE TRIGGER audit_events_append_only_delete BEFORE DELETE ON audit_events
      BEGIN SELECT RAISE(ABORT, 'audit events are append-only'); END;
      CREATE TRIGGER audit_events_append_only_insert BEFORE INSERT ON audit_events
      WHEN EXISTS (SELECT 1 FROM audit_events WHERE record_id = NEW.record_id AND seq = NEW.seq)
      BEGIN SELECT RAISE(ABORT, 'audit events are append-only'); END;
    `,
    // Periods of the versions already stored (their index fields are computed as the store does).
    run: backfillRecordPeriods,
  },
  {
    version: 8,
    name: 'a text search at a timepoint reads the period index alone',
    sql: `
      -- With the title, so the count and the page of a text search at T never read the rows
      -- (bench/timetravel-bench.mjs: 1.3–7.2 s → 41–114 ms over 100,000 records × 10 versions).
      DROP INDEX record_periods_by_end;
      CREATE INDEX record_periods_by_end ON record_periods(entity, valid_to, valid_from, is_deleted, search_key);
    `,
  },
];
