// Translation benchmark (run after `corepack pnpm --filter @procedo/client-api --filter @procedo/mock-server run build`):
// `GET /api/v1/forms/102` for a user reading the default language (English, the baseline: no
// overlay) and for one reading German (every text through the cached per-language overlay), and
// the callback site map for both, in one run, so the ratios mean something on a shared machine.
// Env: BENCH_DURATION seconds per case (default 5), BENCH_CONNECTIONS (default 10).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadBuiltServer } from './mock-server-dist.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

const { startServer } = await loadBuiltServer();
const dataDir = await mkdtemp(path.join(tmpdir(), 'procedo-bench-'));
const server = await startServer({ port: 0, dataDir, logLevel: 'silent', staticDir: null });

async function signIn(userName, language) {
  const logon = await fetch(`${server.url}api/v1/session/logon`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Database: 'demo', UserName: userName, Password: 'demo' }),
  });
  if (logon.status !== 200) throw new Error(`logon failed: ${logon.status}`);
  const jar = Object.fromEntries(logon.headers.getSetCookie().map((line) => line.split(';')[0].split('=')));
  const cookie = `procedo_session=${jar.procedo_session}; procedo_csrf=${jar.procedo_csrf}`;
  const set = await fetch(`${server.url}api/v1/session/preferences`, {
    method: 'PATCH',
    headers: { cookie, 'x-csrf-token': jar.procedo_csrf, 'content-type': 'application/json' },
    body: JSON.stringify({ language }),
  });
  if (set.status !== 200) throw new Error(`preferences failed: ${set.status}`);
  return { cookie, csrf: jar.procedo_csrf };
}

const english = await signIn('operator', 'en');
const german = await signIn('translator', 'de');
const siteMap = '<Command><CommandType>Profile.Navigation.SiteMap.Xml</CommandType></Command>';
const formCase = (name, user, expect) => ({
  name,
  url: `${server.url}api/v1/forms/102`,
  method: 'GET',
  headers: { cookie: user.cookie },
  expect,
});
const mapCase = (name, user, expect) => ({
  name,
  url: `${server.url}callback`,
  method: 'POST',
  headers: { cookie: user.cookie, 'x-csrf-token': user.csrf, 'content-type': 'application/xml' },
  body: siteMap,
  expect,
});
const cases = [
  formCase('form 102, English', english, '"Label":"Country"'),
  formCase('form 102, German', german, '"Label":"Land"'),
  mapCase('site map, English', english, 'Title="Quality"'),
  mapCase('site map, German', german, 'Title="Qualität"'),
];

const results = [];
try {
  for (const c of cases) {
    const check = await fetch(c.url, { method: c.method, headers: c.headers, body: c.body });
    const text = await check.text();
    if (!text.includes(c.expect))
      throw new Error(`${c.name} answered ${check.status}: ${text.slice(0, 300)}`);
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
  await rm(dataDir, { recursive: true, force: true });
}

const pad = (text, width) => String(text).padEnd(width);
console.log(
  `Translation benchmark: ${duration} s per case, ${connections} connections, Node ${process.versions.node}`,
);
console.log(`${pad('case', 22)}${pad('req/s', 10)}${pad('p99 ms', 9)}req/s vs English`);
for (const [index, r] of results.entries()) {
  const baseline = results[index - (index % 2)];
  console.log(
    `${pad(r.name, 22)}${pad(Math.round(r.requestsPerSecond), 10)}${pad(r.p99Ms, 9)}${(r.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)}x`,
  );
}
