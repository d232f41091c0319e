import path from 'node:path';
import {
  ApiErrorBodySchema,
  CreatableCommandListSchema,
  type Process,
  ProcessSchema,
  StepResultSchema,
} from '@procedo/client-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INTERACTION_TOUR } from '../../db/seed-processes';
import { openSqlite } from '../../db/sqlite';
import { type SignedInServer, startSignedInServer } from '../../testing/harness';

// A step call's transaction (ProcessStore.transaction on SQLite: BEGIN IMMEDIATE, async work,
// COMMIT) against another process holding the database's write lock, on the real server. Each
// test starts its own server and waits on real retries: room for a loaded machine.
vi.setConfig({ testTimeout: 30_000 });

const BASE = 'api/v1/user/system/user-processes';

let running: SignedInServer | undefined;
afterEach(async () => {
  await running?.server.close();
  running = undefined;
});

/** Holds the demo database's write lock from another connection until the returned release runs. */
function holdWriteLock(signed: SignedInServer): () => void {
  const other = openSqlite(path.join(signed.server.dataDir, 'demo.sqlite'));
  other.exec('BEGIN IMMEDIATE');
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    other.exec('COMMIT');
    other.close();
  };
}

async function createTour(signed: SignedInServer): Promise<Process> {
  const commands = CreatableCommandListSchema.parse(
    await (await signed.supervisor.fetch(`${BASE}/lookup/commands/creatable-as-process`)).json(),
  );
  const id = commands.find((c) => c.Name === INTERACTION_TOUR)?.Id;
  const response = await signed.supervisor.json(
    'POST',
    `${BASE}/command/create-process?originatingCommandId=${id}&mode=1`,
    {},
  );
  expect(response.status).toBe(201);
  return ProcessSchema.parse(await response.json());
}

const processNow = async (signed: SignedInServer, id: number) =>
  ProcessSchema.parse(await (await signed.supervisor.fetch(`${BASE}/process/${id}`)).json());

describe('a step call while another process holds the write lock', () => {
  it('answers 503 DATABASE_BUSY once the wait is over and changes nothing; the same call goes through later', async () => {
    running = await startSignedInServer({ writeWaitMs: 200 });
    const tour = await createTour(running);
    const first = tour.AllSteps[0]!.Id;
    const before = await processNow(running, tour.Id);
    const release = holdWriteLock(running);
    let response: Response;
    try {
      response = await running.supervisor.json('POST', `${BASE}/steps/${first}/action/run`, null);
    } finally {
      release();
    }
    expect(response.status).toBe(503);
    expect(ApiErrorBodySchema.parse(await response.json())).toMatchObject({ Code: 'DATABASE_BUSY' });
    const after = await processNow(running, tour.Id);
    expect(after.History).toEqual(before.History);
    expect(after.AllSteps).toEqual(before.AllSteps);
    const retried = await running.supervisor.json('POST', `${BASE}/steps/${first}/action/run`, null);
    expect(retried.status).toBe(200);
    StepResultSchema.parse(await retried.json());
  });

  it('waits off the request thread: a step call started under the lock completes once it is released', async () => {
    running = await startSignedInServer({ writeWaitMs: 10_000 });
    const tour = await createTour(running);
    const release = holdWriteLock(running);
    const resetting = running.supervisor.json('POST', `${BASE}/process/${tour.Id}/reset/hard`, null);
    try {
      // While the call waits for the lock, the server answers others' reads of processes.
      expect((await running.operator.fetch(BASE)).status).toBe(200);
      expect((await running.supervisor.fetch(`${BASE}/process/${tour.Id}`)).status).toBe(200);
    } finally {
      release();
    }
    const reset = await resetting;
    expect(reset.status).toBe(200);
    const after = ProcessSchema.parse(await reset.json());
    expect(after.History[0]?.Kind).toBe('process-reset');
  });
});
