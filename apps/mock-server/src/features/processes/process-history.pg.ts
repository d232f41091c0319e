import type { PgExecutor } from '../../db/pg';
import { historyView, type StateRow } from './process-history-view';
import type { EventRow } from './process-store-rows';
import { PG_PROCESS_ORDER_SQL, type ProcessSummaryRow, toSummary } from './process-summary';
import type { ProcessStore } from './processes-store';

// process-history.ts on PostgreSQL: every state a process passes through is appended to
// `process_states` in the transaction that made it; a read at T takes the newest state at or
// before T (one seek of `process_states_at`).

/**
 * The shown fields of the steps of process `p`, in order of position, as JSON text: the fields
 * SQLite's json_object keeps, so both engines' kept states parse to the same steps.
 */
const STEPS_JSON = `coalesce((SELECT json_agg(json_build_object('id', s.id, 'position', s.position, 'state', s.state,
    'phase', s.phase, 'answers', s.answers_json, 'subProcessId', s.sub_process_id,
    'completedAt', s.completed_at_utc, 'completedBy', s.completed_by) ORDER BY s.position)
  FROM process_steps AS s WHERE s.process_id = p.id), '[]'::json)::text`;

// The kept steps are compared as jsonb (the same values, however the text was spaced: a state
// copied from SQLite equals one PostgreSQL writes), so an unchanged process keeps no new state.
const RECORD_SQL = `WITH now_state AS (
    SELECT p.id, p.state, p.current_step_id, p.completed_at_utc, ${STEPS_JSON} AS steps_json
    FROM processes AS p WHERE p.id = $1),
  last AS (
    SELECT at_utc, state, current_step_id, completed_at_utc, steps_json FROM process_states
    WHERE process_id = $1 ORDER BY at_utc DESC, id DESC LIMIT 1)
  INSERT INTO process_states (process_id, at_utc, state, current_step_id, completed_at_utc, steps_json)
  SELECT n.id, greatest($2::text COLLATE "C", coalesce((SELECT at_utc FROM last), $2::text COLLATE "C")),
    n.state, n.current_step_id, n.completed_at_utc, n.steps_json
  FROM now_state AS n
  WHERE NOT EXISTS (SELECT 1 FROM last AS l WHERE l.state = n.state
    AND l.current_step_id IS NOT DISTINCT FROM n.current_step_id
    AND l.completed_at_utc IS NOT DISTINCT FROM n.completed_at_utc
    AND l.steps_json::jsonb = n.steps_json::jsonb)`;

/**
 * Appends the process's state now (process and steps) as of `atIso`, unless it equals the last
 * one kept; never earlier than the last one kept. Run on the transaction of the change.
 */
export async function recordProcessState(tx: PgExecutor, processId: number, atIso: string): Promise<void> {
  await tx.run(RECORD_SQL, [processId, atIso]);
}

/**
 * A read-only view of `base` as it was at `atIso`, reading on `on` (the transaction's connection
 * inside one, else the pool); its writes reject. `check` runs before each of its own reads.
 */
export function pgProcessesAt(
  base: ProcessStore,
  on: PgExecutor,
  atIso: string,
  check: () => void,
): ProcessStore {
  return historyView(
    base,
    {
      stateAt: async (id) =>
        (await on.one<StateRow>(
          `SELECT * FROM process_states WHERE process_id = $1 AND at_utc <= $2
           ORDER BY at_utc DESC, id DESC LIMIT 1`,
          [id, atIso],
        )) ?? null,
      processOfStep: async (stepId) =>
        (await on.one<{ process_id: number }>('SELECT process_id FROM process_steps WHERE id = $1', [stepId]))
          ?.process_id ?? null,
      children: async (id) =>
        (
          await on.many<{ id: number }>('SELECT id FROM processes WHERE parent_process_id = $1 ORDER BY id', [
            id,
          ])
        ).map((child) => child.id),
      eventsAt: (id, limit) =>
        on.many<EventRow>(
          `SELECT * FROM process_events WHERE process_id = $1 AND at_utc <= $2
           ORDER BY at_utc DESC, id DESC LIMIT $3`,
          [id, atIso, limit],
        ),
      documentAt: async (stepId) =>
        (await on.one<{ process_id: number; html: string }>(
          `SELECT process_id, html FROM process_document_versions WHERE step_id = $1 AND created_at_utc <= $2
           ORDER BY created_at_utc DESC, id DESC LIMIT 1`,
          [stepId, atIso],
        )) ?? null,
      async listProcessesAt(options) {
        const params: unknown[] = [atIso];
        const where = ['p.created_at_utc <= $1'];
        if (options.ownerUserId !== null) {
          params.push(options.ownerUserId);
          where.push(`p.owner_user_id = $${params.length}`);
        }
        if (options.state !== null) {
          params.push(options.state);
          where.push(`h.state = $${params.length}`);
        }
        // The state at T of each process created by then: one seek each (process_states_at).
        const stateAtT = `JOIN process_states AS h ON h.id = (SELECT id FROM process_states
            WHERE process_id = p.id AND at_utc <= $1 ORDER BY at_utc DESC, id DESC LIMIT 1)`;
        const whereSql = `WHERE ${where.join(' AND ')}`;
        const direction = options.descending ? 'DESC' : 'ASC';
        const column = options.orderBy === 'State' ? 'h.state' : PG_PROCESS_ORDER_SQL[options.orderBy];
        const page = params.length;
        const rows = await on.many<ProcessSummaryRow>(
          `SELECT p.id, p.name, p.command_id, p.command_version, c.name AS command_name, p.parent_process_id, h.state,
             h.current_step_id, s.position AS current_step_position, p.created_by, p.created_at_utc
           FROM processes AS p JOIN process_commands AS c ON c.id = p.command_id ${stateAtT}
           LEFT JOIN process_steps AS s ON s.id = h.current_step_id
           ${whereSql} ORDER BY ${column} ${direction}, p.id ${direction} LIMIT $${page + 1} OFFSET $${page + 2}`,
          [...params, options.limit, options.offset],
        );
        const counted = await on.one<{ total: number }>(
          `SELECT count(*) AS total FROM processes AS p ${stateAtT} ${whereSql}`,
          params,
        );
        return { total: counted?.total ?? 0, rows: rows.map(toSummary) };
      },
    },
    check,
  );
}
