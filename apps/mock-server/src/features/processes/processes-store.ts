import type { ProcessState, StepState } from '@procedo/client-api';
import { createAsyncWriter, type SqliteAsyncWriter, type SqliteDatabase } from '../../db/sqlite';
import type { KeyWrite } from '../../http/idempotency-store';
import { type CommandReads, createCommandReads } from './process-command-reads';
import type { StepDefinition } from './process-definitions';
import { createProcessHistory } from './process-history';
import { type StoreHooks, trackChanges } from './process-store-hooks';
import { processChangeColumns, stepChangeColumns, toEvent, toProcess, toStep } from './process-store-rows';
import { type ProcessStatements, prepareStatements } from './process-store-statements';
import { PROCESS_ORDER_SQL, type ProcessSummaryRow, toSummary } from './process-summary';

/** A process command with its step definitions. */
export interface CommandRecord {
  id: number;
  name: string;
  description: string;
  openFlow: boolean;
  start: boolean;
  askName: boolean;
  steps: StepDefinition[];
  /** Which published version these fields and steps are (`process_command_versions`). */
  version: number;
}

/** A stored process. */
export interface ProcessRecord {
  id: number;
  commandId: number;
  /** The command's version the process was created with: it runs that version's steps. */
  commandVersion: number;
  name: string;
  parentProcessId: number | null;
  parentStepId: number | null;
  parentUrl: string | null;
  state: ProcessState;
  currentStepId: number | null;
  ownerUserId: number;
  createdBy: string;
  createdAt: string;
  completedAt: string | null;
  /** `[{ Name, Value }]` of the create payload. */
  variablesJson: string;
  propertyBag: string | null;
}

/** A stored step of a process. */
export interface StepRecord {
  id: number;
  processId: number;
  position: number;
  state: StepState;
  /** What the step waits for next (see processes-service). */
  phase: string;
  revision: number;
  answersJson: string;
  dataJson: string | null;
  subProcessId: number | null;
  lastRequestKey: string | null;
  lastResultJson: string | null;
  completedAt: string | null;
  completedBy: string | null;
}

/** A history entry. */
export interface EventRecord {
  processId: number;
  stepId: number | null;
  at: string;
  by: string;
  kind: string;
  detail: string | null;
}

/** A row of the process list. */
export interface ProcessSummaryRecord {
  id: number;
  name: string;
  commandId: number;
  commandVersion: number;
  commandName: string;
  parentProcessId: number | null;
  state: ProcessState;
  currentStepId: number | null;
  currentStepPosition: number | null;
  createdBy: string;
  createdAt: string;
}

/** Columns the process list sorts on (mapped to SQL here, never interpolated from input). */
export type ProcessOrderColumn = 'Id' | 'Name' | 'CommandName' | 'State' | 'CreatedAtUtc';

/** What a step change writes; only the given fields change. */
export type StepChange = Partial<
  Pick<
    StepRecord,
    | 'state'
    | 'phase'
    | 'answersJson'
    | 'dataJson'
    | 'subProcessId'
    | 'lastRequestKey'
    | 'lastResultJson'
    | 'completedAt'
    | 'completedBy'
  >
> & {
  /** Move the revision on (every change of phase, answers or state does). */
  bumpRevision?: boolean;
};

/**
 * Processes of one database. A step call reads the step, checks the rules and writes inside one
 * {@link ProcessStore.transaction}, so no other request can interleave between the check and the
 * write, and a failed call writes nothing.
 *
 * The transaction contract (what every engine implements; the seam of issue 15):
 * - `transaction(work)` runs `work(tx)` as one write transaction and resolves to its result once
 *   committed; a throw rolls everything back and rejects with it.
 * - Inside the work every read and write goes through `tx`; the outer store refuses calls while
 *   its transaction is open (it would read or write outside the transaction).
 * - The work may be RUN AGAIN from the start (PostgreSQL runs it SERIALIZABLE and retries a
 *   serialization failure), so it has no side effect outside the database: no in-memory cache,
 *   log line, file or outside call, unless it is safe to repeat. Do those after the transaction.
 * - The work awaits only `tx` calls: SQLite serves every request on one connection, so a yield
 *   to the event loop (a timer, I/O, an outside call) would let another request run inside the
 *   open transaction; the SQLite store rolls such work back and throws. (A sync write of another
 *   SQLite store inside the work joins the transaction as a savepoint; other engines need not
 *   offer that, so the services do not rely on it.)
 */
