// Server benchmark (run after `corepack pnpm --filter @procedo/mock-server build`): throughput and
// p99 latency of the callback KeepAlive and `GET /api/v1/session` against a bare Express 5 route
// measured in the same process, so the ratios mean something on a noisy shared machine.
// Env: BENCH_DURATION seconds per run (default 5), BENCH_CONNECTIONS (default 10).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import express from 'express';
import { loadBuiltServer } from './mock-server-dist.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const duration = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

const { startServer } = await loadBuiltServer();

const dataDir = await mkdtemp(path.join(tmpdir(), 'procedo-bench-'));
const server = await startServer({ port: 0, dataDir, logLevel: 'silent', staticDir: null });

const bare = express();
bare.get('/bare', (_req, res) => {
  res.json({ ok: true });
});
const bareServer = await new Promise((resolve) => {
  const listening = bare.listen(0, '127.0.0.1', () => resolve(listening));
});
const bareUrl = `http://127.0.0.1:${bareServer.address().port}/bare`;

// Sign in once; every measured request carries the session cookie (and the CSRF header).
const logon = await fetch(`${server.url}api/v1/session/logon`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ Database: 'demo', UserName: 'supervisor', Password: 'demo' }),
});
if (logon.status !== 200) throw new Error(`logon failed: ${logon.status}`);
const jar = Object.fromEntries(logon.headers.getSetCookie().map((line) => line.split(';')[0].split('=')));
const cookie = `procedo_session=${jar.procedo_session}; procedo_csrf=${jar.procedo_csrf}`;

const cases = [
  { name: 'bare Express route', url: bareUrl, method: 'GET' },
  {
    name: 'callback KeepAlive',
    url: `${server.url}callback`,
    method: 'POST',
    headers: { cookie, 'x-csrf-token': jar.procedo_csrf, 'content-type': 'application/xml' },
    body: '<Command><CommandType>Web.Session</CommandType><CommandName>KeepAlive</CommandName></Command>',
    expect: '<Status>OK</Status>',
  },
  { name: 'GET /api/v1/session', url: `${server.url}api/v1/session`, method: 'GET', headers: { cookie } },
];

const results = [];
try {
  for (const c of cases) {
    if (c.expect) {
      const check = await fetch(c.url, { method: c.method, headers: c.headers, body: c.body });
      const text = await check.text();
      if (!text.includes(c.expect)) throw new Error(`${c.name} answered ${check.status}: ${text}`);
    }
    const result = await autocannon({
      url: c.url,
      method: c.method,
      headers: c.headers,
      body: c.body,
      connections,
      duration,
    });
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`${c.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    }
    results.push({ name: c.name, requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 });
  }
} finally {
  await server.close();
  await new Promise((resolve) => bareServer.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
}

const [baseline] = results;
const rows = results.map((r) => ({
  ...r,
  throughputRatio: r.requestsPerSecond / baseline.requestsPerSecond,
  p99Ratio: baseline.p99Ms > 0 ? r.p99Ms / baseline.p99Ms : null,
}));

const pad = (text, width) => String(text).padEnd(width);
console.log(
  `Server benchmark: ${duration} s per case, ${connections} connections, Node ${process.versions.node}`,
);
console.log(`${pad('case', 24)}${pad('req/s', 10)}${pad('p99 ms', 9)}${pad('req/s vs bare', 15)}p99 vs bare`);
for (const r of rows) {
  console.log(
    `${pad(r.name, 24)}${pad(Math.round(r.requestsPerSecond), 10)}${pad(r.p99Ms, 9)}${pad(
      `${r.throughputRatio.toFixed(2)}x`,
      15,
    )}${r.p99Ratio === null ? 'n/a' : `${r.p99Ratio.toFixed(2)}x`}`,
  );
}

await mkdir(path.join(root, 'bench/results'), { recursive: true });
await writeFile(
  path.join(root, 'bench/results/server.json'),
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      node: process.versions.node,
      durationSeconds: duration,
      connections,
      results: rows,
    },
    null,
    2,
  )}\n`,
);
console.log('Wrote bench/results/server.json');
