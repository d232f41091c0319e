import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgDatabase, type PgDatabase, type PgExecutor } from '../../db/pg';
import { openParityDatabases, type ParityDatabases } from '../../testing/parity';
import { insertTestProcess } from '../../testing/process-store-parity';
import type { AuthContext } from '../session/session-service';
import { initialPhase } from './process-definitions';
import { createProcessesService } from './processes-service';
import {
  type CommandRecord,
  createSqliteProcessStore,
  OUTER_STORE_IN_TRANSACTION,
  type ProcessStore,
} from './processes-store';
import { createPgProcessStore, PG_TRANSACTION_OVER } from './processes-store.pg';

// The transaction seam on PostgreSQL: one SERIALIZABLE transaction, re-run on a conflict with
// nothing of the lost attempt kept, and step calls of two servers at once that end as one
// after the other would.

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const AT = '2026-02-01T08:00:00.000Z';
let dbs: ParityDatabases;
/** A second pool on the same database: another server. */
let otherServer: PgDatabase;
let pg: ProcessStore;
let pgOther: ProcessStore;
let sqlite: ProcessStore;

beforeAll(async () => {
  dbs = await openParityDatabases('full', NOW);
  otherServer = await openPgDatabase(
    (dbs.pg.pool as unknown as { options: { connectionString: string } }).options.connectionString,
    dbs.pg.schema,
  );
  pg = createPgProcessStore(dbs.pg, () => NOW);
  pgOther = createPgProcessStore(otherServer, () => NOW);
  sqlite = createSqliteProcessStore(dbs.sqlite, {}, () => NOW);
}, 120_000);
afterAll(async () => {
  await otherServer?.close();
  await dbs?.close();
});

const WRITE = /^\s*(INSERT|UPDATE|DELETE|WITH)\b/i;

/**
 * Two servers' databases whose transactions certainly overlap: the first attempt of each holds
 * its first write until every one of them has got that far (so all have read the old state), or
 * has ended. `attempts()` counts the attempts, re-runs after a serialization failure included.
 */
function overlapping(databases: PgDatabase[]) {
  let arrived = 0;
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const arrive = () => {
    arrived++;
    if (arrived >= databases.length) release();
    return gate;
  };
  let attempts = 0;
  const held = databases.map(
    (db): PgDatabase => ({
      ...db,
      transaction: (work, options) => {
        let attempt = 0;
        return db.transaction(async (tx) => {
          attempts++;
          attempt++;
          let waiting = attempt === 1;
          const hold = async (sql: string) => {
            if (waiting && WRITE.test(sql)) {
              waiting = false;
              await arrive();
            }
          };
          const executor: PgExecutor = {
            many: (sql, params) => hold(sql).then(() => tx.many(sql, params)),
            one: (sql, params) => hold(sql).then(() => tx.one(sql, params)),
            run: (sql, params) => hold(sql).then(() => tx.run(sql, params)),
          };
          try {
            return await work(executor);
          } finally {
            if (waiting) {
              waiting = false;
              void arrive();
            }
          }
        }, options);
      },
    }),
  );
  return { held, attempts: () => attempts };
}

const count = async (sql: string, params: unknown[] = []) =>
  (await dbs.pg.one<{ n: number }>(sql, params))?.n ?? 0;
const keptStates = (id: number) =>
  count('SELECT count(*) AS n FROM process_states WHERE process_id = $1', [id]);

const newProcess = (tx: ProcessStore, name: string, commandId: number) =>
  insertTestProcess(tx, { commandId, name, createdAt: AT });

/** A process of `command` whose step at `position` is the active one (the ones before it done). */
async function processAt(store: ProcessStore, command: CommandRecord, position: number) {
  return store.transaction(async (tx) => {
    const id = await tx.insertProcess({
      commandId: command.id,
      commandVersion: command.version,
      name: `${command.name} at ${position}`,
      parentProcessId: null,
      parentStepId: null,
      parentUrl: null,
      ownerUserId: 1,
      createdBy: 'supervisor',
      createdAt: AT,
      variablesJson: '[]',
      propertyBag: null,
    });
    const steps = await tx.insertSteps(id, command.steps.map(initialPhase));
    for (const [index, stepId] of steps.slice(0, position).entries()) {
      await tx.updateStep(stepId, {
        state: 'completed',
        completedAt: AT,
        completedBy: 'supervisor',
        phase: `done ${index}`,
      });
    }
    await tx.updateStep(steps[position]!, { state: 'active' });
    await tx.updateProcess(id, { currentStepId: steps[position]! });
    return { id, stepId: steps[position]! };
  });
}

