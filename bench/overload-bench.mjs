// Overload benchmark (run after `corepack pnpm --filter @procedo/client-api --filter
// @procedo/mock-server run build`): the built server in a child process with its default request
// limits, and a signed-in read (`GET /api/v1/session`) measured
//   1. alone (BENCH_CONNECTIONS, default 10) — the baseline,
//   2. under a burst of BENCH_BURST connections (default 2,000: far beyond the 32 running + 256
//      waiting the server admits), counting answers by status and sampling the server's RSS,
//   3. alone again, right after the burst.
// Prints and writes `bench/results/overload.json`: the burst's answers (2xx, 503 with Retry-After,
// anything else), RSS peak ÷ RSS before, and p99 after ÷ p99 before (1 means it recovered at once).
// Env: BENCH_DURATION seconds per phase (default 5); BENCH_ENGINE=postgres runs the server on a
// throwaway PostgreSQL (durable) instead of SQLite. On SQLite a session read never waits on I/O, so
// Node answers each request before reading the next and the burst queues in the kernel, not in the
// server; on PostgreSQL every request awaits its queries, the requests in flight pile up, and the
// admission gate refuses what is past its limits.
// Results: bench/results/overload-<engine>.json.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startThrowawayPostgres } from '../scripts/postgres.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/mock-server/dist');
const duration = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const burst = Number(process.env.BENCH_BURST ?? 2000);

if (!existsSync(path.join(dist, 'server.js'))) {
  console.error(`No built server in ${dist}: corepack pnpm --filter @procedo/mock-server build`);
  process.exit(1);
}

const engine = process.env.BENCH_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
const postgres = engine === 'postgres' ? startThrowawayPostgres({ durable: true }) : null;
const dataDir = await mkdtemp(path.join(tmpdir(), 'procedo-overload-'));
const child = spawn(process.execPath, [path.join(dist, 'server.js')], {
  env: {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    PROCEDO_DATA_DIR: dataDir,
    PROCEDO_LOG_LEVEL: 'silent',
    PROCEDO_STATIC_DIR: dataDir,
    ...(postgres ? { PROCEDO_DATABASE_URL: postgres.url } : {}),
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise((resolve, reject) => {
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
    const match = /listening on (http:\/\/\S+\/)/.exec(out);
    if (match) resolve(match[1]);
  });
  child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
});
child.stdout.resume();

/** The server process's resident memory in MiB (Linux). */
const rssMiB = () => {
  const line = readFileSync(`/proc/${child.pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) / 1024 : Number.NaN;
};

const logon = await fetch(`${url}api/v1/session/logon`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ Database: 'demo', UserName: 'supervisor', Password: 'demo' }),
});
if (logon.status !== 200) throw new Error(`logon failed: ${logon.status}`);
const jar = Object.fromEntries(logon.headers.getSetCookie().map((line) => line.split(';')[0].split('=')));
const cookie = `procedo_session=${jar.procedo_session}; procedo_csrf=${jar.procedo_csrf}`;
const target = { url: `${url}api/v1/session`, headers: { cookie } };

async function measure(phaseConnections) {
  const result = await autocannon({ ...target, connections: phaseConnections, duration, timeout: 30 });
  const byStatus = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [status, stats.count]),
  );
  return {
    connections: phaseConnections,
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    byStatus,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

let report;
try {
  const rssBefore = rssMiB();
  const before = await measure(connections);
  let rssPeak = rssMiB();
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssMiB());
  }, 100);
  const during = await measure(burst);
  clearInterval(sampler);
  const after = await measure(connections);
  const ok = Object.entries(during.byStatus)
    .filter(([status]) => status.startsWith('2'))
    .reduce((n, [, count]) => n + count, 0);
  const busy = during.byStatus['503'] ?? 0;
  const other = during.requests - ok - busy;
  report = {
    date: new Date().toISOString(),
    engine,
    burstConnections: burst,
    phases: { before, during, after },
    burst: { answered2xx: ok, answered503: busy, answeredOther: other, connectionErrors: during.errors },
    rssMiB: { before: rssBefore, peakDuringBurst: rssPeak, ratio: rssPeak / rssBefore },
    p99AfterOverBefore: after.p99Ms / Math.max(before.p99Ms, 1),
  };
} finally {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  await rm(dataDir, { recursive: true, force: true });
  postgres?.stop();
}

console.log(JSON.stringify(report, null, 2));
const results = path.join(root, 'bench/results');
await mkdir(results, { recursive: true });
await writeFile(path.join(results, `overload-${engine}.json`), `${JSON.stringify(report, null, 2)}\n`);
