import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IDEMPOTENCY_ABANDONED_MS } from '../http/idempotency';
import { CrashClient, killHard, type ServerLaunch, startServerChild } from './crash-client';
import { withServerSql } from './server-sql';

/**
 * A crash at the worst moment for an `Idempotency-Key`: the server child process is killed
 * (SIGKILL, from inside) the instant the transaction that inserted the created row commits, before
 * it runs another line. Then it is restarted later than the key's abandonment time, and the
 * create is retried with the same key.
 *
 * A preload (`node --import`) does it by wrapping the database drivers, whichever engine runs:
 * better-sqlite3's transactions and `COMMIT`, node-postgres's `COMMIT` (or an insert outside a
 * transaction, which commits by itself). It also moves the server's clock (`Date.now`) forward by
 * `CRASH_CLOCK_OFFSET_MS`, so the restarted server is past the abandonment time.
 */
const PRELOAD = `import { createRequire } from 'node:module';
const require = createRequire(process.env.CRASH_REQUIRE_FROM);
const offset = Number(process.env.CRASH_CLOCK_OFFSET_MS ?? '0');
if (offset !== 0) {
  const real = Date.now;
  Date.now = () => real() + offset;
}
const table = process.env.CRASH_AFTER_CREATE;
if (table) {
  const creates = new RegExp('^\\\\s*INSERT INTO ' + table + '\\\\s*\\\\(', 'i');
  const die = () => process.kill(process.pid, 'SIGKILL');
  // Seeding inserts rows too: only the requests' creates count, once the server listens.
  let armed = false;
  const http = require('node:http');
  const listen = http.Server.prototype.listen;
  http.Server.prototype.listen = function (...args) {
    this.once('listening', () => { armed = true; });
    return listen.apply(this, args);
  };

  const Database = require('better-sqlite3');
  let created = false;
  let statementPatched = false;
  const prepare = Database.prototype.prepare;
  Database.prototype.prepare = function (...args) {
    const statement = prepare.apply(this, args);
    if (!statementPatched) {
      statementPatched = true;
      const proto = Object.getPrototypeOf(statement);
      const run = proto.run;
      proto.run = function (...runArgs) {
        const result = run.apply(this, runArgs);
        if (armed && creates.test(this.source)) created = true;
        return result;
      };
    }
    return statement;
  };
  const transaction = Database.prototype.transaction;
  Database.prototype.transaction = function (fn) {
    const db = this;
    const tx = transaction.call(this, fn);
    const wrap = (variant) => function (...args) {
      try {
        const result = variant.apply(this, args);
        if (created && !db.inTransaction) die();
        return result;
      } catch (error) {
        if (!db.inTransaction) created = false;
        throw error;
      }
    };
    const wrapped = wrap(tx);
    for (const name of ['default', 'deferred', 'immediate', 'exclusive']) wrapped[name] = wrap(tx[name]);
    return wrapped;
  };
  const exec = Database.prototype.exec;
  Database.prototype.exec = function (sql) {
    const result = exec.call(this, sql);
    if (/^\\s*COMMIT/i.test(sql) && created && !this.inTransaction) die();
    if (/^\\s*ROLLBACK/i.test(sql)) created = false;
    return result;
  };

  const pg = require('pg');
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (...args) {
    const text = typeof args[0] === 'string' ? args[0] : (args[0]?.text ?? '');
    const create = armed && creates.test(text);
    if (/^\\s*BEGIN/i.test(text)) this.crashInTransaction = true;
    if (create) this.crashCreated = true;
    const commits = (/^\\s*COMMIT/i.test(text) && this.crashCreated) || (create && !this.crashInTransaction);
    if (/^\\s*(COMMIT|ROLLBACK)/i.test(text)) {
      this.crashInTransaction = false;
      this.crashCreated = false;
    }
    if (!commits) return query.apply(this, args);
    const at = args.findIndex((arg) => typeof arg === 'function');
    if (at >= 0) {
      const callback = args[at];
      args[at] = (error, result) => {
        if (!error) die();
        callback(error, result);
      };
      return query.apply(this, args);
    }
    return query.apply(this, args).then((result) => {
      die();
      return result;
    });
  };
}
`;

/** The creates that take an `Idempotency-Key`, and the table each inserts its row into. */
export type CreateKind = 'record' | 'process' | 'file';
const TABLES: Record<CreateKind, string> = { record: 'records', process: 'processes', file: 'files' };

