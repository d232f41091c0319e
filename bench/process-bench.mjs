// User-process benchmark (run after `corepack pnpm --filter @procedo/mock-server build`): the
// cost of a step run must not grow with the number of stored processes. The `training` database
// gets 1,000 stored Interaction-tour processes and `demo` 100,000 (9 steps each, written straight
// into SQLite in one transaction through bench-support); then `POST …/steps/{id}/action/run` is
// measured with autocannon on loopback against both, in interleaved rounds so drift on a shared
// machine hits both alike. Two cases per database:
//   - question: `action/run` with `null` on an active confirm step (reads the step, its process
//     and the session; answers the confirm question);
//   - answer: `action/run` answering that confirm with no (CancelProceed): checks the step's
//     ActionState, writes the step and a history event in one durable transaction. Each
//     connection works on its own process, sending back the ActionState of its last answer.
// Reports requests/s, p99 latency and the ratio 100k ÷ 1k (throughput and p99; target: ≈ 1).
// Env: BENCH_DURATION seconds per round (default 4), BENCH_CONNECTIONS (default 10),
// BENCH_ROUNDS (default 5), BENCH_SMALL (default 1000), BENCH_LARGE (default 100000).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { loadBuiltServer } from './mock-server-dist.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const duration = Number(process.env.BENCH_DURATION ?? 4);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const sizes = [
  { database: 'training', stored: Number(process.env.BENCH_SMALL ?? 1000) },
  { database: 'demo', stored: Number(process.env.BENCH_LARGE ?? 100_000) },
];
const BASE = 'api/v1/user/system/user-processes';

const { startServer, support } = await loadBuiltServer();

const dataDir = await mkdtemp(path.join(tmpdir(), 'procedo-process-bench-'));
const server = await startServer({ port: 0, dataDir, logLevel: 'silent', staticDir: null });

