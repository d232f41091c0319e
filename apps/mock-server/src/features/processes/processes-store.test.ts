import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../db/migrations';
import { seedProcessesIfNeeded } from '../../db/seed-processes';
import {
  createWriter,
  migrate,
  openSqlite,
  type SqliteDatabase,
  serveRequests,
  YIELD_IN_TRANSACTION,
} from '../../db/sqlite';
import { insertTestProcess } from '../../testing/process-store-parity';
import { createSqliteProcessStore, OUTER_STORE_IN_TRANSACTION, type ProcessStore } from './processes-store';

let dir: string;
let db: SqliteDatabase;
let store: ProcessStore;
let commandId: number;
const AT = '2026-01-02T03:04:05.000Z';

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'procedo-process-store-'));
  db = openSqlite(path.join(dir, 'store.sqlite'));
  migrate(db, MIGRATIONS);
  seedProcessesIfNeeded(db, 'small', Date.now());
  serveRequests(db);
  store = createSqliteProcessStore(db);
  commandId = (await store.listCommands())[0]?.id ?? 0;
});
afterAll(async () => {
  db.close();
  await rm(dir, { recursive: true, force: true });
});

const newProcess = (tx: ProcessStore, name: string) =>
  insertTestProcess(tx, { commandId, name, createdAt: AT });
const count = (sql: string, ...params: unknown[]) => (db.prepare(sql).get(...params) as { n: number }).n;
const processesNamed = (name: string) => count('SELECT count(*) AS n FROM processes WHERE name = ?', name);
const keptStates = (id: number) => count('SELECT count(*) AS n FROM process_states WHERE process_id = ?', id);

describe('ProcessStore.transaction on SQLite', () => {
  it('commits what the work wrote through tx, and keeps the state each changed process was left in', async () => {
    const id = await store.transaction(async (tx) => {
      const created = await newProcess(tx, 'committed');
      const [first] = await tx.insertSteps(created, ['run', 'run']);
      await tx.updateStep(first ?? 0, { state: 'active' });
      await tx.updateProcess(created, { currentStepId: first ?? null });
      // The work reads its own writes.
      expect((await tx.getProcess(created))?.currentStepId).toBe(first);
      return created;
    });
    const process = await store.getProcess(id);
    expect(process?.name).toBe('committed');
    expect((await store.listSteps(id)).map((s) => s.state)).toEqual(['active', 'waiting']);
    // One kept state, at the process's creation (the earliest instant the transaction wrote).
    expect(db.prepare('SELECT at_utc, state FROM process_states WHERE process_id = ?').all(id)).toEqual([
      { at_utc: AT, state: 'open' },
    ]);
  });

  it('writes nothing at all (process, steps, history) when the work throws', async () => {
    let id = 0;
    await expect(
      store.transaction(async (tx) => {
        id = await newProcess(tx, 'rolled back');
        await tx.insertSteps(id, ['run']);
        throw new Error('a rule is broken');
      }),
    ).rejects.toThrow('a rule is broken');
    expect(processesNamed('rolled back')).toBe(0);
    expect(count('SELECT count(*) AS n FROM process_steps WHERE process_id = ?', id)).toBe(0);
    expect(keptStates(id)).toBe(0);
  });

  it('refuses every call of the outer store while its transaction is open (only tx may be used)', async () => {
    const refused: string[] = [];
    const calls: [string, () => Promise<unknown>][] = [
      ['getProcess', () => store.getProcess(1)],
      ['getStep', () => store.getStep(1)],
      ['listSteps', () => store.listSteps(1)],
      ['listCommands', () => store.listCommands()],
      ['getCommandVersion', () => store.getCommandVersion(commandId, 1)],
      ['updateStep', () => store.updateStep(1, { bumpRevision: true })],
      [
        'appendEvent',
        () => store.appendEvent({ processId: 1, stepId: null, at: AT, by: 't', kind: 'k', detail: null }),
      ],
      ['insertProcess', () => newProcess(store, 'from the outer store')],
      [
        'listProcesses',
        () =>
          store.listProcesses({
            ownerUserId: null,
            state: null,
            orderBy: 'Id',
            descending: false,
            offset: 0,
            limit: 1,
          }),
      ],
      ['transaction', () => store.transaction(async () => 'nested')],
      ['at(T).getProcess', () => store.at(AT).getProcess(1)],
    ];
    await store.transaction(async (tx) => {
      await newProcess(tx, 'kept while the outer store refuses');
      for (const [name, call] of calls) {
        const error = await call().then(
          () => null,
          (caught: unknown) => caught,
        );
        if ((error as Error | null)?.message === OUTER_STORE_IN_TRANSACTION) refused.push(name);
      }
    });
    expect(refused).toEqual(calls.map(([name]) => name));
    expect(processesNamed('from the outer store')).toBe(0);
    expect(processesNamed('kept while the outer store refuses')).toBe(1);
    // Once the transaction is over the outer store answers again.
    expect(await store.getProcess(1)).not.toBeNull();
  });

  it('rolls the transaction back when the work lets the outer store’s refusal through', async () => {
    await expect(
      store.transaction(async (tx) => {
        const id = await newProcess(tx, 'used the outer store');
        return store.getProcess(id);
      }),
    ).rejects.toThrow(OUTER_STORE_IN_TRANSACTION);
    expect(processesNamed('used the outer store')).toBe(0);
  });

  it('refuses a tx kept past its transaction', async () => {
    let kept: ProcessStore | null = null;
    await store.transaction(async (tx) => {
      kept = tx;
    });
    await expect((kept as unknown as ProcessStore).getProcess(1)).rejects.toThrow(/transaction is over/);
  });

  it('refuses work that yields to the event loop and commits nothing of it, history included', async () => {
    let id = 0;
    await expect(
      store.transaction(async (tx) => {
        id = await newProcess(tx, 'yielded');
        await new Promise((resolve) => setTimeout(resolve, 1));
        await tx.insertSteps(id, ['run']);
      }),
    ).rejects.toThrow(YIELD_IN_TRANSACTION);
    expect(processesNamed('yielded')).toBe(0);
    expect(keptStates(id)).toBe(0);
    expect(db.inTransaction).toBe(false);
  });

  it('lets the work use another store’s sync writer, which joins the transaction (and its rollback)', async () => {
    db.exec('CREATE TABLE IF NOT EXISTS other_store (v TEXT NOT NULL)');
    const otherWrite = createWriter(db);
    const insertOther = db.prepare('INSERT INTO other_store (v) VALUES (?)');
    await store.transaction(async (tx) => {
      await newProcess(tx, 'with another store');
      await otherWrite(() => insertOther.run('committed with the process'));
    });
    await expect(
      store.transaction(async (tx) => {
        await newProcess(tx, 'with another store, rolled back');
        await otherWrite(() => insertOther.run('rolled back with the process'));
        throw new Error('later rule');
      }),
    ).rejects.toThrow('later rule');
    expect(db.prepare('SELECT v FROM other_store').all()).toEqual([{ v: 'committed with the process' }]);
    expect(processesNamed('with another store')).toBe(1);
    expect(processesNamed('with another store, rolled back')).toBe(0);
  });

  it('joins a tx.transaction inside the work to the open transaction', async () => {
    await expect(
      store.transaction(async (tx) => {
        await tx.transaction(async (inner) => newProcess(inner, 'inner'));
        throw new Error('outer fails');
      }),
    ).rejects.toThrow('outer fails');
    expect(processesNamed('inner')).toBe(0);
  });
});
