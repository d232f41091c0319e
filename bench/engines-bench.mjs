import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from '../apps/mock-server/node_modules/pg/lib/index.js';
import { startThrowawayPostgres } from '../scripts/postgres.mjs';
import { startServerChild } from './mock-server-dist.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/mock-server/dist');
const duration = Number(process.env.BENCH_DURATION ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const versions = Number(process.env.BENCH_VERSIONS ?? 100_000);
const PROCESSES = 'api/v1/user/system/user-processes';

const support = await import(pathToFileURL(path.join(dist, 'bench-support.js')).href).catch((error) => {
  console.error(
    `Build the server first (corepack pnpm --filter @procedo/mock-server build): ${error.message}`,
  );
  process.exit(1);
});

const cleanups = [];
// Durable, as SQLite runs (synchronous=FULL): a commit is on disk before it is answered.
const postgres = startThrowawayPostgres({ durable: true });
cleanups.push(() => postgres.stop());

/** A fresh database on the throwaway server. */
async function createDatabase(name) {
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(postgres.url);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The built server in a child process (stopped with the rest at the end); resolves with its URL. */
async function startChild(env) {
  const server = await startServerChild(env, { dist });
  cleanups.unshift(() => server.stop());
  return server.url;
}

async function signIn(url) {
  const logon = await fetch(`${url}api/v1/session/logon`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Database: 'demo', UserName: 'supervisor', Password: 'demo' }),
  });
  if (logon.status !== 200) throw new Error(`logon failed: ${logon.status}`);
  const jar = Object.fromEntries(logon.headers.getSetCookie().map((line) => line.split(';')[0].split('=')));
  const headers = {
    cookie: `procedo_session=${jar.procedo_session}; procedo_csrf=${jar.procedo_csrf}`,
    'x-csrf-token': jar.procedo_csrf,
    'content-type': 'application/json',
  };
  const call = async (method, pathname, body, base = url) => {
    const response = await fetch(`${base}${pathname}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? null : response.json();
  };
  return { headers, call };
}

/** What each connection works on: a record and a process of its own. */
async function prepare(urls) {
  const { headers, call } = await signIn(urls[0]);
  const records = [];
  for (let i = 0; i < connections; i++) {
    const created = await call('POST', 'api/v1/forms/102/records', {
      Values: { Name: `Engines bench supplier ${i}`, Status: 'Approved', Country: 'Austria' },
    });
    records.push({ id: created.Id, version: created.Version });
  }
  const commands = await call('GET', `${PROCESSES}/lookup/commands/creatable-as-process?$orderby=Name`);
  const tour = commands.find((c) => c.Name === 'Interaction tour');
  const steps = [];
  for (let i = 0; i < connections; i++) {
    const created = await call(
      'POST',
      `${PROCESSES}/command/create-process?originatingCommandId=${tour.Id}`,
      {
        Name: `Engines bench ${i}`,
      },
    );
    const stepId = created.AllSteps[0].Id;
    steps.push({ stepId, question: await call('POST', `${PROCESSES}/steps/${stepId}/action/run`, null) });
  }
  return { urls, headers, records, steps, samples: { save: [], run: [] } };
}

/** One autocannon run per server (the connections split between them), each connection on its own item. */
async function measure(subject, kind) {
  const pool = kind === 'save' ? subject.records : subject.steps;
  const perServer = Math.max(1, Math.floor(connections / subject.urls.length));
  let failed = 0;
  const runs = subject.urls.map((url, index) => {
    const items = pool.slice(index * perServer, (index + 1) * perServer);
    const free = [...items];
    return autocannon({
      url,
      connections: items.length,
      duration,
      headers: subject.headers,
      requests: [
        {
          method: kind === 'save' ? 'PUT' : 'POST',
          setupRequest(request, context) {
            const item = free.pop();
            context.item = item;
            if (kind === 'save') {
              return {
                ...request,
                path: `/api/v1/forms/102/records/${item.id}`,
                body: JSON.stringify({
                  Version: item.version,
                  Values: { Country: `Country ${item.version}` },
                }),
              };
            }
            return {
              ...request,
              path: `/${PROCESSES}/steps/${item.stepId}/action/run`,
              body: JSON.stringify({ ...item.question, Confirmed: true, ConfirmResult: false }),
            };
          },
          onResponse(status, body, context) {
            const item = context.item;
            if (status === 200) {
              const answer = JSON.parse(body);
              if (kind === 'save') item.version = answer.Version;
              else item.question = { ...item.question, ActionState: answer.ActionState };
            } else {
              failed++;
              if (failed <= 3) console.error(`${subject.name} ${kind}: ${status} ${body}`);
            }
            free.push(item);
          },
        },
      ],
    });
  });
  const results = await Promise.all(runs);
  if (failed > 0 || results.some((r) => r.errors > 0))
    throw new Error(`${subject.name} ${kind}: ${failed} failed answers`);
  subject.samples[kind].push({
    rps: results.reduce((n, r) => n + r.requests.average, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
  });
  // A request cut at the end of the run may have been answered unread: read every item again.
  const { call } = await signIn(subject.urls[0]);
  for (const item of pool) {
    if (kind === 'save') item.version = (await call('GET', `api/v1/forms/102/records/${item.id}`)).Version;
    else item.question = await call('POST', `${PROCESSES}/steps/${item.stepId}/action/run`, null);
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

let report;
try {
  const pgUrl = await createDatabase('procedo_engines');
  const sqliteServer = await startChild({});
  const pgServer = await startChild({ PROCEDO_DATABASE_URL: pgUrl });
  const pgSecond = await startChild({ PROCEDO_DATABASE_URL: pgUrl });
  const subjects = [
    { name: 'sqlite', ...(await prepare([sqliteServer])) },
    { name: 'pg', ...(await prepare([pgServer])) },
    { name: 'pg×2', ...(await prepare([pgServer, pgSecond])) },
  ];
  for (let round = 0; round < rounds; round++) {
    for (const subject of round % 2 === 0 ? subjects : [...subjects].reverse()) {
      await measure(subject, 'save');
      await measure(subject, 'run');
    }
    console.log(`round ${round + 1} of ${rounds} done`);
  }
  const rows = Object.fromEntries(
    subjects.map((s) => [
      s.name,
      Object.fromEntries(
        ['save', 'run'].map((kind) => [
          kind,
          {
            rps: median(s.samples[kind].map((x) => x.rps)),
            p99Ms: median(s.samples[kind].map((x) => x.p99)),
          },
        ]),
      ),
    ]),
  );
  const ratio = (a, b, kind, key) => rows[a][kind][key] / rows[b][kind][key];

  // As-of read at a long history, PostgreSQL: one record with `versions` versions.
  const { call } = await signIn(pgServer);
  const record = await call('POST', 'api/v1/forms/102/records', {
    Values: { Name: 'Engines bench long history', Status: 'Approved', Country: 'Austria' },
  });
  const { store, close } = await support.openPgRecordStore(pgUrl, 'demo');
  const start = Date.parse('2020-01-01T00:00:00.000Z');
  const written = performance.now();
  for (let from = 0; from < versions; from += 5000) {
    const batch = [];
    for (let i = from; i < Math.min(versions, from + 5000); i++) {
      const values = { Name: 'Engines bench long history', Status: 'Approved', Country: `Country ${i}` };
      batch.push({
        values,
        isDeleted: false,
        index: support.indexFields('supplier', values),
        updatedBy: 'supervisor',
        updatedAt: new Date(start + i * 60_000).toISOString(),
      });
    }
    await store.importVersions(record.Id, batch);
  }
  await close();
  const writeSeconds = (performance.now() - written) / 1000;
  const middle = new Date(start + Math.floor(versions / 2) * 60_000 + 30_000).toISOString();
  const read = async (pathname) => {
    const result = await autocannon({
      url: `${pgServer}${pathname}`,
      headers: { cookie: (await signIn(pgServer)).headers.cookie },
      connections,
      duration,
    });
    if (result.non2xx > 0) throw new Error(`${pathname}: ${result.non2xx} non-2xx`);
    return { rps: result.requests.average, p99Ms: result.latency.p99 };
  };
  const now = await read(`api/v1/forms/102/records/${record.Id}`);
  const asOf = await read(`api/v1/forms/102/records/${record.Id}?Timepoint=${encodeURIComponent(middle)}`);

  report = {
    date: new Date().toISOString(),
    connections,
    duration,
    rounds,
    subjects: rows,
    ratios: {
      saveRpsPgOverSqlite: ratio('pg', 'sqlite', 'save', 'rps'),
      saveP99PgOverSqlite: ratio('pg', 'sqlite', 'save', 'p99Ms'),
      runRpsPgOverSqlite: ratio('pg', 'sqlite', 'run', 'rps'),
      runP99PgOverSqlite: ratio('pg', 'sqlite', 'run', 'p99Ms'),
      saveRpsTwoServersOverOne: ratio('pg×2', 'pg', 'save', 'rps'),
      runRpsTwoServersOverOne: ratio('pg×2', 'pg', 'run', 'rps'),
    },
    asOfOnPostgres: {
      versions,
      writeSeconds,
      now,
      asOf,
      rpsAsOfOverNow: asOf.rps / now.rps,
      p99AsOfOverNow: asOf.p99Ms / Math.max(now.p99Ms, 1),
    },
  };
} finally {
  for (const cleanup of cleanups) await cleanup();
}

console.log(JSON.stringify(report, null, 2));
const results = path.join(root, 'bench/results');
await mkdir(results, { recursive: true });
await writeFile(path.join(results, 'engines.json'), `${JSON.stringify(report, null, 2)}\n`);
