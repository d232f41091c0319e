import type { ProcessState, StepState } from '@procedo/client-api';
import { createWriter, type SqliteDatabase, type SqliteWriter } from '../../db/sqlite';
import { createCommandReads } from './process-command-reads';
import type { StepDefinition } from './process-definitions';
import { createProcessHistory } from './process-history';
import { type ProcessRow, STEP_COLUMNS, type StepRow, toProcess, toStep } from './process-store-rows';
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
 * Processes of one database. Unlike the other stores its methods are synchronous: a step call
 * reads the step, checks the rules and writes inside one {@link ProcessStore.transaction}, so no
 * other request can interleave between the check and the write (better-sqlite3 runs on the
 * request's thread), and a failed call writes nothing. Only the transaction waits (for another
 * process's write lock), and it waits off the request thread.
 */
export interface ProcessStore {
  /** Runs `work` (synchronous store calls) as one write transaction; `work` must not await. */
  transaction<T>(work: () => T): Promise<T>;
  listCommands(): CommandRecord[];
  getCommand(id: number): CommandRecord | null;
  getCommandByName(name: string): CommandRecord | null;
  /** A published version of a command (a running process's steps); null for an unknown one. */
  getCommandVersion(id: number, version: number): CommandRecord | null;
  /** Forget the current commands read so far: a new version was published. */
  commandsChanged(): void;
  insertProcess(process: Omit<ProcessRecord, 'id' | 'currentStepId' | 'completedAt' | 'state'>): number;
  /** Inserts the steps of a new process, all `waiting` with the given initial phases; returns their ids in order. */
  insertSteps(processId: number, phases: readonly string[]): number[];
  getProcess(id: number): ProcessRecord | null;
  updateProcess(
    id: number,
    change: Partial<Pick<ProcessRecord, 'state' | 'currentStepId' | 'completedAt'>>,
  ): void;
  getStep(id: number): StepRecord | null;
  /** The steps of a process in order. */
  listSteps(processId: number): StepRecord[];
  updateStep(id: number, change: StepChange): void;
  appendEvent(event: EventRecord): void;
  /** The newest events first. */
  listEvents(processId: number, limit: number): EventRecord[];
  listSubProcesses(processId: number): Pick<ProcessRecord, 'id' | 'name' | 'state'>[];
  listProcesses(options: {
    ownerUserId: number | null;
    state: ProcessState | null;
    orderBy: ProcessOrderColumn;
    descending: boolean;
    offset: number;
    limit: number;
  }): { rows: ProcessSummaryRecord[]; total: number };
  saveDocument(document: { stepId: number; processId: number; html: string; at: string; by: string }): void;
  getDocument(stepId: number): { processId: number; html: string } | null;
  /**
   * A read-only view of the processes as they were at `atIso` (a change made at or before it
   * counts): a process not created yet is not there, and its writes throw.
   */
  at(atIso: string): ProcessStore;
}

/**
 * {@link ProcessStore} on SQLite. Every statement is prepared once and bound with parameters.
 * Each transaction appends the state it left every process it changed in to the history
 * (process-history.ts), as of the earliest instant it wrote (an event's or a creation's time),
 * else `now`.
 */
export function createSqliteProcessStore(
  db: SqliteDatabase,
  write: SqliteWriter = createWriter(db),
  now: () => number = Date.now,
): ProcessStore {
  const history = createProcessHistory(db);
  const changed = new Set<number>();
  let changedAt: string | null = null;
  let inTransaction = false;
  const changes = (processId: number, at: string | null = null) => {
    changed.add(processId);
    if (at !== null && (changedAt === null || at < changedAt)) changedAt = at;
    if (!inTransaction) keepHistory();
  };
  const keepHistory = () => {
    const at = changedAt ?? new Date(now()).toISOString();
    for (const processId of changed) history.record(processId, at);
    changed.clear();
    changedAt = null;
  };
  const insertProcess = db.prepare(
    `INSERT INTO processes (command_id, command_version, name, parent_process_id, parent_step_id, parent_url, state,
       owner_user_id, created_by, created_at_utc, variables_json, property_bag)
     VALUES (@commandId, @commandVersion, @name, @parentProcessId, @parentStepId, @parentUrl, 'open',
       @ownerUserId, @createdBy, @createdAt, @variablesJson, @propertyBag)`,
  );
  const insertStep = db.prepare<[number, number, string]>(
    `INSERT INTO process_steps (process_id, position, state, phase) VALUES (?, ?, 'waiting', ?)`,
  );
  const getProcess = db.prepare<[number], ProcessRow>('SELECT * FROM processes WHERE id = ?');
  const getStep = db.prepare<[number], StepRow>('SELECT * FROM process_steps WHERE id = ?');
  const processOfStep = db.prepare<[number], { process_id: number }>(
    'SELECT process_id FROM process_steps WHERE id = ?',
  );
  const listSteps = db.prepare<[number], StepRow>(
    'SELECT * FROM process_steps WHERE process_id = ? ORDER BY position',
  );
  const appendEvent = db.prepare(
    `INSERT INTO process_events (process_id, step_id, at_utc, by_user, kind, detail)
     VALUES (@processId, @stepId, @at, @by, @kind, @detail)`,
  );
  const listEvents = db.prepare<
    [number, number],
    {
      process_id: number;
      step_id: number | null;
      at_utc: string;
      by_user: string;
      kind: string;
      detail: string | null;
    }
  >('SELECT * FROM process_events WHERE process_id = ? ORDER BY id DESC LIMIT ?');
  const listChildren = db.prepare<[number], { id: number; name: string; state: ProcessState }>(
    'SELECT id, name, state FROM processes WHERE parent_process_id = ? ORDER BY id',
  );
  const saveDocument = db.prepare(
    `INSERT INTO process_documents (step_id, process_id, html, created_at_utc, created_by)
     VALUES (@stepId, @processId, @html, @at, @by)
     ON CONFLICT (step_id) DO UPDATE SET html = excluded.html, created_at_utc = excluded.created_at_utc,
       created_by = excluded.created_by`,
  );
  const getDocument = db.prepare<[number], { process_id: number; html: string }>(
    'SELECT process_id, html FROM process_documents WHERE step_id = ?',
  );
  const updateStatements = new Map<string, ReturnType<SqliteDatabase['prepare']>>();
  const listStatements = new Map<string, ReturnType<SqliteDatabase['prepare']>>();
  const prepared = (cache: Map<string, ReturnType<SqliteDatabase['prepare']>>, sql: string) => {
    let statement = cache.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      cache.set(sql, statement);
    }
    return statement;
  };

  const store: ProcessStore = {
    transaction: (work) =>
      write(() => {
        inTransaction = true;
        try {
          const result = work();
          keepHistory();
          return result;
        } finally {
          inTransaction = false;
          changed.clear();
          changedAt = null;
        }
      }),
    ...createCommandReads(db),
    insertProcess(process) {
      const id = Number(insertProcess.run(process).lastInsertRowid);
      changes(id, process.createdAt);
      return id;
    },
    insertSteps(processId, phases) {
      const ids = phases.map((phase, position) =>
        Number(insertStep.run(processId, position, phase).lastInsertRowid),
      );
      changes(processId);
      return ids;
    },
    getProcess(id) {
      const row = getProcess.get(id);
      return row ? toProcess(row) : null;
    },
    updateProcess(id, change) {
      const sets: string[] = [];
      const values: Record<string, unknown> = { id };
      if (change.state !== undefined) {
        sets.push('state = @state');
        values.state = change.state;
      }
      if (change.currentStepId !== undefined) {
        sets.push('current_step_id = @currentStepId');
        values.currentStepId = change.currentStepId;
      }
      if (change.completedAt !== undefined) {
        sets.push('completed_at_utc = @completedAt');
        values.completedAt = change.completedAt;
      }
      if (sets.length === 0) return;
      prepared(updateStatements, `UPDATE processes SET ${sets.join(', ')} WHERE id = @id`).run(values);
      changes(id);
    },
    getStep(id) {
      const row = getStep.get(id);
      return row ? toStep(row) : null;
    },
    listSteps(processId) {
      return listSteps.all(processId).map(toStep);
    },
    updateStep(id, change) {
      const sets: string[] = [];
      const values: Record<string, unknown> = { id };
      for (const [key, column] of Object.entries(STEP_COLUMNS) as [keyof typeof STEP_COLUMNS, string][]) {
        if (change[key] === undefined) continue;
        sets.push(`${column} = @${key}`);
        values[key] = change[key];
      }
      if (change.bumpRevision) sets.push('revision = revision + 1');
      if (sets.length === 0) return;
      prepared(updateStatements, `UPDATE process_steps SET ${sets.join(', ')} WHERE id = @id`).run(values);
      const owner = processOfStep.get(id);
      if (owner) changes(owner.process_id);
    },
    appendEvent(event) {
      appendEvent.run(event);
      changes(event.processId, event.at);
    },
    listEvents(processId, limit) {
      return listEvents.all(processId, limit).map((row) => ({
        processId: row.process_id,
        stepId: row.step_id,
        at: row.at_utc,
        by: row.by_user,
        kind: row.kind,
        detail: row.detail,
      }));
    },
    listSubProcesses(processId) {
      return listChildren.all(processId);
    },
    listProcesses(options) {
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
      const rows = prepared(
        listStatements,
        `SELECT p.id, p.name, p.command_id, p.command_version, c.name AS command_name, p.parent_process_id, p.state,
           p.current_step_id, s.position AS current_step_position, p.created_by, p.created_at_utc
         FROM processes p JOIN process_commands c ON c.id = p.command_id
         LEFT JOIN process_steps s ON s.id = p.current_step_id
         ${whereSql} ORDER BY ${order} LIMIT @limit OFFSET @offset`,
      ).all(params) as ProcessSummaryRow[];
      const { total } = prepared(listStatements, `SELECT count(*) AS total FROM processes p ${whereSql}`).get(
        Object.fromEntries(Object.entries(params).filter(([key]) => key !== 'limit' && key !== 'offset')),
      ) as { total: number };
      return {
        total,
        rows: rows.map(toSummary),
      };
    },
    saveDocument(document) {
      saveDocument.run(document);
    },
    getDocument(stepId) {
      const row = getDocument.get(stepId);
      return row ? { processId: row.process_id, html: row.html } : null;
    },
    at: (atIso) => history.at(store, atIso),
  };
  return store;
}
