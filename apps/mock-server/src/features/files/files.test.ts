import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fsPromises from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { FileRefSchema } from '@procedo/client-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInServer, TestClient, type TestServer } from '../../testing/harness';
import { withServerSql } from '../../testing/server-sql';
import { type FilesFs, nodeFilesFs } from './files-fs';

let server: TestServer;
let supervisor: TestClient;

beforeAll(async () => {
  ({ server, supervisor } = await startSignedInServer());
});
afterAll(async () => {
  await server.close();
});

const BOUNDARY = '----procedo-test-boundary';

/** The head of one multipart part carrying a file. */
const filePart = (field: string, fileName: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
  'Content-Type: application/octet-stream\r\n\r\n';

/** Names in `<dataDir>/files`, or none when the folder does not exist yet. */
async function storedFiles(dataDir = server.dataDir): Promise<string[]> {
  return fsPromises.readdir(path.join(dataDir, 'files')).catch(() => []);
}

/** The file rows of a database of `of` (a count; PostgreSQL's count(*) is a bigint). */
async function countRows(of: TestServer = server, database = 'demo'): Promise<number> {
  const row = await withServerSql(
    of,
    (sql) => sql.get<{ n: number | string }>('SELECT count(*) AS n FROM files'),
    database,
  );
  const n = Number(row!.n);
  expect(Number.isInteger(n)).toBe(true);
  return n;
}

/** The server starts on PostgreSQL in this run (testing/harness.ts), where it does not sweep the files folder. */
const onPostgres = process.env.PROCEDO_TEST_ENGINE === 'postgres';

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 8_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A log destination whose JSON lines the test reads. */
function captureLog() {
  const lines: Record<string, unknown>[] = [];
  return { lines, destination: { write: (line: string) => lines.push(JSON.parse(line)) } };
}

function uploadHeaders(client: TestClient, length: number): http.OutgoingHttpHeaders {
  return {
    'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    'content-length': length,
    cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    'x-csrf-token': client.cookies.get('procedo_csrf')!,
  };
}

/** Sends a raw multipart body (whatever it holds) as one complete request and reads the answer. */
function rawUpload(
  client: TestClient,
  body: Buffer,
  base = server,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL('api/v1/files', base.url), {
      method: 'POST',
      agent: false,
      headers: uploadHeaders(client, body.length),
    });
    request.on('error', reject);
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
    });
    request.end(body);
  });
}

const malformed = { Code: 'VALIDATION', Message: 'The multipart body is malformed.' };