/** The first command and position whose step starts in `phase`. */
async function stepInPhase(phase: string) {
  for (const command of await pg.listCommands()) {
    const position = command.steps.findIndex((step) => initialPhase(step) === phase);
    if (position >= 0) return { command, position };
  }
  throw new Error(`no seeded step starts in phase ${phase}`);
}

const authOn = (store: ProcessStore) =>
  ({
    database: { stores: { processes: store } },
    user: { id: 1, name: 'supervisor', isSupervisor: true },
    session: {},
  }) as unknown as AuthContext;

/** A call's value, or the AppError code / message it was refused with. */
async function outcome<T>(work: Promise<T>): Promise<{ value: T } | { refused: string }> {
  try {
    return { value: await work };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return { refused: `${typeof code === 'string' ? `${code}: ` : ''}${(error as Error).message}` };
  }
}

describe('ProcessStore.transaction on PostgreSQL', () => {
  it('commits what the work wrote through tx and keeps the state each changed process was left in', async () => {
    const commandId = (await pg.listCommands())[0]!.id;
    const id = await pg.transaction(async (tx) => {
      const created = await newProcess(tx, 'committed', commandId);
      const [first] = await tx.insertSteps(created, ['run', 'run']);
      await tx.updateStep(first!, { state: 'active' });
      await tx.updateProcess(created, { currentStepId: first! });
      expect((await tx.getProcess(created))?.currentStepId).toBe(first);
      return created;
    });
    expect((await pg.listSteps(id)).map((step) => step.state)).toEqual(['active', 'waiting']);
    expect(await dbs.pg.many('SELECT at_utc, state FROM process_states WHERE process_id = $1', [id])).toEqual(
      [{ at_utc: AT, state: 'open' }],
    );
  });

  it('writes nothing at all (process, steps, history) when the work throws', async () => {
    const commandId = (await pg.listCommands())[0]!.id;
    let id = 0;
    await expect(
      pg.transaction(async (tx) => {
        id = await newProcess(tx, 'rolled back', commandId);
        await tx.insertSteps(id, ['run']);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await count('SELECT count(*) AS n FROM processes WHERE name = $1', ['rolled back'])).toBe(0);
    expect(await count('SELECT count(*) AS n FROM process_steps WHERE process_id = $1', [id])).toBe(0);
    expect(await keptStates(id)).toBe(0);
  });

  it('refuses the outer store inside its own transaction, and the transaction store once it is over', async () => {
    const commandId = (await pg.listCommands())[0]!.id;
    let kept: ProcessStore | null = null;
    await expect(
      pg.transaction(async (tx) => {
        kept = tx;
        await newProcess(tx, 'outer inside', commandId);
        return pg.listCommands();
      }),
    ).rejects.toThrow(OUTER_STORE_IN_TRANSACTION);
    await expect(pg.transaction(async () => pg.at(AT).getProcess(1))).rejects.toThrow(
      OUTER_STORE_IN_TRANSACTION,
    );
    await expect(pg.transaction(async () => pg.transaction(async () => 1))).rejects.toThrow(
      OUTER_STORE_IN_TRANSACTION,
    );
    expect(await count('SELECT count(*) AS n FROM processes WHERE name = $1', ['outer inside'])).toBe(0);
    await expect(kept!.getProcess(1)).rejects.toThrow(PG_TRANSACTION_OVER);
    // Another store instance (another request's) is not inside this transaction; nested tx joins it.
    expect(
      await pg.transaction(async (tx) => {
        await pgOther.listCommands();
        return tx.transaction(async (inner) => (await inner.listCommands()).length);
      }),
    ).toBeGreaterThan(0);
  });

  it('keeps the history of the attempt that committed only: a re-run after a conflict starts from nothing changed', async () => {
    const commandId = (await pg.listCommands())[0]!.id;
    const [a, b] = await pg.transaction(async (tx) => {
      const first = await newProcess(tx, 'attempt a', commandId);
      const second = await newProcess(tx, 'attempt b', commandId);
      return [first, second];
    });
    const before = [await keptStates(a!), await keptStates(b!)];
    let attempts = 0;
    await pg.transaction(async (tx) => {
      attempts++;
      if (attempts === 1) {
        // The first attempt changes process a at an early instant, then loses to a concurrent transaction.
        await tx.updateProcess(a!, { state: 'completed', completedAt: AT });
        await tx.appendEvent({
          processId: a!,
          stepId: null,
          at: '2020-01-01T00:00:00.000Z',
          by: 't',
          kind: 'k',
          detail: null,
        });
        throw Object.assign(new Error('could not serialize access'), { code: '40001' });
      }
      await tx.updateProcess(b!, { state: 'completed', completedAt: AT });
    });
    expect(attempts).toBe(2);
    expect((await pg.getProcess(a!))?.state).toBe('open');
    expect([await keptStates(a!), await keptStates(b!)]).toEqual([before[0], before[1]! + 1]);
    // b's new state is kept as of now (the committed attempt wrote no instant), not as of a's event.
    expect(
      await dbs.pg.one(
        'SELECT at_utc, state FROM process_states WHERE process_id = $1 ORDER BY id DESC LIMIT 1',
        [b],
      ),
    ).toEqual({ at_utc: new Date(NOW).toISOString(), state: 'completed' });
    expect(await count('SELECT count(*) AS n FROM process_events WHERE process_id = $1', [a])).toBe(0);
  });

  it('counts a kept state copied from SQLite (compact JSON text) as equal: an unchanged process keeps no new state', async () => {
    const commandId = (await pg.listCommands())[0]!.id;
    const id = await pg.transaction(async (tx) => {
      const created = await newProcess(tx, 'copied state', commandId);
      await tx.insertSteps(created, ['run', 'confirm']);
      return created;
    });
    const last = await dbs.pg.one<Record<string, unknown>>(
      'SELECT * FROM process_states WHERE process_id = $1 ORDER BY id DESC LIMIT 1',
      [id],
    );
    // SQLite's json_group_array(json_object(...)) text: no spaces.
    const compact = JSON.stringify(JSON.parse(String(last!.steps_json)));
    expect(compact).not.toBe(last!.steps_json);
    await dbs.pg.run(
      `INSERT INTO process_states (process_id, at_utc, state, current_step_id, completed_at_utc, steps_json)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [id, '2026-02-02T00:00:00.000Z', last!.state, last!.current_step_id, last!.completed_at_utc, compact],
    );
    const kept = await keptStates(id);
    await pg.updateProcess(id, { state: 'open' });
    expect(await keptStates(id)).toBe(kept);
    await pg.updateProcess(id, { state: 'completed' });
    expect(await keptStates(id)).toBe(kept + 1);
  });
});

describe('step calls of two servers at once on PostgreSQL', () => {
  it('stores one result for the same step call run twice at once, and both callers get that answer', async () => {
    const { command, position } = await stepInPhase('run');
    const service = createProcessesService({ now: () => NOW });
    const { id, stepId } = await processAt(pg, command, position);
    const race = overlapping([dbs.pg, otherServer]);
    const [one, two] = race.held.map((db) => createPgProcessStore(db, () => NOW));
    const events = await count('SELECT count(*) AS n FROM process_events WHERE process_id = $1', [id]);
    const [first, second] = await Promise.all([
      outcome(service.run(authOn(one!), stepId, null)),
      outcome(service.run(authOn(two!), stepId, null)),
    ]);
    // Both read the step before either wrote: one lost and ran again.
    expect(race.attempts()).toBeGreaterThan(2);
    expect(first).toHaveProperty('value');
    expect(second).toEqual(first);
    const step = await pg.getStep(stepId);
    expect(step?.lastRequestKey).toBe('run');
    expect(JSON.parse(step?.lastResultJson ?? 'null')).toEqual((first as { value: unknown }).value);

    // One after the other on SQLite: the same answers, the same events and kept states.
    const onSqlite = await processAt(sqlite, command, position);
    const sqliteEvents = () =>
      (
        dbs.sqlite
          .prepare(
            'SELECT kind, detail, by_user, at_utc FROM process_events WHERE process_id = ? ORDER BY id',
          )
          .all(onSqlite.id) as unknown[]
      ).slice(0);
    const eventsBefore = sqliteEvents().length;
    const oneAfterOther = [
      await outcome(service.run(authOn(sqlite), onSqlite.stepId, null)),
      await outcome(service.run(authOn(sqlite), onSqlite.stepId, null)),
    ];
    // The ids differ between the engines (a re-run transaction spends PostgreSQL ids): name them.
    const named = (value: unknown, processId: number, step: number) =>
      JSON.stringify(value)
        .replaceAll(`"ProcessId":${processId},`, '"ProcessId":P,')
        .replaceAll(`"StepId":${step},`, '"StepId":S,')
        .replaceAll(`id=${processId}&amp;stepid=${step}`, 'id=P&amp;stepid=S')
        .replaceAll(`"ActionState":"${step}.`, '"ActionState":"S.');
    const idsOf = (value: unknown) => named(value, onSqlite.id, onSqlite.stepId);
    const pgIds = (value: unknown) => named(value, id, stepId);
    expect(oneAfterOther.map(idsOf)).toEqual([first, second].map(pgIds));
    expect(
      (
        await dbs.pg.many(
          'SELECT kind, detail, by_user, at_utc FROM process_events WHERE process_id = $1 ORDER BY id',
          [id],
        )
      ).slice(events),
    ).toEqual(sqliteEvents().slice(eventsBefore));
    const states = (rows: unknown[]) => rows.map((row) => ({ ...(row as object), steps_json: undefined }));
    const keptSql = 'SELECT at_utc, state, completed_at_utc FROM process_states WHERE process_id = ';
    expect(states(await dbs.pg.many(`${keptSql}$1 ORDER BY id`, [id]))).toEqual(
      states(dbs.sqlite.prepare(`${keptSql}? ORDER BY id`).all(onSqlite.id)),
    );
  });

  it('gives one success and one out-of-order refusal to two different answers of the same prompt at once', async () => {
    const { command, position } = await stepInPhase('prompt');
    const service = createProcessesService({ now: () => NOW });
    const { id, stepId } = await processAt(pg, command, position);
    const race = overlapping([dbs.pg, otherServer]);
    const [one, two] = race.held.map((db) => createPgProcessStore(db, () => NOW));
    const results = await Promise.all([
      outcome(service.answerPrompt(authOn(one!), stepId, 'first answer')),
      outcome(service.answerPrompt(authOn(two!), stepId, 'second answer')),
    ]);
    expect(race.attempts()).toBeGreaterThan(2);
    const succeeded = results.filter((result) => 'value' in result);
    const refused = results.filter((result) => 'refused' in result);
    expect(succeeded).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect((refused[0] as { refused: string }).refused).toMatch(/^OUT_OF_ORDER: /);
    // The stored answer is the winner's, once; one after the other on SQLite refuses the same way.
    const winner = results[0] === succeeded[0] ? 'first answer' : 'second answer';
    expect((await pg.getStep(stepId))?.answersJson).toContain(winner);
    const onSqlite = await processAt(sqlite, command, position);
    await service.answerPrompt(authOn(sqlite), onSqlite.stepId, winner);
    const loser = winner === 'first answer' ? 'second answer' : 'first answer';
    expect(await outcome(service.answerPrompt(authOn(sqlite), onSqlite.stepId, loser))).toEqual(refused[0]);
    expect((await pg.getStep(stepId))?.answersJson).toBe(
      (await sqlite.getStep(onSqlite.stepId))?.answersJson,
    );
    expect(await count('SELECT count(*) AS n FROM process_events WHERE process_id = $1', [id])).toBe(
      (
        dbs.sqlite
          .prepare('SELECT count(*) AS n FROM process_events WHERE process_id = ?')
          .get(onSqlite.id) as { n: number }
      ).n,
    );
  });
});
