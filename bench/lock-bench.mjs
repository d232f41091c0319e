// Write-lock benchmark (run after `corepack pnpm --filter @procedo/mock-server build`): latency of
// signed-in requests while ANOTHER PROCESS holds the database's write lock (`BEGIN IMMEDIATE` on
// the demo database), against the same requests with no lock, measured in the same run.
// Requests: `GET /api/v1/session` (a read that is user activity: it moves the idle deadline, a
// write) and `GET /api/v1/forms/102/records/{id}`; plus one save (`PUT`) under the lock, which
// must answer 503 DATABASE_BUSY after the configured wait instead of stalling everyone.
// Env: BENCH_DURATION seconds per phase (default 4), BENCH_CONNECTIONS (default 10),
// PROCEDO_DB_WRITE_WAIT_MS for the server (default 2000).
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { loadBuiltServer } from './mock-server-dist.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const duration = Number(process.env.BENCH_DURATION ?? 4);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

const { startServer } = await loadBuiltServer();
const dataDir = await mkdtemp(path.join(tmpdir(), 'procedo-lock-bench-'));
const server = await startServer({ port: 0, dataDir, logLevel: 'silent', staticDir: null });

const logon = await fetch(`${server.url}api/v1/session/logon`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ Database: 'demo', UserName: 'supervisor', Password: 'demo' }),
});
if (logon.status !== 200) throw new Error(`logon failed: ${logon.status}`);
const jar = Object.fromEntries(logon.headers.getSetCookie().map((line) => line.split(';')[0].split('=')));
const cookie = `procedo_session=${jar.procedo_session}; procedo_csrf=${jar.procedo_csrf}`;
const search = await (
  await fetch(`${server.url}api/v1/forms/101/search?text=`, { headers: { cookie } })
).json();
const recordId = search.Rows[0].Id;

/** Another process holding the demo database's write lock until it is killed. */
async function holdLock() {
  const script = `
    const Database = require(${JSON.stringify(path.join(root, 'apps/mock-server/node_modules/better-sqlite3'))});
    const db = new Database(${JSON.stringify(path.join(dataDir, 'demo.sqlite'))});
    db.exec('BEGIN IMMEDIATE');
    process.stdout.write('locked\\n');
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (code) => reject(new Error(`lock holder exited ${code}`)));
  });
  return () =>
    new Promise((resolve) => {
      child.removeAllListeners('exit');
      child.once('exit', resolve);
      child.kill('SIGKILL');
    });
}

const cases = [
  { name: 'GET session (activity)', url: `${server.url}api/v1/session` },
  { name: 'GET record', url: `${server.url}api/v1/forms/102/records/${recordId}` },
];

async function measure(c) {
  const result = await autocannon({ url: c.url, headers: { cookie }, connections, duration });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const rows = [];
let save;
try {
  for (const c of cases) rows.push({ name: c.name, phase: 'no lock', ...(await measure(c)) });
  const release = await holdLock();
  try {
    for (const c of cases) rows.push({ name: c.name, phase: 'lock held', ...(await measure(c)) });
    const record = await (await fetch(cases[1].url, { headers: { cookie } })).json();
    const started = performance.now();
    const response = await fetch(cases[1].url, {
      method: 'PUT',
      headers: { cookie, 'x-csrf-token': jar.procedo_csrf, 'content-type': 'application/json' },
      body: JSON.stringify({ Version: record.Version, Values: { Country: 'Lockland' } }),
    });
    save = {
      status: response.status,
      ms: Math.round(performance.now() - started),
      body: await response.json(),
    };
  } finally {
    await release();
  }
} finally {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
}

const pad = (text, width) => String(text).padEnd(width);
console.log(
  `Write-lock benchmark: ${duration} s per phase, ${connections} connections, Node ${process.versions.node}`,
);
console.log(
  `${pad('case', 26)}${pad('phase', 11)}${pad('req/s', 9)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('max ms', 8)}${pad('non-2xx', 9)}p99 vs no lock`,
);
for (const r of rows) {
  const base = rows.find((b) => b.name === r.name && b.phase === 'no lock');
  console.log(
    `${pad(r.name, 26)}${pad(r.phase, 11)}${pad(Math.round(r.requestsPerSecond), 9)}${pad(r.p50Ms, 8)}${pad(r.p99Ms, 8)}${pad(r.maxMs, 8)}${pad(r.non2xx + r.errors, 9)}${(r.p99Ms / Math.max(base.p99Ms, 1)).toFixed(2)}x`,
  );
}
console.log(`PUT under the lock: HTTP ${save.status} ${save.body.Code ?? ''} after ${save.ms} ms`);

await mkdir(path.join(root, 'bench/results'), { recursive: true });
await writeFile(
  path.join(root, 'bench/results/lock.json'),
  `${JSON.stringify({ date: new Date().toISOString(), node: process.versions.node, duration, connections, rows, save }, null, 2)}\n`,
);
console.log('Wrote bench/results/lock.json');
