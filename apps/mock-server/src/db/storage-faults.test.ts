import path from 'node:path';
import { ApiErrorBodySchema, RecordSchema, SearchResultSchema } from '@procedo/client-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { command, readResponse, type SignedInServer, startSignedInServer } from '../testing/harness';
import { openSqlite } from './sqlite';

// Faults of the environment, against the real server: another process holding SQLite's write
// lock (a second connection in `BEGIN IMMEDIATE`), and a database that cannot grow (its quota,
// which SQLite enforces exactly as a full disk: SQLITE_FULL). Each test starts its own server and
// waits on real retries: room for a loaded machine.
vi.setConfig({ testTimeout: 30_000 });

let running: SignedInServer | undefined;
afterEach(async () => {
  await running?.server.close();
  running = undefined;
});

const errorBody = async (response: Response) => ApiErrorBodySchema.parse(await response.json());

/** A supplier of the demo database (the first search hit) and its current version. */
async function firstSupplier(signed: SignedInServer) {
  const search = SearchResultSchema.parse(
    await (await signed.supervisor.fetch('api/v1/forms/101/search?text=')).json(),
  );
  const id = search.Rows[0]!.Id;
  return RecordSchema.parse(await (await signed.supervisor.fetch(`api/v1/forms/102/records/${id}`)).json());
}

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

describe('another process holds the write lock', () => {
  it('keeps answering reads of every kind, each extending the session, while the lock is held', async () => {
    running = await startSignedInServer({ writeWaitMs: 200 });
    const { supervisor, operator, server } = running;
    const supplier = await firstSupplier(running);
    const release = holdWriteLock(running);
    try {
      // Every request is activity that moves the idle deadline: the write of it must not stall.
      server.clock.advance(60_000);
      expect((await supervisor.fetch('api/v1/session')).status).toBe(200);
      expect((await operator.fetch(`api/v1/forms/102/records/${supplier.Id}`)).status).toBe(200);
      expect((await supervisor.fetch('api/v1/forms/101/search?text=a')).status).toBe(200);
      expect((await supervisor.fetch('api/v1/user/system/user-processes')).status).toBe(200);
      server.clock.advance(60_000);
      const keepAlive = await readResponse(
        await operator.callback(command({ CommandType: 'Web.Session', CommandName: 'KeepAlive' })),
      );
      expect(keepAlive.status).toBe('OK');
      const keptAlive = await supervisor.json('POST', 'api/v1/session/keep-alive');
      expect(keptAlive.status).toBe(200);
    } finally {
      release();
    }
    // The deadlines answered while locked are stored once the lock is gone.
    const deadline = server.clock.now() + 20 * 60_000;
    const db = openSqlite(path.join(server.dataDir, 'demo.sqlite'));
    try {
      await expect
        .poll(() => (db.prepare('SELECT max(expires_at) AS e FROM sessions').get() as { e: number }).e, {
          timeout: 5000,
        })
        .toBe(deadline);
    } finally {
      db.close();
    }
  });

  it('answers a save 503 DATABASE_BUSY with Retry-After once the wait is over, and changes nothing', async () => {
    running = await startSignedInServer({ writeWaitMs: 200 });
    const { supervisor } = running;
    const supplier = await firstSupplier(running);
    const release = holdWriteLock(running);
    let response: Response;
    try {
      response = await supervisor.json('PUT', `api/v1/forms/102/records/${supplier.Id}`, {
        Version: supplier.Version,
        Values: { Country: 'Locked Land' },
      });
    } finally {
      release();
    }
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
    const body = await errorBody(response);
    expect(body).toMatchObject({ Code: 'DATABASE_BUSY' });
    expect(body.Message).toMatch(/busy: your change was not saved/);
    const after = RecordSchema.parse(
      await (await supervisor.fetch(`api/v1/forms/102/records/${supplier.Id}`)).json(),
    );
    expect(after.Version).toBe(supplier.Version);
    expect(after.Values.Country).toBe(supplier.Values.Country);
    // The same save goes through once the lock is gone: nothing the user typed is lost.
    const retried = await supervisor.json('PUT', `api/v1/forms/102/records/${supplier.Id}`, {
      Version: supplier.Version,
      Values: { Country: 'Locked Land' },
    });
    expect(retried.status).toBe(200);
  });

  it('waits off the request thread: a save started under the lock completes when it is released', async () => {
    running = await startSignedInServer({ writeWaitMs: 10_000 });
    const { supervisor, operator } = running;
    const supplier = await firstSupplier(running);
    const release = holdWriteLock(running);
    const saving = supervisor.json('PUT', `api/v1/forms/102/records/${supplier.Id}`, {
      Version: supplier.Version,
      Values: { Country: 'Patience' },
    });
    try {
      // While the save waits for the lock, the server answers others (a blocking busy wait would
      // stall this read until the save gave up).
      expect((await operator.fetch(`api/v1/forms/102/records/${supplier.Id}`)).status).toBe(200);
    } finally {
      release();
    }
    const saved = await saving;
    expect(saved.status).toBe(200);
    expect(RecordSchema.parse(await saved.json()).Values.Country).toBe('Patience');
  });
});

describe('the database cannot grow (full disk or quota)', () => {
  it('answers writes 507 STORAGE_FULL, keeps reads and sessions working, and saves again once there is room', async () => {
    running = await startSignedInServer();
    const { supervisor, server } = running;
    const supplier = await firstSupplier(running);
    // A quota below the current size: SQLite lets the file grow by no page (SQLITE_FULL).
    await server.restart({ databaseMaxBytes: 1 });
    const big = { Version: supplier.Version, Values: { AuditNotes: 'x'.repeat(20_000) } };
    const refused = await supervisor.json('PUT', `api/v1/forms/102/records/${supplier.Id}`, big);
    expect(refused.status).toBe(507);
    const body = await errorBody(refused);
    expect(body.Code).toBe('STORAGE_FULL');
    expect(body.Message).toMatch(/storage is full: your change was not saved/);

    server.clock.advance(60_000);
    expect((await supervisor.fetch('api/v1/session')).status).toBe(200);
    const read = RecordSchema.parse(
      await (await supervisor.fetch(`api/v1/forms/102/records/${supplier.Id}`)).json(),
    );
    expect(read.Version).toBe(supplier.Version);
    expect((await supervisor.fetch('api/v1/forms/101/search?text=a')).status).toBe(200);
    const keepAlive = await readResponse(
      await supervisor.callback(command({ CommandType: 'Web.Session', CommandName: 'KeepAlive' })),
    );
    expect(keepAlive.status).toBe('OK');

    await server.restart({ databaseMaxBytes: null });
    const saved = await supervisor.json('PUT', `api/v1/forms/102/records/${supplier.Id}`, big);
    expect(saved.status).toBe(200);
  });
});
