import type { SqliteDatabase } from '../../db/sqlite';
import { historyView, type StateRow } from './process-history-view';
import type { EventRow } from './process-store-rows';
import { PROCESS_ORDER_SQL, type ProcessSummaryRow, toSummary } from './process-summary';
import type { ProcessStore } from './processes-store';

// Time travel of processes (CONTRACT "Time travel"): `processes` and `process_steps` hold the
// state now and are updated in place, so every state they pass through is appended to
// `process_states` (migration 10) in the transaction that made it. A read at T takes the
// newest state written at or before T: one seek of `process_states_at`, however long the history.

/** The shown fields of the steps of process `p`, in order of position, as JSON text. */
const STEPS_JSON = `(SELECT json_group_array(json_object('id', s.id, 'position', s.position, 'state', s.state,
    'phase', s.phase, 'answers', s.answers_json, 'subProcessId', s.sub_process_id,
    'completedAt', s.completed_at_utc, 'completedBy', s.completed_by))
  FROM (SELECT * FROM process_steps WHERE process_id = p.id ORDER BY position) AS s)`;

/** Migration 10: the state of each process stored before it, as of its creation (earlier states were not kept). */
export function backfillProcessStates(db: SqliteDatabase): void {
  db.exec(
    `INSERT INTO process_states (process_id, at_utc, state, current_step_id, completed_at_utc, steps_json)
     SELECT p.id, p.created_at_utc, p.state, p.current_step_id, p.completed_at_utc, ${STEPS_JSON}
     FROM processes AS p ORDER BY p.id`,
  );
}

/** The history of the processes of one database: what the store appends, and the reads at T. */
export interface ProcessHistory {
  /**
   * Appends the process's state now (process and steps) as of `atIso`, unless it equals the
   * last one kept. Never earlier than the last one kept, so the states stay in order however
   * the clock moves. Call inside the transaction of the change.
   */
  record(processId: number, atIso: string): void;
  /**
   * A read-only view of `base` as it was at `atIso`; its writes reject. `check` runs before each
   * of its own reads (the store's rule of when it may be called).
   */
  at(base: ProcessStore, atIso: string, check?: () => void): ProcessStore;
}

/** {@link ProcessHistory} on SQLite. */
export function createProcessHistory(db: SqliteDatabase): ProcessHistory {
  const record = db.prepare<{ id: number; at: string }>(
    `WITH now_state AS (
       SELECT p.id, p.state, p.current_step_id, p.completed_at_utc, ${STEPS_JSON} AS steps_json
       FROM processes AS p WHERE p.id = @id),
     last AS (
       SELECT at_utc, state, current_step_id, completed_at_utc, steps_json FROM process_states
       WHERE process_id = @id ORDER BY at_utc DESC, id DESC LIMIT 1)
     INSERT INTO process_states (process_id, at_utc, state, current_step_id, completed_at_utc, steps_json)
     SELECT n.id, max(@at, coalesce((SELECT at_utc FROM last), @at)), n.state, n.current_step_id,
       n.completed_at_utc, n.steps_json
     FROM now_state AS n
     WHERE NOT EXISTS (SELECT 1 FROM last AS l WHERE l.state = n.state
       AND l.current_step_id IS n.current_step_id AND l.completed_at_utc IS n.completed_at_utc
       AND l.steps_json = n.steps_json)`,
  );
  const stateAt = db.prepare<[number, string], StateRow>(
    `SELECT * FROM process_states WHERE process_id = ? AND at_utc <= ?
     ORDER BY at_utc DESC, id DESC LIMIT 1`,
  );
  const processOfStep = db.prepare<[number], { process_id: number }>(
    'SELECT process_id FROM process_steps WHERE id = ?',
  );
  const children = db.prepare<[number], { id: number }>(
    'SELECT id FROM processes WHERE parent_process_id = ? ORDER BY id',
  );
  const eventsAt = db.prepare<[number, string, number], EventRow>(
    `SELECT * FROM process_events WHERE process_id = ? AND at_utc <= ?
     ORDER BY at_utc DESC, id DESC LIMIT ?`,
  );
  const documentAt = db.prepare<[number, string], { process_id: number; html: string }>(
    `SELECT process_id, html FROM process_document_versions WHERE step_id = ? AND created_at_utc <= ?
     ORDER BY created_at_utc DESC, id DESC LIMIT 1`,
  );
  const listStatements = new Map<string, ReturnType<SqliteDatabase['prepare']>>();
  const prepared = (sql: string) => {
    let statement = listStatements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      listStatements.set(sql, statement);
    }
    return statement;
  };

  return {
    record(processId, atIso) {
      record.run({ id: processId, at: atIso });
    },

    at(base, atIso, check = () => {}) {
      return historyView(
        base,
        {
          stateAt: async (id) => stateAt.get(id, atIso) ?? null,
          processOfStep: async (stepId) => processOfStep.get(stepId)?.process_id ?? null,
          children: async (id) => children.all(id).map((child) => child.id),
          eventsAt: async (id, limit) => eventsAt.all(id, atIso, limit),
          documentAt: async (stepId) => documentAt.get(stepId, atIso) ?? null,
          async listProcessesAt(options) {
            const where = ['p.created_at_utc <= @at'];
            const params: Record<string, unknown> = {
              at: atIso,
              limit: options.limit,
              offset: options.offset,
            };
            if (options.ownerUserId !== null) {
              where.push('p.owner_user_id = @owner');
              params.owner = options.ownerUserId;
            }
            if (options.state !== null) {
              where.push('h.state = @state');
              params.state = options.state;
            }
            // The state at T of each process created by then: one seek each (process_states_at).
            const stateAtT = `JOIN process_states AS h ON h.id = (SELECT id FROM process_states
              WHERE process_id = p.id AND at_utc <= @at ORDER BY at_utc DESC, id DESC LIMIT 1)`;
            const whereSql = `WHERE ${where.join(' AND ')}`;
            const direction = options.descending ? 'DESC' : 'ASC';
            const column = options.orderBy === 'State' ? 'h.state' : PROCESS_ORDER_SQL[options.orderBy];
            const rows = prepared(
              `SELECT p.id, p.name, p.command_id, p.command_version, c.name AS command_name, p.parent_process_id, h.state,
               h.current_step_id, s.position AS current_step_position, p.created_by, p.created_at_utc
             FROM processes AS p JOIN process_commands AS c ON c.id = p.command_id ${stateAtT}
             LEFT JOIN process_steps AS s ON s.id = h.current_step_id
             ${whereSql} ORDER BY ${column} ${direction}, p.id ${direction} LIMIT @limit OFFSET @offset`,
            ).all(params) as ProcessSummaryRow[];
            const { total } = prepared(
              `SELECT count(*) AS total FROM processes AS p ${stateAtT} ${whereSql}`,
            ).get(
              Object.fromEntries(
                Object.entries(params).filter(([key]) => key !== 'limit' && key !== 'offset'),
              ),
            ) as { total: number };
            return { total, rows: rows.map(toSummary) };
          },
        },
        check,
      );
    },
  };
}