export interface ProcessStore {
  /** Runs `work` as one write transaction (see the contract above). Inside the work, `tx.transaction` joins it. */
  transaction<T>(work: (tx: ProcessStore) => Promise<T>): Promise<T>;
  listCommands(): Promise<CommandRecord[]>;
  getCommand(id: number): Promise<CommandRecord | null>;
  getCommandByName(name: string): Promise<CommandRecord | null>;
  /** A published version of a command (a running process's steps); null for an unknown one. */
  getCommandVersion(id: number, version: number): Promise<CommandRecord | null>;
  /** Forget the current commands read so far: a new version was published. */
  commandsChanged(): void;
  insertProcess(
    process: Omit<ProcessRecord, 'id' | 'currentStepId' | 'completedAt' | 'state'>,
  ): Promise<number>;
  /** Inserts the steps of a new process, all `waiting` with the given initial phases; returns their ids in order. */
  insertSteps(processId: number, phases: readonly string[]): Promise<number[]>;
  getProcess(id: number): Promise<ProcessRecord | null>;
  updateProcess(
    id: number,
    change: Partial<Pick<ProcessRecord, 'state' | 'currentStepId' | 'completedAt'>>,
  ): Promise<void>;
  getStep(id: number): Promise<StepRecord | null>;
  /** The steps of a process in order. */
  listSteps(processId: number): Promise<StepRecord[]>;
  updateStep(id: number, change: StepChange): Promise<void>;
  appendEvent(event: EventRecord): Promise<void>;
  /** The newest events first. */
  listEvents(processId: number, limit: number): Promise<EventRecord[]>;
  listSubProcesses(processId: number): Promise<Pick<ProcessRecord, 'id' | 'name' | 'state'>[]>;
  listProcesses(options: {
    ownerUserId: number | null;
    state: ProcessState | null;
    orderBy: ProcessOrderColumn;
    descending: boolean;
    offset: number;
    limit: number;
  }): Promise<{ rows: ProcessSummaryRecord[]; total: number }>;
  saveDocument(document: {
    stepId: number;
    processId: number;
    html: string;
    at: string;
    by: string;
  }): Promise<void>;
  getDocument(stepId: number): Promise<{ processId: number; html: string } | null>;
  /**
   * Makes an `Idempotency-Key`'s write (its answer) inside a transaction, so it commits with the
   * process the transaction creates.
   */
  writeKey(write: KeyWrite): Promise<void>;
  /**
   * A read-only view of the processes as they were at `atIso` (a change made at or before it
   * counts): a process not created yet is not there, and its writes reject.
   */
  at(atIso: string): ProcessStore;
}

/** What the outer store throws when called while its transaction is open. */
export const OUTER_STORE_IN_TRANSACTION =
  'The process store was called while its transaction is open: inside the work use the transaction store (tx) only.';

/**
 * {@link ProcessStore} on SQLite. Every statement is prepared once and bound with parameters; a
 * call runs its statements synchronously, so its promise settles as a microtask (the work of a
 * transaction never yields: see {@link createAsyncWriter}). Each transaction appends the state it
 * left every process it changed in to the history (process-history.ts), as of the earliest
 * instant it wrote (an event's or a creation's time), else `now`. `writer` is the transactions'
 * writer, or how long they wait for another connection's write lock.
 */
export function createSqliteProcessStore(
  db: SqliteDatabase,
  writer: SqliteAsyncWriter | { waitMs?: number } = {},
  now: () => number = Date.now,
): ProcessStore {
  const write = typeof writer === 'function' ? writer : createAsyncWriter(db, writer);
  const history = createProcessHistory(db);
  const statements = prepareStatements(db);
  const commands = createCommandReads(db);
  let open = false;
  const outerCheck = () => {
    if (open) throw new Error(OUTER_STORE_IN_TRANSACTION);
  };

  const outer: ProcessStore = storeOn(statements, commands, {
    check: outerCheck,
    // A write outside a transaction (autocommit) keeps its history at once.
    changes: (processId, at) => history.record(processId, at ?? new Date(now()).toISOString()),
    transaction: async (work) => {
      outerCheck();
      return write(async (transaction) => {
        const changed = trackChanges();
        const tx: ProcessStore = storeOn(statements, commands, {
          check: () => transaction.assertOpen(),
          changes: changed.note,
          transaction: async (inner) => {
            transaction.assertOpen();
            return inner(tx);
          },
          at: (atIso) => history.at(tx, atIso, () => transaction.assertOpen()),
        });
        open = true;
        try {
          const result = await work(tx);
          transaction.assertOpen();
          const at = changed.keptAt(() => new Date(now()).toISOString());
          for (const processId of changed.processes) history.record(processId, at);
          return result;
        } finally {
          open = false;
        }
      });
    },
    at: (atIso) => history.at(outer, atIso, outerCheck),
  });
  return outer;
}