/** What the retry after the crash and restart found. */
export interface AfterCrash {
  /** Whether the first request got an answer at all (it should not: the server died). */
  firstAnswered: boolean;
  retry: { status: number; replayed: string | null; id: unknown };
  /** The ids of the resources the one client intent made. */
  stored: unknown[];
}

/** Writes the preload into `dir`; returns its path. */
export async function writeCrashPreload(dir: string): Promise<string> {
  const file = path.join(dir, 'crash-after-commit.mjs');
  await writeFile(file, PRELOAD);
  return file;
}

/**
 * Starts the server on `launch` (first start or not), signs in, sends one create of `kind` with a
 * new key: the server dies as that create commits. Restarts it past the key's abandonment time and
 * sends the same request again.
 */
export async function createCrashRetry(options: {
  launch: ServerLaunch;
  preload: string;
  kind: CreateKind;
  /** Unique among the runs on one database (names the resource and the key). */
  name: string;
}): Promise<AfterCrash> {
  const { launch, preload, kind, name } = options;
  const withPreload = (env: Record<string, string>): ServerLaunch => ({
    ...launch,
    nodeArgs: ['--import', preload],
    env: { ...launch.env, CRASH_REQUIRE_FROM: path.join(launch.cwd, 'package.json'), ...env },
  });
  const client = new CrashClient();
  const key = `"crash-after-commit-${name}"`;

  let server = await startServerChild(withPreload({ CRASH_AFTER_CREATE: TABLES[kind] }));
  let firstAnswered: boolean;
  try {
    client.base = server.url;
    await client.logon('supervisor');
    const send = await sender(client, kind, name, key);
    firstAnswered = await send().then(
      () => true,
      () => false,
    );
    await server.exited;
  } finally {
    await killHard(server);
  }

  server = await startServerChild(
    withPreload({ CRASH_CLOCK_OFFSET_MS: String(IDEMPOTENCY_ABANDONED_MS + 60_000) }),
  );
  try {
    client.base = server.url;
    const session = await client.fetch('api/v1/session');
    await session.body?.cancel();
    if (session.status !== 200) await client.logon('supervisor');
    const response = await (await sender(client, kind, name, key))();
    const body = (await response.json()) as { Id?: unknown };
    const stored = await withServerSql(
      { dataDir: launch.env.PROCEDO_DATA_DIR!, databaseUrl: launch.env.PROCEDO_DATABASE_URL ?? null },
      async (sql) => {
        const rows = await sql.all<{ id: unknown }>(
          kind === 'record'
            ? 'SELECT record_id AS id FROM records WHERE title = ?'
            : kind === 'process'
              ? 'SELECT id FROM processes WHERE name = ?'
              : 'SELECT id FROM files WHERE original_name = ?',
          [kind === 'file' ? `${name}.txt` : name],
        );
        return rows.map((row) => (typeof row.id === 'string' ? row.id : Number(row.id)));
      },
    );
    return {
      firstAnswered,
      retry: { status: response.status, replayed: response.headers.get('idempotent-replayed'), id: body.Id },
      stored,
    };
  } finally {
    await killHard(server);
  }
}

/** The create request of `kind`, ready to send (and send again with the same key and content). */
async function sender(
  client: CrashClient,
  kind: CreateKind,
  name: string,
  key: string,
): Promise<() => Promise<Response>> {
  const headers = { 'idempotency-key': key };
  if (kind === 'record') {
    return () =>
      client.json(
        'POST',
        'api/v1/forms/102/records',
        { Values: { Name: name, Status: 'Approved' } },
        headers,
      );
  }
  if (kind === 'process') {
    const processes = 'api/v1/user/system/user-processes';
    const commands = (await (
      await client.fetch(`${processes}/lookup/commands/creatable-as-process?$orderby=Name`)
    ).json()) as { Id: number; Name: string }[];
    const tour = commands.find((command) => command.Name === 'Interaction tour')!;
    return () =>
      client.json(
        'POST',
        `${processes}/command/create-process?originatingCommandId=${tour.Id}`,
        { Name: name },
        headers,
      );
  }
  return () => {
    const form = new FormData();
    form.append('file', new Blob([`the bytes of ${name}`]), `${name}.txt`);
    return client.fetch('api/v1/files', { method: 'POST', body: form, headers });
  };
}
