import { backfillProcessStates } from '../features/processes/process-history';
import { backfillPeriodNodes, backfillRecordPeriods } from '../features/records/record-periods';
import { SEEDED_SORT_COLUMNS, sortIndexSql } from '../features/records/search-sort';
import { addSearchForms } from './search-form-seed-data';
import type { Migration } from './sqlite';

/** Migration 14's schema change (also run by 17 where 14 was skipped). */
const CURRENT_VALUES_SQL = `
      -- The current values beside the current pointer, written in the same transaction as the
      -- version, so a sort or a condition on a value reads one row per record and an expression
      -- index can order by it.
      ALTER TABLE records ADD COLUMN current_values_json TEXT NOT NULL DEFAULT '{}';
      UPDATE records SET current_values_json = (
        SELECT v.values_json FROM record_versions v
        WHERE v.record_id = records.record_id AND v.version = records.current_version
      );
      ${SEEDED_SORT_COLUMNS.map(sortIndexSql).join('\n      ')}
    `;

/** The schema, as ordered migrations. Append new ones; never edit a shipped one. */
export const MIGRATIONS: readonly Migration[] = [
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
  {
    version: 9,
    name: 'time travel: the periods alive at T through an interval tree',
    sql: `
      -- The fork node of each period in a Relational Interval Tree (features/records/record-periods.ts):
      -- the periods alive at T are two index ranges at each of the ≤ 49 nodes on the way down to
      -- T, so a search at T reads the records of T, not every version before or after it (a range
      -- on valid_to alone reads every period that ends after T: most of them for an early T).
      -- NULL for an empty period (replaced in the same millisecond), alive at no instant.
      ALTER TABLE record_periods ADD COLUMN node INTEGER;
      DROP INDEX record_periods_by_end;
      -- Nodes left of T: alive when they end after T. Nodes right of T: when they start by T.
      CREATE INDEX record_periods_left ON record_periods(entity, is_deleted, node, valid_to, search_key);
      CREATE INDEX record_periods_right ON record_periods(entity, is_deleted, node, valid_from, search_key);
    `,
    run: backfillPeriodNodes,
  },
  {
    version: 10,
    name: 'time travel: every state of every process and its steps; report documents and events by time',
    sql: `
      -- Each state a process and its steps were in, appended in the transaction of every change
      -- (features/processes/process-history.ts): the process as of T is one seek of the index.
      -- steps_json holds the steps' shown fields in order of position.
      CREATE TABLE process_states (
        id INTEGER PRIMARY KEY,
        process_id INTEGER NOT NULL REFERENCES processes(id),
        at_utc TEXT NOT NULL,
        state TEXT NOT NULL,
        current_step_id INTEGER,
        completed_at_utc TEXT,
        steps_json TEXT NOT NULL
      );
      CREATE INDEX process_states_at ON process_states(process_id, at_utc, id);
      CREATE TRIGGER process_states_append_only_update BEFORE UPDATE ON process_states
      BEGIN SELECT RAISE(ABORT, 'process states are append-only'); END;
      CREATE TRIGGER process_states_append_only_delete BEFORE DELETE ON process_states
      BEGIN SELECT RAISE(ABORT, 'process states are append-only'); END;
      CREATE TRIGGER process_states_append_only_insert BEFORE INSERT ON process_states
      WHEN NEW.id IS NOT NULL AND EXISTS (SELECT 1 FROM process_states WHERE id = NEW.id)
      BEGIN SELECT RAISE(ABORT, 'process states are append-only'); END;
      -- A process's history as of T without reading the events after T.
      CREATE INDEX process_events_at ON process_events(process_id, at_utc, id);
      -- process_documents keeps the latest document of a step; every one it held stays here,
      -- whatever writes it.
      CREATE TABLE process_document_versions (
        id INTEGER PRIMARY KEY,
        step_id INTEGER NOT NULL,
        process_id INTEGER NOT NULL,
        html TEXT NOT NULL,
        created_at_utc TEXT NOT NULL,
        created_by TEXT NOT NULL
      );
      CREATE INDEX process_document_versions_at ON process_document_versions(step_id, created_at_utc, id);
      CREATE TRIGGER process_document_versions_append_only_update BEFORE UPDATE ON process_document_versions
      BEGIN SELECT RAISE(ABORT, 'process documents are append-only'); END;
      CREATE TRIGGER process_document_versions_append_only_delete BEFORE DELETE ON process_document_versions
      BEGIN SELECT RAISE(ABORT, 'process documents are append-only'); END;
      CREATE TRIGGER process_document_versions_append_only_insert BEFORE INSERT ON process_document_versions
      WHEN NEW.id IS NOT NULL AND EXISTS (SELECT 1 FROM process_document_versions WHERE id = NEW.id)
      BEGIN SELECT RAISE(ABORT, 'process documents are append-only'); END;
      CREATE TRIGGER process_documents_kept_insert AFTER INSERT ON process_documents
      BEGIN
        INSERT INTO process_document_versions (step_id, process_id, html, created_at_utc, created_by)
        VALUES (NEW.step_id, NEW.process_id, NEW.html, NEW.created_at_utc, NEW.created_by);
      END;
      CREATE TRIGGER process_documents_kept_update AFTER UPDATE ON process_documents
      BEGIN
        INSERT INTO process_document_versions (step_id, process_id, html, created_at_utc, created_by)
        VALUES (NEW.step_id, NEW.process_id, NEW.html, NEW.created_at_utc, NEW.created_by);
      END;
      INSERT INTO process_document_versions (step_id, process_id, html, created_at_utc, created_by)
      SELECT step_id, process_id, html, created_at_utc, created_by FROM process_documents ORDER BY step_id;
    `,
    // The state of each process stored before (its earlier states were not kept): from its creation.
    run: backfillProcessStates,
  },
  {
    version: 11,
    name: 'Administration › Audit trail opens the host’s audit search page',
    sql: `
      -- Form 902 never existed (the node was left out of every served tree); the supervisors'
      -- search across records is the host's /audit page (GET /api/v1/audit).
      UPDATE navigation_nodes SET url = '/audit' WHERE url = '/form?WebTemplateNo=902';
    `,
  },
  {
    version: 12,
    name: 'Part 11 signing: failed-attempt counts per session; security events',
    sql: `
      -- Per session: whether its password was given with a signature (21 CFR 11.200(a)(1)) and the
      -- failed signature attempts in a row; three block signing for the rest of the session.
      CREATE TABLE signing_sessions (
        session_id TEXT PRIMARY KEY,
        password_given INTEGER NOT NULL DEFAULT 0,
        failures INTEGER NOT NULL DEFAULT 0,
        blocked INTEGER NOT NULL DEFAULT 0
      ) WITHOUT ROWID;
      CREATE TRIGGER sessions_signing_cleanup AFTER DELETE ON sessions
      BEGIN DELETE FROM signing_sessions WHERE session_id = OLD.id; END;
      -- Failed signature attempts and blocks (21 CFR 11.300(d)), append-only, newest read first.
      CREATE TABLE security_events (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL CHECK (kind IN ('signature_failed', 'signing_blocked', 'blocked_attempt')),
        cause TEXT CHECK (cause IN ('legal_name', 'password')),
        user_id INTEGER NOT NULL,
        user_name TEXT NOT NULL,
        session_id TEXT NOT NULL,
        address TEXT NOT NULL,
        at_utc TEXT NOT NULL,
        web_template_no INTEGER NOT NULL,
        record_id INTEGER
      );
      CREATE TRIGGER security_events_append_only_update BEFORE UPDATE ON security_events
      BEGIN SELECT RAISE(ABORT, 'security events are append-only'); END;
      CREATE TRIGGER security_events_append_only_delete BEFORE DELETE ON security_events
      BEGIN SELECT RAISE(ABORT, 'security events are append-only'); END;
      -- Databases seeded before this: the supervisors' Administration menu gets the list (a new
      -- database has no menu yet here; its seed brings the entry).
      INSERT INTO navigation_nodes (profile_id, parent_id, position, title, url, description)
      SELECT admin.profile_id, admin.id,
        (SELECT coalesce(max(position), -1) + 1 FROM navigation_nodes WHERE parent_id = admin.id),
        'Security events', '/security-events', 'Failed signature attempts and signing blocks'
      FROM navigation_nodes AS admin
      WHERE admin.parent_id IS NULL AND admin.title = 'Administration'
        AND NOT EXISTS (SELECT 1 FROM navigation_nodes WHERE parent_id = admin.id AND url = '/security-events');
    `,
  },
  {
    version: 13,
    name: 'the newest signature of a record in one seek',
    sql: `
      -- The signature shown beside a record (§11.50): only signed events, newest found first.
      CREATE INDEX audit_events_signed ON audit_events(record_id, seq) WHERE signature IS NOT NULL;
    `,
  },
  {
    version: 14,
    name: 'search pages sorted by any result column',
    sql: CURRENT_VALUES_SQL,
    // A database seeded before: the product, batch and deviation search forms and their navigation.
    run: (db) => addSearchForms(db, new Date().toISOString()),
  },
  {
    version: 15,
    name: 'saved filters of the entity-view filter editor',
    sql: `
      -- A user's named filter of one search form; shared ones (supervisors save them) every user reads.
      CREATE TABLE saved_filters (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        web_template_no INTEGER NOT NULL,
        entity_view_name TEXT NOT NULL DEFAULT '',
        owner_user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        is_shared INTEGER NOT NULL DEFAULT 0 CHECK (is_shared IN (0, 1)),
        name TEXT NOT NULL,
        filter_json TEXT NOT NULL,
        version INTEGER NOT NULL DEFAULT 1,
        created_by TEXT NOT NULL,
        created_at_utc TEXT NOT NULL,
        updated_by TEXT NOT NULL,
        updated_at_utc TEXT NOT NULL,
        UNIQUE (web_template_no, owner_user_id, name)
      );
      CREATE INDEX saved_filters_owner ON saved_filters(web_template_no, owner_user_id);
      CREATE INDEX saved_filters_shared ON saved_filters(web_template_no, is_shared);
    `,
  },
  {
    version: 16,
    name: 'dashboards: definitions as server data, optionally for one profile',
    sql: `
      -- The JSON is a DashboardDefinition (client-api), checked before it is stored.
      CREATE TABLE dashboards (
        id INTEGER PRIMARY KEY,
        title TEXT NOT NULL,
        definition_json TEXT NOT NULL,
        profile_id INTEGER REFERENCES profiles(id)
      );
    `,
  },
  {
    version: 17,
    name: 'migration 14 where a database passed it',
    sql: '',
    // Builds of main carried 15 and 16 before 14 was merged: a database they made has
    // user_version 16 and never ran 14, and every record write now needs its column.
    run: (db) => {
      const columns = db.pragma('table_info(records)') as { name: string }[];
      if (columns.some((column) => column.name === 'current_values_json')) return;
      db.exec(CURRENT_VALUES_SQL);
      addSearchForms(db, new Date().toISOString());
    },
  },
];
