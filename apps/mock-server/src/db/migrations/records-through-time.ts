import { backfillProcessStates } from '../../features/processes/process-history';
import { backfillPeriodNodes } from '../../features/records/record-periods';
import type { Migration } from '../sqlite';

/** Migrations 9–13: time travel's interval tree, process history, the audit trail, signing. */
export const RECORDS_THROUGH_TIME_MIGRATIONS: readonly Migration[] = [
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
];
