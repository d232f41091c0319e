import { AsyncLocalStorage } from 'node:async_hooks';
import type { PgDatabase, PgExecutor } from '../../db/pg';
import { writePgKey } from '../../http/idempotency-store.pg';
import { createPgCommandReads, type PgCommandReads } from './process-command-reads.pg';
import { pgProcessesAt, recordProcessState } from './process-history.pg';
import { type StoreHooks, trackChanges } from './process-store-hooks';
import {
  type EventRow,
  type ProcessRow,
  processChangeColumns,
  type StepRow,
  stepChangeColumns,
  toEvent,
  toProcess,
  toStep,
} from './process-store-rows';
import { PG_PROCESS_ORDER_SQL, type ProcessSummaryRow, toSummary } from './process-summary';
import { OUTER_STORE_IN_TRANSACTION, type ProcessStore } from './processes-store';

/** What a transaction's store throws when called after its transaction is over. */
export const PG_TRANSACTION_OVER = 'The PostgreSQL transaction is over: its store cannot be used.';

/**
 * {@link ProcessStore} on PostgreSQL. A transaction is one `db.transaction` (SERIALIZABLE, re-run
 * from the start on a serialization failure): its store reads and writes on the transaction's
 * connection, and what it changed (which processes, the earliest instant written) is kept per
 * attempt, so a re-run starts clean. At commit it appends the state it left every process it
 * changed in to the history, as of the earliest instant it wrote, else `now` — as on SQLite.
 * Outside a transaction a read runs on the pool and a write is a transaction of its own.
 */
export function createPgProcessStore(db: PgDatabase, now: () => number = Date.now): ProcessStore {
  const commands = createPgCommandReads(db);
  // Which async calls run inside this store's transaction work: the outer store refuses them (it
  // would read or write beside the transaction, on another connection). Other requests' calls
  // meanwhile are not inside it and run on the pool.
  const inside = new AsyncLocalStorage<true>();
  const outerCheck = () => {
    if (inside.getStore()) throw new Error(OUTER_STORE_IN_TRANSACTION);
  };
  const nowIso = () => new Date(now()).toISOString();

  const transaction: ProcessStore['transaction'] = async (work) => {
    outerCheck();
    return db.transaction(async (connection) => {
      // Per attempt: a re-run after a serialization failure starts from nothing changed.
      const changed = trackChanges();
      let open = true;
      const check = () => {
        if (!open) throw new Error(PG_TRANSACTION_OVER);
      };
      const tx: ProcessStore = storeOn(connection, connection, commands, {
        check,
        changes: changed.note,
        transaction: async (inner) => {
          check();
          return inner(tx);
        },
        at: (atIso) => pgProcessesAt(tx, connection, atIso, check),
      });
      try {
        const result = await inside.run(true, () => work(tx));
        check();
        const at = changed.keptAt(nowIso);
        for (const processId of changed.processes) await recordProcessState(connection, processId, at);
        return result;
      } finally {
        open = false;
      }
    });
  };

  const reads = storeOn(db, null, commands, {
    check: outerCheck,
    changes: () => {},
    transaction,
    at: (atIso) => pgProcessesAt(outer, db, atIso, outerCheck),
  });
  // A write outside a transaction is a transaction of its own: the write and the state it kept
  // in the history commit together.
  const outer: ProcessStore = {
    ...reads,
    insertProcess: (process) => transaction((tx) => tx.insertProcess(process)),
    insertSteps: (processId, phases) => transaction((tx) => tx.insertSteps(processId, phases)),
    updateProcess: (id, change) => transaction((tx) => tx.updateProcess(id, change)),
    updateStep: (id, change) => transaction((tx) => tx.updateStep(id, change)),
    appendEvent: (event) => transaction((tx) => tx.appendEvent(event)),
    saveDocument: (document) => transaction((tx) => tx.saveDocument(document)),
    writeKey: (write) => transaction((tx) => tx.writeKey(write)),
  };
  return outer;
}

/**
 * The store's calls on `on` (`tx` is the transaction's connection, or null on the pool), running
 * `hooks` (see {@link StoreHooks}).
 */
