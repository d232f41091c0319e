import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer } from '../server';
import { MIGRATIONS } from './migrations';
import { seedIfNeeded } from './seed';
import {
  createAsyncWriter,
  createWriter,
  DatabaseBusyError,
  migrate,
  openSqlite,
  type SqliteDatabase,
  serveRequests,
  YIELD_IN_TRANSACTION,
} from './sqlite';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'procedo-sqlite-test-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('openSqlite', () => {
  it('opens in WAL mode with synchronous FULL and foreign keys on', () => {
    const db = openSqlite(path.join(dir, 'x.sqlite'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2); // 2 = FULL
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    db.close();
  });
});

describe('migrate', () => {
  it('lists the migrations as 1, 2, 3… with no gap and none out of order (a later one would skip an earlier)', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, index) => index + 1));
  });

  it('applies every migration once and nothing on a second run', () => {
    const db = openSqlite(path.join(dir, 'x.sqlite'));
    expect(migrate(db, MIGRATIONS)).toEqual(MIGRATIONS.map((m) => m.version));
    expect(migrate(db, MIGRATIONS)).toEqual([]);
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-1)!.version);
    db.close();
  });

  it('refuses a file written by a newer schema', () => {
    const db = openSqlite(path.join(dir, 'x.sqlite'));
    db.pragma('user_version = 99');
    expect(() => migrate(db, MIGRATIONS)).toThrow(/newer than this server knows/);
    db.close();
  });

  it('rolls back a failing migration and leaves the version where it was', () => {
    const db = openSqlite(path.join(dir, 'x.sqlite'));
    const latest = MIGRATIONS.at(-1)!.version;
    const broken = [
      ...MIGRATIONS,
      { version: latest + 1, name: 'broken', sql: 'CREATE TABLE t (a); SELECT * FROM missing;' },
    ];
    expect(() => migrate(db, broken)).toThrow();
    expect(db.pragma('user_version', { simple: true })).toBe(latest);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 't'").get()).toBeUndefined();
    db.close();
  });
});

