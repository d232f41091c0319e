import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startThrowawayPostgres } from '../scripts/postgres.mjs';
import { startServerChild } from './mock-server-dist.mjs';

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
const { url, child, stop } = await startServerChild(postgres ? { PROCEDO_DATABASE_URL: postgres.url } : {});

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
  await stop();
  postgres?.stop();
}

console.log(JSON.stringify(report, null, 2));
const results = path.join(root, 'bench/results');
await mkdir(results, { recursive: true });
await writeFile(path.join(results, `overload-${engine}.json`), `${JSON.stringify(report, null, 2)}\n`);