/** The store's calls on `statements`, running `hooks` (see {@link StoreHooks}). */
function storeOn(statements: ProcessStatements, commands: CommandReads, hooks: StoreHooks): ProcessStore {
  const { check, changes } = hooks;
  return {
    transaction: hooks.transaction,
    at: hooks.at,
    async listCommands() {
      check();
      return commands.listCommands();
    },
    async getCommand(id) {
      check();
      return commands.getCommand(id);
    },
    async getCommandByName(name) {
      check();
      return commands.getCommandByName(name);
    },
    async getCommandVersion(id, version) {
      check();
      return commands.getCommandVersion(id, version);
    },
    commandsChanged: () => commands.commandsChanged(),
    async insertProcess(process) {
      check();
      const id = Number(statements.insertProcess.run(process).lastInsertRowid);
      changes(id, process.createdAt);
      return id;
    },
    async insertSteps(processId, phases) {
      check();
      const ids = phases.map((phase, position) =>
        Number(statements.insertStep.run(processId, position, phase).lastInsertRowid),
      );
      changes(processId, null);
      return ids;
    },
    async getProcess(id) {
      check();
      const row = statements.getProcess.get(id);
      return row ? toProcess(row) : null;
    },
    async updateProcess(id, change) {
      check();
      const sets = processChangeColumns(change);
      if (sets.length === 0) return;
      const assignments = sets.map(([column]) => `${column} = ?`).join(', ');
      statements
        .update(`UPDATE processes SET ${assignments} WHERE id = ?`)
        .run([...sets.map(([, value]) => value), id]);
      changes(id, null);
    },
    async getStep(id) {
      check();
      const row = statements.getStep.get(id);
      return row ? toStep(row) : null;
    },
    async listSteps(processId) {
      check();
      return statements.listSteps.all(processId).map(toStep);
    },
    async updateStep(id, change) {
      check();
      const sets = stepChangeColumns(change);
      const assignments = sets.map(([column]) => `${column} = ?`);
      if (change.bumpRevision) assignments.push('revision = revision + 1');
      if (assignments.length === 0) return;
      statements
        .update(`UPDATE process_steps SET ${assignments.join(', ')} WHERE id = ?`)
        .run([...sets.map(([, value]) => value), id]);
      const owner = statements.processOfStep.get(id);
      if (owner) changes(owner.process_id, null);
    },
    async appendEvent(event) {
      check();
      statements.appendEvent.run(event);
      changes(event.processId, event.at);
    },
    async listEvents(processId, limit) {
      check();
      return statements.listEvents.all(processId, limit).map(toEvent);
    },
    async listSubProcesses(processId) {
      check();
      return statements.listChildren.all(processId);
    },
    async listProcesses(options) {
      check();
      const where: string[] = [];
      const params: Record<string, unknown> = { limit: options.limit, offset: options.offset };
      if (options.ownerUserId !== null) {
        where.push('p.owner_user_id = @owner');
        params.owner = options.ownerUserId;
      }
      if (options.state !== null) {
        where.push('p.state = @state');
        params.state = options.state;
      }
      const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
      const direction = options.descending ? 'DESC' : 'ASC';
      const order = `${PROCESS_ORDER_SQL[options.orderBy]} ${direction}, p.id ${direction}`;
      const rows = statements
        .list(
          `SELECT p.id, p.name, p.command_id, p.command_version, c.name AS command_name, p.parent_process_id, p.state,
             p.current_step_id, s.position AS current_step_position, p.created_by, p.created_at_utc
           FROM processes p JOIN process_commands c ON c.id = p.command_id
           LEFT JOIN process_steps s ON s.id = p.current_step_id
           ${whereSql} ORDER BY ${order} LIMIT @limit OFFSET @offset`,
        )
        .all(params) as ProcessSummaryRow[];
      const { total } = statements
        .list(`SELECT count(*) AS total FROM processes p ${whereSql}`)
        .get(
          Object.fromEntries(Object.entries(params).filter(([key]) => key !== 'limit' && key !== 'offset')),
        ) as { total: number };
      return { total, rows: rows.map(toSummary) };
    },
    async saveDocument(document) {
      check();
      statements.saveDocument.run(document);
    },
    async getDocument(stepId) {
      check();
      const row = statements.getDocument.get(stepId);
      return row ? { processId: row.process_id, html: row.html } : null;
    },
    async writeKey(write) {
      check();
      statements.keyWrite(write);
    },
  };
}
