// Processes at a timepoint (run after
// `corepack pnpm --filter @procedo/client-api --filter @procedo/mock-server run build`):
// GET /api/v1/user/system/user-processes/process/{id}?Timepoint=T of a process with BENCH_HISTORY
// kept states and as many history events, T at 10 %, 50 % and 90 % of its history, ÷ the same
// read without Timepoint (target ≈ 1, ≤ 1.5×); and the read at 50 % of a process with
// BENCH_HISTORY_SMALL states ÷ that of the long one (the cost must not grow with the history).
// The processes are written with bench-support's bulkInsertProcesses (the store's first kept
// state), then their histories straight into SQLite while the server is stopped: states whose
// first step alternates between active and completed, one minute apart, each with an event.
// Every answer is checked against the state its T names before anything is timed; the cases are
// interleaved request by request in rotating order over BENCH_ROUNDS rounds; medians of single
// requests on loopback.
// Env: BENCH_HISTORY (default 100000), BENCH_HISTORY_SMALL (100), BENCH_ROUNDS (5),
// BENCH_REQUESTS requests per case per round (40). Writes bench/results/process-timetravel.json.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBuiltServer } from './mock-server-dist.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
};
const HISTORY = env('BENCH_HISTORY', 100_000);
const HISTORY_SMALL = env('BENCH_HISTORY_SMALL', 100);
const ROUNDS = env('BENCH_ROUNDS', 5);
const REQUESTS = env('BENCH_REQUESTS', 40);
const BASE = 'api/v1/user/system/user-processes';
const MINUTE = 60_000;
const START = Date.UTC(2020, 0, 1);
const iso = (ms) => new Date(ms).toISOString();

const { startServer, support } = await loadBuiltServer();
const dataDir = await mkdtemp(path.join(tmpdir(), 'procedo-process-tt-bench-'));
const options = { port: 0, dataDir, logLevel: 'silent', staticDir: null };
let server = await startServer(options);
await server.close();

/** Appends `count` states to process `id` (first step completed on odd ones), one minute apart. */
function writeHistory(db, id, count) {
  const first = db.prepare('SELECT * FROM process_states WHERE process_id = ? ORDER BY id LIMIT 1').get(id);
  const steps = JSON.parse(first.steps_json);
  const active = JSON.stringify(steps.map((s, i) => (i === 0 ? { ...s, state: 'active' } : s)));
  const done = JSON.stringify(
    steps.map((s, i) =>
      i === 0 ? { ...s, state: 'completed', completedAt: iso(START), completedBy: 'supervisor' } : s,
    ),
  );
  const state = db.prepare(
    `INSERT INTO process_states (process_id, at_utc, state, current_step_id, completed_at_utc, steps_json)
     VALUES (?, ?, 'open', ?, NULL, ?)`,
  );
  const event = db.prepare(
    `INSERT INTO process_events (process_id, step_id, at_utc, by_user, kind, detail)
     VALUES (?, ?, ?, 'supervisor', ?, NULL)`,
  );
  db.prepare('UPDATE processes SET created_at_utc = ? WHERE id = ?').run(iso(START), id);
  db.transaction(() => {
    for (let i = 1; i <= count; i++) {
      const at = iso(START + i * MINUTE);
      state.run(id, at, steps[i % 2 === 1 ? 1 : 0].id, i % 2 === 1 ? done : active);
      event.run(id, steps[0].id, at, i % 2 === 1 ? 'step-completed' : 'step-reset');
    }
  })();
}

const build = {};
let ids;
{
  const db = support.openSqlite(path.join(dataDir, 'demo.sqlite'));
  const owner = db.prepare("SELECT id FROM users WHERE name = 'supervisor'").get();
  const before = db.prepare('SELECT coalesce(max(id), 0) AS id FROM processes').get().id;
  support.bulkInsertProcesses(db, {
    commandName: 'CAPA',
    count: 2,
    ownerUserId: owner.id,
    createdBy: 'supervisor',
  });
  ids = { long: before + 1, short: before + 2 };
  const started = performance.now();
  writeHistory(db, ids.long, HISTORY);
  writeHistory(db, ids.short, HISTORY_SMALL);
  build.historyMs = Math.round(performance.now() - started);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}