async function signIn(database) {
  const logon = await fetch(`${server.url}api/v1/session/logon`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Database: database, UserName: 'supervisor', Password: 'demo' }),
  });
  if (logon.status !== 200) throw new Error(`logon failed: ${logon.status}`);
  const jar = Object.fromEntries(logon.headers.getSetCookie().map((line) => line.split(';')[0].split('=')));
  const headers = {
    cookie: `procedo_session=${jar.procedo_session}; procedo_csrf=${jar.procedo_csrf}`,
    'x-csrf-token': jar.procedo_csrf,
    'content-type': 'application/json',
  };
  const call = async (method, url, body) => {
    const response = await fetch(`${server.url}${url}`, { method, headers, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  return { headers, call };
}

const subjects = [];
try {
  for (const size of sizes) {
    const db = support.openSqlite(path.join(dataDir, `${size.database}.sqlite`));
    const owner = db.prepare("SELECT id FROM users WHERE name = 'supervisor'").get();
    const started = performance.now();
    support.bulkInsertProcesses(db, {
      commandName: 'Interaction tour',
      count: size.stored,
      ownerUserId: owner.id,
      createdBy: 'supervisor',
    });
    const counts = db
      .prepare(
        'SELECT (SELECT count(*) FROM processes) AS processes, (SELECT count(*) FROM process_steps) AS steps',
      )
      .get();
    // Fold the bulk write's WAL into the database now, so no measured request pays for it.
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    console.log(
      `${size.database}: ${counts.processes.toLocaleString('en')} processes, ${counts.steps.toLocaleString('en')} steps written in ${Math.round(performance.now() - started)} ms`,
    );
  }
  // HTTP only after every bulk write: a long synchronous write would let idle keep-alive
  // connections time out under the client.
  for (const size of sizes) {
    const { headers, call } = await signIn(size.database);
    const commands = await call('GET', `${BASE}/lookup/commands/creatable-as-process?$orderby=Name`);
    const tour = commands.find((c) => c.Name === 'Interaction tour');
    // One fresh process per connection for the answer case, plus one for the question case.
    const pool = [];
    for (let i = 0; i <= connections; i++) {
      const created = await call('POST', `${BASE}/command/create-process?originatingCommandId=${tour.Id}`, {
        Name: `Bench ${size.database} ${i}`,
      });
      const stepId = created.AllSteps[0].Id;
      const question = await call('POST', `${BASE}/steps/${stepId}/action/run`, null);
      pool.push({ stepId, question });
    }
    const reader = pool.pop();
    // Re-reads every process's current question (and ActionState): a request cut off at the end
    // of a round may have been answered without its answer being read.
    const refresh = async (subject) => {
      for (const item of subject.all) {
        item.question = await call('POST', `${BASE}/steps/${item.stepId}/action/run`, null);
      }
      subject.pool = [...subject.all];
    };
    subjects.push({
      ...size,
      headers,
      all: [...pool],
      pool,
      reader,
      refresh,
      results: { question: [], answer: [] },
    });
  }

  const measure = async (subject, kind) => {
    let failed = 0;
    const options = {
      url: server.url,
      method: 'POST',
      headers: subject.headers,
      connections,
      duration,
    };
    if (kind === 'question') {
      options.requests = [
        { method: 'POST', path: `/${BASE}/steps/${subject.reader.stepId}/action/run`, body: 'null' },
      ];
    } else {
      // Each in-flight request takes a process from the pool and gives it back with the
      // ActionState of its answer, so every answer is a fresh one (never a replay).
      options.requests = [
        {
          method: 'POST',
          setupRequest(request, context) {
            const item = subject.pool.pop();
            if (!item) throw new Error('the pool of processes ran dry');
            context.item = item;
            return {
              ...request,
              path: `/${BASE}/steps/${item.stepId}/action/run`,
              body: JSON.stringify({ ...item.question, Confirmed: true, ConfirmResult: false }),
            };
          },
          onResponse(status, body, context) {
            const item = context.item;
            if (status === 200)
              item.question = { ...item.question, ActionState: JSON.parse(body).ActionState };
            else failed++;
            subject.pool.push(item);
          },
        },
      ];
    }
    if (kind === 'answer') await subject.refresh(subject);
    const result = await autocannon(options);
    if (result.non2xx > 0 || result.errors > 0 || failed > 0) {
      throw new Error(
        `${subject.database} ${kind}: ${result.non2xx} non-2xx answers, ${result.errors} errors`,
      );
    }
    subject.results[kind].push({ rps: result.requests.average, p99: result.latency.p99 });
  };

  // Warm-up, then interleaved rounds.
  for (const subject of subjects) {
    await autocannon({
      url: `${server.url}${BASE}/steps/${subject.reader.stepId}/action/run`,
      method: 'POST',
      headers: subject.headers,
      body: 'null',
      connections,
      duration: 1,
    });
  }
  for (let round = 0; round < rounds; round++) {
    for (const subject of round % 2 === 0 ? subjects : [...subjects].reverse()) {
      await measure(subject, 'question');
      await measure(subject, 'answer');
    }
  }
} finally {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const rows = [];
for (const kind of ['question', 'answer']) {
  for (const subject of subjects) {
    const samples = subject.results[kind];
    rows.push({
      case: `action/run ${kind}`,
      storedProcesses: subject.stored,
      requestsPerSecond: Math.round(median(samples.map((s) => s.rps))),
      p99Ms: median(samples.map((s) => s.p99)),
    });
  }
}
const ratios = ['question', 'answer'].map((kind) => {
  const [small, large] = rows.filter((r) => r.case === `action/run ${kind}`);
  return {
    case: `action/run ${kind}`,
    throughput: +(large.requestsPerSecond / small.requestsPerSecond).toFixed(3),
    p99: small.p99Ms > 0 ? +(large.p99Ms / small.p99Ms).toFixed(3) : null,
  };
});
console.log(
  `Process benchmark: ${rounds} rounds of ${duration} s per case, ${connections} connections, Node ${process.versions.node} (medians)`,
);
console.table(rows);
for (const r of ratios) {
  console.log(
    `${r.case}, ${sizes[1].stored.toLocaleString('en')} ÷ ${sizes[0].stored.toLocaleString('en')} stored processes: throughput ${r.throughput}×, p99 ${r.p99 ?? 'n/a'}× (target ≈ 1)`,
  );
}
await mkdir(path.join(root, 'bench/results'), { recursive: true });
await writeFile(
  path.join(root, 'bench/results/processes.json'),
  `${JSON.stringify(
    {
      measuredAt: new Date().toISOString(),
      node: process.versions.node,
      durationSeconds: duration,
      connections,
      rounds,
      rows,
      ratios,
      samples: subjects.map((s) => ({ database: s.database, stored: s.stored, ...s.results })),
    },
    null,
    2,
  )}\n`,
);
console.log('Wrote bench/results/processes.json');