describe('seedIfNeeded', () => {
  it('seeds once, hashing passwords with scrypt', async () => {
    const db = openSqlite(path.join(dir, 'x.sqlite'));
    migrate(db, MIGRATIONS);
    expect(await seedIfNeeded(db, 'full', Date.now())).toBe(true);
    expect(await seedIfNeeded(db, 'full', Date.now())).toBe(false);
    const users = db.prepare('SELECT name, password_hash FROM users ORDER BY id').all() as Array<{
      name: string;
      password_hash: string;
    }>;
    expect(users.map((u) => u.name)).toEqual(['supervisor', 'operator', 'translator']);
    for (const user of users) {
      expect(user.password_hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
      expect(user.password_hash).not.toContain('demo');
    }
    expect(users[0]!.password_hash).not.toBe(users[1]!.password_hash);
    db.close();
  });
});

describe('the server databases', () => {
  it('creates one WAL-mode SQLite file per database under dataDir', async () => {
    const server = await startServer({ port: 0, dataDir: dir, logLevel: 'silent', staticDir: null });
    try {
      for (const id of ['demo', 'training']) {
        const db = openSqlite(path.join(dir, `${id}.sqlite`));
        // journal_mode=WAL is stored in the file, so a second connection reads it back.
        expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
        expect(db.prepare('SELECT count(*) AS n FROM users').get()).toEqual({ n: 3 });
        db.close();
      }
    } finally {
      await server.close();
    }
  });
});

describe('createAsyncWriter (a write transaction whose work is async)', () => {
  let db: SqliteDatabase;
  let file: string;
  const values = (connection: SqliteDatabase = db) =>
    (connection.prepare('SELECT v FROM t ORDER BY rowid').all() as { v: string }[]).map((row) => row.v);
  beforeEach(() => {
    file = path.join(dir, 'w.sqlite');
    db = openSqlite(file);
    db.exec('CREATE TABLE t (v TEXT NOT NULL)');
    serveRequests(db);
  });
  afterEach(() => {
    db.close();
  });
  const insert = (v: string) => db.prepare('INSERT INTO t (v) VALUES (?)').run(v);
  /** A store call: its statement runs at once, its promise settles as a microtask. */
  const call = async (v: string) => {
    insert(v);
  };

  it('commits the work, awaiting any number of microtask-settled calls, and resolves to its result', async () => {
    const write = createAsyncWriter(db);
    const result = await write(async (transaction) => {
      for (let n = 0; n < 100; n++) {
        transaction.assertOpen();
        await call(`v${n}`);
      }
      expect(db.inTransaction).toBe(true);
      return 'done';
    });
    expect(result).toBe('done');
    expect(db.inTransaction).toBe(false);
    const reader = openSqlite(file);
    try {
      expect(values(reader)).toHaveLength(100);
    } finally {
      reader.close();
    }
  });

  it('rolls everything back and rejects with the error when the work throws', async () => {
    const write = createAsyncWriter(db);
    const failure = new Error('rule broken');
    await expect(
      write(async () => {
        await call('a');
        await call('b');
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(db.inTransaction).toBe(false);
    expect(values()).toEqual([]);
    // The connection is usable afterwards.
    await write(async () => call('c'));
    expect(values()).toEqual(['c']);
  });

  it('waits off the thread while another connection holds the write lock, then runs the work once', async () => {
    const other = openSqlite(file);
    try {
      other.exec('BEGIN IMMEDIATE');
      const write = createAsyncWriter(db, { waitMs: 5000 });
      let runs = 0;
      const pending = write(async () => {
        runs += 1;
        await call('after the lock');
        return runs;
      });
      // The event loop keeps turning while the write waits: a timer fires before it is done.
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(runs).toBe(0);
      other.exec('COMMIT');
      await expect(pending).resolves.toBe(1);
      expect(values()).toEqual(['after the lock']);
    } finally {
      other.close();
    }
  });

  it('gives up with DatabaseBusyError (the API answers 503) once waitMs has passed, running none of the work', async () => {
    const other = openSqlite(file);
    try {
      other.exec('BEGIN IMMEDIATE');
      const write = createAsyncWriter(db, { waitMs: 20 });
      let runs = 0;
      const error = await write(async () => {
        runs += 1;
      }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DatabaseBusyError);
      expect((error as DatabaseBusyError).code).toBe('SQLITE_BUSY');
      expect(runs).toBe(0);
      expect(db.inTransaction).toBe(false);
      other.exec('ROLLBACK');
    } finally {
      other.close();
    }
  });

  it.each([
    ['a timer', () => new Promise((resolve) => setTimeout(resolve, 1))],
    ['an immediate', () => new Promise((resolve) => setImmediate(resolve))],
    ['I/O', () => import('node:fs/promises').then((fs) => fs.stat(dir))],
  ])(
    'refuses work that yields to the event loop (%s): rolled back at once, nothing of it committed',
    async (_name, yieldToLoop) => {
      const write = createAsyncWriter(db);
      let after: unknown = null;
      const error = await write(async (transaction) => {
        await call('before the yield');
        await yieldToLoop();
        // By now the transaction is gone: another request could have run inside it.
        expect(db.inTransaction).toBe(false);
        try {
          transaction.assertOpen();
        } catch (caught) {
          after = caught;
          throw caught;
        }
        await call('after the yield');
      }).catch((caught: unknown) => caught);
      expect((error as Error).message).toBe(YIELD_IN_TRANSACTION);
      expect((after as Error).message).toBe(YIELD_IN_TRANSACTION);
      expect(db.inTransaction).toBe(false);
      expect(values()).toEqual([]);
    },
  );

  it('refuses work that yields even when it swallows the error of the calls after the yield', async () => {
    const write = createAsyncWriter(db);
    await expect(
      write(async () => {
        await call('before the yield');
        await new Promise((resolve) => setTimeout(resolve, 1));
        return 'looks fine';
      }),
    ).rejects.toThrow(YIELD_IN_TRANSACTION);
    expect(values()).toEqual([]);
  });

  it('runs the sync writer of another store inside the work as part of the transaction (a savepoint)', async () => {
    const write = createAsyncWriter(db);
    const syncWrite = createWriter(db);
    await write(async () => {
      await call('async');
      await syncWrite(() => insert('sync'));
    });
    expect(values()).toEqual(['async', 'sync']);
    // Rolled back with the transaction it joined.
    await expect(
      write(async () => {
        await syncWrite(() => insert('sync, rolled back'));
        throw new Error('later rule broken');
      }),
    ).rejects.toThrow('later rule broken');
    expect(values()).toEqual(['async', 'sync']);
    // A failing sync write rolls back its savepoint only; the work may go on.
    await write(async () => {
      await expect(
        syncWrite(() => {
          insert('inner, undone');
          throw new Error('inner rule');
        }),
      ).rejects.toThrow('inner rule');
      await call('outer kept');
    });
    expect(values()).toEqual(['async', 'sync', 'outer kept']);
  });

  it('makes the transaction handle unusable once the transaction is over', async () => {
    const write = createAsyncWriter(db);
    let kept: { assertOpen(): void } | null = null;
    await write(async (transaction) => {
      kept = transaction;
    });
    expect(() => kept?.assertOpen()).toThrow(/transaction is over/);
  });
});