function storeOn(
  on: PgExecutor,
  tx: PgExecutor | null,
  commands: PgCommandReads,
  hooks: StoreHooks,
): ProcessStore {
  const { check, changes } = hooks;
  return {
    transaction: hooks.transaction,
    at: hooks.at,
    async listCommands() {
      check();
      return commands.listCommands(tx);
    },
    async getCommand(id) {
      check();
      return (await commands.listCommands(tx)).find((command) => command.id === id) ?? null;
    },
    async getCommandByName(name) {
      check();
      return (await commands.listCommands(tx)).find((command) => command.name === name) ?? null;
    },
    async getCommandVersion(id, version) {
      check();
      return commands.getCommandVersion(tx, id, version);
    },
    commandsChanged: () => commands.commandsChanged(),
    async insertProcess(process) {
      check();
      const row = await on.one<{ id: number }>(
        `INSERT INTO processes (command_id, command_version, name, parent_process_id, parent_step_id, parent_url, state,
           owner_user_id, created_by, created_at_utc, variables_json, property_bag)
         VALUES ($1, $2, $3, $4, $5, $6, 'open', $7, $8, $9, $10, $11) RETURNING id`,
        [
          process.commandId,
          process.commandVersion,
          process.name,
          process.parentProcessId,
          process.parentStepId,
          process.parentUrl,
          process.ownerUserId,
          process.createdBy,
          process.createdAt,
          process.variablesJson,
          process.propertyBag,
        ],
      );
      const id = row?.id ?? 0;
      changes(id, process.createdAt);
      return id;
    },
    async insertSteps(processId, phases) {
      check();
      // One statement; ids are drawn in the order of the rows, so they rise with the position.
      const rows = await on.many<{ id: number; position: number }>(
        `INSERT INTO process_steps (process_id, position, state, phase)
         SELECT $1, t.n - 1, 'waiting', t.phase FROM unnest($2::text[]) WITH ORDINALITY AS t(phase, n) ORDER BY t.n
         RETURNING id, position`,
        [processId, phases],
      );
      changes(processId, null);
      return rows.sort((a, b) => a.position - b.position).map((row) => row.id);
    },
    async getProcess(id) {
      check();
      const row = await on.one<ProcessRow>('SELECT * FROM processes WHERE id = $1', [id]);
      return row ? toProcess(row) : null;
    },
    async updateProcess(id, change) {
      check();
      const sets = processChangeColumns(change);
      if (sets.length === 0) return;
      const assignments = sets.map(([column], index) => `${column} = $${index + 2}`).join(', ');
      await on.run(`UPDATE processes SET ${assignments} WHERE id = $1`, [
        id,
        ...sets.map(([, value]) => value),
      ]);
      changes(id, null);
    },
    async getStep(id) {
      check();
      const row = await on.one<StepRow>('SELECT * FROM process_steps WHERE id = $1', [id]);
      return row ? toStep(row) : null;
    },
    async listSteps(processId) {
      check();
      return (
        await on.many<StepRow>('SELECT * FROM process_steps WHERE process_id = $1 ORDER BY position', [
          processId,
        ])
      ).map(toStep);
    },
    async updateStep(id, change) {
      check();
      const sets = stepChangeColumns(change);
      const assignments = sets.map(([column], index) => `${column} = $${index + 2}`);
      if (change.bumpRevision) assignments.push('revision = revision + 1');
      if (assignments.length === 0) return;
      const owner = await on.one<{ process_id: number }>(
        `UPDATE process_steps SET ${assignments.join(', ')} WHERE id = $1 RETURNING process_id`,
        [id, ...sets.map(([, value]) => value)],
      );
      if (owner) changes(owner.process_id, null);
    },
    async appendEvent(event) {
      check();
      await on.run(
        `INSERT INTO process_events (process_id, step_id, at_utc, by_user, kind, detail)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [event.processId, event.stepId, event.at, event.by, event.kind, event.detail],
      );
      changes(event.processId, event.at);
    },
    async listEvents(processId, limit) {
      check();
      return (
        await on.many<EventRow>(
          'SELECT * FROM process_events WHERE process_id = $1 ORDER BY id DESC LIMIT $2',
          [processId, limit],
        )
      ).map(toEvent);
    },
    async listSubProcesses(processId) {
      check();
      return on.many('SELECT id, name, state FROM processes WHERE parent_process_id = $1 ORDER BY id', [
        processId,
      ]);
    },
    async listProcesses(options) {
      check();
      const params: unknown[] = [];
      const where: string[] = [];
      if (options.ownerUserId !== null) {
        params.push(options.ownerUserId);
        where.push(`p.owner_user_id = $${params.length}`);
      }
      if (options.state !== null) {
        params.push(options.state);
        where.push(`p.state = $${params.length}`);
      }
      const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
      const direction = options.descending ? 'DESC' : 'ASC';
      const order = `${PG_PROCESS_ORDER_SQL[options.orderBy]} ${direction}, p.id ${direction}`;
      const page = params.length;
      const rows = await on.many<ProcessSummaryRow>(
        `SELECT p.id, p.name, p.command_id, p.command_version, c.name AS command_name, p.parent_process_id, p.state,
           p.current_step_id, s.position AS current_step_position, p.created_by, p.created_at_utc
         FROM processes p JOIN process_commands c ON c.id = p.command_id
         LEFT JOIN process_steps s ON s.id = p.current_step_id
         ${whereSql} ORDER BY ${order} LIMIT $${page + 1} OFFSET $${page + 2}`,
        [...params, options.limit, options.offset],
      );
      const counted = await on.one<{ total: number }>(
        `SELECT count(*) AS total FROM processes p ${whereSql}`,
        params,
      );
      return { total: counted?.total ?? 0, rows: rows.map(toSummary) };
    },
    async writeKey(write) {
      check();
      await writePgKey(on, write);
    },
    async saveDocument(document) {
      check();
      await on.run(
        `INSERT INTO process_documents (step_id, process_id, html, created_at_utc, created_by)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (step_id) DO UPDATE SET html = excluded.html, created_at_utc = excluded.created_at_utc,
           created_by = excluded.created_by`,
        [document.stepId, document.processId, document.html, document.at, document.by],
      );
    },
    async getDocument(stepId) {
      check();
      const row = await on.one<{ process_id: number; html: string }>(
        'SELECT process_id, html FROM process_documents WHERE step_id = $1',
        [stepId],
      );
      return row ? { processId: row.process_id, html: row.html } : null;
    },
  };
}