describe('a truncated multipart body', () => {
  it('is answered 400 without crashing the server, keeps nothing, and the next request is answered', async () => {
    const rowsBefore = await countRows();
    const cases = [
      // Cut inside the file's bytes: the request is complete, the form is not.
      Buffer.concat([Buffer.from(filePart('file', 'cut.txt')), randomBytes(70_000)]),
      // The file part is whole but the closing boundary never comes.
      Buffer.from(`${filePart('file', 'whole.txt')}all of it\r\n--${BOUNDARY}\r\n`),
      // A file under another field name, cut short.
      Buffer.from(`${filePart('other', 'other.txt')}half of`),
      // Cut inside the part's headers.
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.t`),
    ];
    for (const body of cases) {
      const answer = await rawUpload(supervisor, body);
      expect(answer).toEqual({ status: 400, body: malformed });
    }
    expect(await storedFiles()).toEqual([]);
    expect(await countRows()).toBe(rowsBefore);

    const next = await supervisor.upload('after.txt', 'still here');
    expect(next.status).toBe(201);
    expect(await countRows()).toBe(rowsBefore + 1);
  });
});

describe('a client that disconnects mid-upload', () => {
  it('leaves no partial file behind and the server keeps answering', { timeout: 20_000 }, async () => {
    const before = await storedFiles();
    const head = Buffer.from(filePart('file', 'gone.pdf'));
    const request = http.request(new URL('api/v1/files', server.url), {
      method: 'POST',
      agent: false,
      headers: uploadHeaders(supervisor, head.length + 10_000_000),
    });
    request.on('error', () => {});
    request.write(head);
    request.write(randomBytes(200_000));
    // Only once the server has started writing the file does the client go away.
    await waitFor(async () => (await storedFiles()).length > before.length, 'the upload to start');
    request.destroy();

    await waitFor(async () => (await storedFiles()).length === before.length, 'the partial file to go');
    expect(await storedFiles()).toEqual(before);
    expect((await supervisor.fetch('api/v1/session/databases')).status).toBe(200);
  });
});

describe('a full disk', () => {
  let full: TestServer;
  let client: TestClient;
  const log = captureLog();
  let failAt: 'write' | 'sync' | 'rename' | null = null;

  const enospc = (syscall: string) =>
    Object.assign(new Error(`ENOSPC: no space left on device, ${syscall}`), {
      code: 'ENOSPC',
      errno: -28,
      syscall,
    });

  // The real file system, except that writes past the first 64 KiB (or the fsync, or the rename to
  // the stored name) fail as on a full disk while `failAt` says so.
  const diskFull: FilesFs = {
    ...nodeFilesFs,
    async rename(from, to) {
      if (failAt === 'rename') throw enospc('rename');
      return nodeFilesFs.rename(from, to);
    },
    async open(file, flags, mode) {
      const handle = await fsPromises.open(file, flags, mode);
      let written = 0;
      return {
        async write(data) {
          if (failAt === 'write' && written + data.length > 64 * 1024) throw enospc('write');
          written += data.length;
          return handle.write(data);
        },
        async sync() {
          if (failAt === 'sync') throw enospc('fsync');
          return handle.sync();
        },
        close: () => handle.close(),
      };
    },
  };

  beforeAll(async () => {
    ({ server: full, supervisor: client } = await startSignedInServer({
      filesFs: diskFull,
      logLevel: 'info',
      logDestination: log.destination,
    }));
  });
  afterAll(async () => {
    await full.close();
  });

  it('answers 507 STORAGE_FULL, keeps no partial file or row, logs it, and stores again once there is room', async () => {
    const rowsBefore = await countRows(full);
    for (const where of ['write', 'sync'] as const) {
      failAt = where;
      const body = Buffer.concat([
        Buffer.from(filePart('file', `big-${where}.pdf`)),
        randomBytes(300_000),
        Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
      ]);
      const answer = await rawUpload(client, body, full);
      expect(answer).toEqual({
        status: 507,
        body: {
          Code: 'STORAGE_FULL',
          Message:
            "The server's storage is full: the file was not saved. Try again later or tell your administrator.",
        },
      });
      expect(await storedFiles(full.dataDir)).toEqual([]);
      expect(await countRows(full)).toBe(rowsBefore);
    }
    const logged = log.lines.filter((line) => line.msg === 'upload refused: the storage is full');
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({ level: 50, user: 'supervisor', err: { code: 'ENOSPC' } });

    failAt = null;
    await client.uploadFile('room again.pdf', randomBytes(300_000));
    expect(await storedFiles(full.dataDir)).toHaveLength(1);
  });

  it('gives up the Idempotency-Key with the row when the file cannot take its name, so a retry stores it', async () => {
    const rowsBefore = await countRows(full);
    const upload = () => {
      const form = new FormData();
      form.append('file', new Blob(['renamed bytes']), 'renamed.txt');
      return client.fetch('api/v1/files', {
        method: 'POST',
        body: form,
        headers: { 'x-csrf-token': client.cookies.get('procedo_csrf')!, 'idempotency-key': '"rename-fails"' },
      });
    };
    failAt = 'rename';
    try {
      expect((await upload()).status).toBe(507);
    } finally {
      failAt = null;
    }
    expect(await countRows(full)).toBe(rowsBefore);
    const keys = await withServerSql(full, (sql) =>
      sql.get<{ n: number | string }>(
        "SELECT count(*) AS n FROM idempotency_keys WHERE key = 'rename-fails'",
      ),
    );
    expect(Number(keys!.n)).toBe(0);
    const retry = await upload();
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(await countRows(full)).toBe(rowsBefore + 1);
  });
});

describe('the start-up sweep', () => {
  let swept: TestServer;
  let demo: TestClient;
  const log = captureLog();

  beforeAll(async () => {
    ({ server: swept, supervisor: demo } = await startSignedInServer({
      logLevel: 'info',
      logDestination: log.destination,
    }));
  });
  afterAll(async () => {
    await swept.close();
  });

  const storeOne = async (client: TestClient, name: string) => (await client.uploadFile(name, name)).Id;

  const storedNameOf = async (id: string, database: string) => {
    const row = await withServerSql(
      swept,
      (sql) => sql.get<{ stored_name: string }>('SELECT stored_name FROM files WHERE id = ?', [id]),
      database,
    );
    return row!.stored_name;
  };

  /**
   * A file stored in each database, one whose upload stopped between its row and its rename, and
   * orphans and temporary files of dead, this and the parent process, then a restart.
   */
  async function leaveDebrisAndRestart() {
    const training = new TestClient(() => swept.url);
    await training.logon('supervisor', 'demo', 'training');
    const demoId = await storeOne(demo, 'demo.txt');
    const trainingId = await storeOne(training, 'training.txt');
    const interruptedId = await storeOne(demo, 'interrupted.txt');
    const folder = path.join(swept.dataDir, 'files');
    const hex = () => randomBytes(16).toString('hex');
    // A process that has exited: its pid names no running process.
    const deadPid = spawnSync(process.execPath, ['-e', '']).pid;

    // A crash between the row and the rename: the bytes sit under their temporary name.
    const interrupted = await storedNameOf(interruptedId, 'demo');
    const interruptedPart = `${interrupted}.${deadPid}.part`;
    await fsPromises.rename(path.join(folder, interrupted), path.join(folder, interruptedPart));
    const orphans = [hex(), hex(), `${hex()}.${deadPid}.part`, `${hex()}.${process.pid}.part`];
    const stay = [`${hex()}.${process.ppid}.part`, 'notes.txt'];
    for (const name of [...orphans, ...stay]) await fsPromises.writeFile(path.join(folder, name), 'x');
    const before = (await storedFiles(swept.dataDir)).sort();

    await swept.restart({ logLevel: 'info', logDestination: log.destination });
    return {
      training,
      demoId,
      trainingId,
      interruptedId,
      interrupted,
      interruptedPart,
      orphans,
      stay,
      before,
    };
  }

  it.skipIf(onPostgres)(
    'removes orphans and dead temporary files of every database, keeps referenced ones, and logs the count',
    async () => {
      const { training, demoId, trainingId, interruptedId, interrupted, orphans, stay } =
        await leaveDebrisAndRestart();

      expect((await storedFiles(swept.dataDir)).sort()).toEqual(
        [
          await storedNameOf(demoId, 'demo'),
          await storedNameOf(trainingId, 'training'),
          interrupted,
          ...stay,
        ].sort(),
      );
      expect(log.lines.filter((line) => line.msg === 'swept the files folder').at(-1)).toMatchObject({
        removed: orphans.length,
        restored: 1,
      });
      for (const [client, id, text] of [
        [demo, demoId, 'demo.txt'],
        [training, trainingId, 'training.txt'],
        [demo, interruptedId, 'interrupted.txt'],
      ] as const) {
        const download = await client.fetch(`api/v1/files/${id}`);
        expect(download.status).toBe(200);
        expect(await download.text()).toBe(text);
      }
    },
  );

  // The uploads folder is shared by the servers on PostgreSQL: a file another server has stored
  // but not yet committed would look orphaned (server.ts, docs/deployment.md).
  it.runIf(onPostgres)(
    'does not run on PostgreSQL: the shared folder keeps every name, stored files still download',
    async () => {
      const { training, demoId, trainingId, interruptedPart, orphans, before } =
        await leaveDebrisAndRestart();

      const after = (await storedFiles(swept.dataDir)).sort();
      expect(after).toEqual(before);
      expect(after).toEqual(expect.arrayContaining([interruptedPart, ...orphans]));
      expect(log.lines.filter((line) => line.msg === 'swept the files folder')).toEqual([]);
      for (const [client, id, text] of [
        [demo, demoId, 'demo.txt'],
        [training, trainingId, 'training.txt'],
      ] as const) {
        const download = await client.fetch(`api/v1/files/${id}`);
        expect(download.status).toBe(200);
        expect(await download.text()).toBe(text);
      }
    },
  );
});

describe('file names', () => {
  it('keeps non-ASCII names intact in the answer and in the download (RFC 6266 filename*)', async () => {
    for (const [sent, stored, encoded] of [
      ['résumé.pdf', 'résumé.pdf', 'r%C3%A9sum%C3%A9.pdf'],
      // macOS sends names decomposed; they are stored composed (NFC).
      ['re\u0301sume\u0301.pdf', 'résumé.pdf', 'r%C3%A9sum%C3%A9.pdf'],
      ['履歴書 2025.pdf', '履歴書 2025.pdf', '%E5%B1%A5%E6%AD%B4%E6%9B%B8%202025.pdf'],
    ] as const) {
      const response = await supervisor.upload(sent, '%PDF-1.4');
      expect(response.status).toBe(201);
      const ref = FileRefSchema.parse(await response.json());
      expect(ref.FileName).toBe(stored);
      const download = await supervisor.fetch(`api/v1/files/${ref.Id}`);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encoded}`);
    }
  });
});