server = await startServer(options);
const results = [];
try {
  const logon = await fetch(`${server.url}api/v1/session/logon`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Database: 'demo', UserName: 'supervisor', Password: 'demo' }),
  });
  if (logon.status !== 200) throw new Error(`logon failed: ${logon.status}`);
  const jar = Object.fromEntries(logon.headers.getSetCookie().map((line) => line.split(';')[0].split('=')));
  const headers = { cookie: `procedo_session=${jar.procedo_session}` };
  // The instant of state i (i ≥ 1) and a T half a minute after it.
  const at = (i) => iso(START + i * MINUTE + MINUTE / 2);
  const point = (count, share) => Math.max(1, Math.round(count * share));
  const cases = [
    { name: 'current, long history', id: ids.long, state: null },
    ...[0.1, 0.5, 0.9].map((share) => ({
      name: `Timepoint at ${share * 100} %, long history`,
      id: ids.long,
      state: point(HISTORY, share),
    })),
    { name: 'Timepoint at 50 %, short history', id: ids.short, state: point(HISTORY_SMALL, 0.5) },
  ].map((c) => ({
    ...c,
    url: `${BASE}/process/${c.id}${c.state === null ? '' : `?Timepoint=${encodeURIComponent(at(c.state))}`}`,
    samples: [],
  }));
  const once = async (url) => {
    const started = performance.now();
    const response = await fetch(`${server.url}${url}`, { headers });
    const body = await response.json();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${JSON.stringify(body)}`);
    return { ms, body };
  };
  // Checked first: the first step of state i is completed for odd i, active for even i.
  for (const c of cases) {
    const { body } = await once(c.url);
    if (c.state !== null) {
      const expected = c.state % 2 === 1 ? 'completed' : 'active';
      if (body.AllSteps[0].State !== expected)
        throw new Error(`${c.name}: step 1 is ${body.AllSteps[0].State}`);
      if (body.History[0].At !== iso(START + c.state * MINUTE)) throw new Error(`${c.name}: wrong history`);
    }
  }
  for (const c of cases) for (let i = 0; i < 3; i++) await once(c.url);
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < REQUESTS; i++) {
      for (let j = 0; j < cases.length; j++) {
        const c = cases[(i + j + round) % cases.length];
        c.samples.push((await once(c.url)).ms);
      }
    }
  }
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  };
  for (const c of cases)
    results.push({ case: c.name, medianMs: +median(c.samples).toFixed(3), samples: c.samples });
} finally {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
}

const [current, ...asOf] = results;
const shortCase = results.at(-1);
const middle = results[2];
console.log(
  `Processes at a timepoint: ${HISTORY.toLocaleString('en')} states (and events) vs ${HISTORY_SMALL.toLocaleString('en')}, ${ROUNDS} rounds × ${REQUESTS} requests per case, Node ${process.versions.node}; history written in ${build.historyMs} ms`,
);
console.table(results.map(({ samples, ...row }) => row));
const ratios = {
  ...Object.fromEntries(
    asOf.slice(0, 3).map((r) => [`${r.case} ÷ current`, +(r.medianMs / current.medianMs).toFixed(3)]),
  ),
  'long ÷ short history (Timepoint at 50 %)': +(middle.medianMs / shortCase.medianMs).toFixed(3),
};
for (const [name, value] of Object.entries(ratios)) console.log(`${name}: ${value}× (target ≤ 1.5)`);
await mkdir(path.join(root, 'bench/results'), { recursive: true });
await writeFile(
  path.join(root, 'bench/results/process-timetravel.json'),
  `${JSON.stringify(
    {
      measuredAt: new Date().toISOString(),
      node: process.versions.node,
      HISTORY,
      HISTORY_SMALL,
      ROUNDS,
      REQUESTS,
      build,
      results,
      ratios,
    },
    null,
    2,
  )}\n`,
);
console.log('Wrote bench/results/process-timetravel.json');
