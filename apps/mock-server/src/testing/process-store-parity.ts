import { afterAll, beforeAll, expect } from 'vitest';
import type { SeedKind } from '../db/seed-data';
import {
  createSqliteProcessStore,
  type ProcessRecord,
  type ProcessStore,
} from '../features/processes/processes-store';
import { createPgProcessStore } from '../features/processes/processes-store.pg';
import { openParityDatabases, type ParityDatabases } from './parity';

/** A call's value, or the message it was refused with. */
export type Outcome<T> = { value: T } | { refused: string };

export async function outcomeOf<T>(work: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { value: await work() };
  } catch (error) {
    return { refused: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The SQLite and PostgreSQL process stores on the same seeded data for the tests of a file
 * (opened before them, closed after), with the calls that compare their answers.
 */
export function useProcessStoreParity(kind: SeedKind, now: number) {
  const parity = {
    dbs: undefined as unknown as ParityDatabases,
    sqlite: undefined as unknown as ProcessStore,
    pg: undefined as unknown as ProcessStore,
    /** Runs `call` on the SQLite store, then on the PostgreSQL one: the same outcome. */
    async sameOutcome<T>(call: (store: ProcessStore) => Promise<T>): Promise<Outcome<T>> {
      const expected = await outcomeOf(() => call(parity.sqlite));
      expect(await outcomeOf(() => call(parity.pg))).toEqual(expected);
      return expected;
    },
    /** {@link sameOutcome} of a call that must succeed: its value. */
    async same<T>(call: (store: ProcessStore) => Promise<T>): Promise<T> {
      const expected = await parity.sameOutcome(call);
      if ('refused' in expected) throw new Error(`refused on both: ${expected.refused}`);
      return expected.value;
    },
    /** The ids of every process, in id order. */
    async processIds(): Promise<number[]> {
      const list = await parity.sqlite.listProcesses({
        ownerUserId: null,
        state: null,
        orderBy: 'Id',
        descending: false,
        offset: 0,
        limit: 100_000,
      });
      return list.rows.map((row) => row.id);
    },
  };
  beforeAll(async () => {
    parity.dbs = await openParityDatabases(kind, now);
    parity.sqlite = createSqliteProcessStore(parity.dbs.sqlite, {}, () => now);
    parity.pg = createPgProcessStore(parity.dbs.pg, () => now);
  }, 120_000);
  afterAll(async () => {
    await parity.dbs?.close();
  });
  return parity;
}

/** Inserts a top-level process of `commandId` (version 1, owner 1, by `test`), created at `createdAt`. */
export const insertTestProcess = (
  store: ProcessStore,
  fields: Pick<ProcessRecord, 'commandId' | 'name' | 'createdAt'>,
) =>
  store.insertProcess({
    commandVersion: 1,
    parentProcessId: null,
    parentStepId: null,
    parentUrl: null,
    ownerUserId: 1,
    createdBy: 'test',
    variablesJson: '[]',
    propertyBag: null,
    ...fields,
  });
