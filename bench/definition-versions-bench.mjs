// Form definitions through time (run after
// `corepack pnpm --filter @procedo/client-api --filter @procedo/mock-server run build`):
// GET /api/v1/forms/102 now and with ?Timepoint=T (T at 10 %, 50 % and 90 % of the versions) on
// the demo database, whose supplier form gets BENCH_VERSIONS published versions (written straight
// into SQLite while the server is stopped, one minute apart, each Title naming its version), ÷ the
// same read now on the training database, whose form 102 has its one seeded version (target ≈ 1
// for "now": the current version is still the one form_definitions row; ≤ 1.5× at a timepoint).
// Every answer is checked (the Title names the version T is in) before anything is timed; cases
// interleaved request by request in rotating order over BENCH_ROUNDS rounds; medians.
// Env: BENCH_VERSIONS (default 10000), BENCH_ROUNDS (5), BENCH_REQUESTS per case per round (40).
// Writes bench/results/definition-versions.json.
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
const VERSIONS = env('BENCH_VERSIONS', 10_000);
const ROUNDS = env('BENCH_ROUNDS', 5);
const REQUESTS = env('BENCH_REQUESTS', 40);
const MINUTE = 60_000;
const START = Date.UTC(2020, 0, 1);
const iso = (ms) => new Date(ms).toISOString();

const { startServer, support } = await loadBuiltServer();
const dataDir = await mkdtemp(path.join(tmpdir(), 'procedo-definition-versions-bench-'));
const options = { port: 0, dataDir, logLevel: 'silent', staticDir: null };
let server = await startServer(options);
await server.close();

const build = {};
{
  const db = support.openSqlite(path.join(dataDir, 'demo.sqlite'));
  const seeded = JSON.parse(
    db.prepare('SELECT json FROM form_definitions WHERE web_template_no = 102').get().json,
  );
  const insert = db.prepare(
    `INSERT INTO form_definition_versions
       (web_template_no, version, schema_version, json, published_at_utc, published_by, change_note)
     VALUES (102, ?, 1, ?, ?, 'supervisor', 'bench')`,
  );
  const started = performance.now();
  db.transaction(() => {
    for (let v = 2; v <= VERSIONS; v++)
      insert.run(v, JSON.stringify({ ...seeded, Title: `Supplier v${v}` }), iso(START + v * MINUTE));
    db.prepare(
      `UPDATE form_definitions SET json = ?, version = ?, updated_at_utc = ? WHERE web_template_no = 102`,
    ).run(
      JSON.stringify({ ...seeded, Title: `Supplier v${VERSIONS}` }),
      VERSIONS,
      iso(START + VERSIONS * MINUTE),
    );
  })();
  build.versionsMs = Math.round(performance.now() - started);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}
server = await startServer(options);
const results = [];
try {
  const logon = async (database) => {
    const response = await fetch(`${server.url}api/v1/session/logon`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Database: database, UserName: 'supervisor', Password: 'demo' }),
    });
    if (response.status !== 200) throw new Error(`logon failed: ${response.status}`);
    const jar = Object.fromEntries(
      response.headers.getSetCookie().map((line) => line.split(';')[0].split('=')),
    );
    return { cookie: `procedo_session=${jar.procedo_session}` };
  };
  const demo = await logon('demo');
  const training = await logon('training');
  const point = (share) => Math.max(2, Math.round(VERSIONS * share));
  const cases = [
    { name: 'now, 1 version (training)', headers: training, version: null, title: 'Supplier' },
    { name: `now, ${VERSIONS} versions`, headers: demo, version: null, title: `Supplier v${VERSIONS}` },
    ...[0.1, 0.5, 0.9].map((share) => ({
      name: `Timepoint at ${share * 100} %, ${VERSIONS} versions`,
      headers: demo,
      version: point(share),
      title: `Supplier v${point(share)}`,
    })),
  ].map((c) => ({
    ...c,
    url: `api/v1/forms/102${c.version === null ? '' : `?Timepoint=${iso(START + c.version * MINUTE + MINUTE / 2)}`}`,
    samples: [],
  }));
  const once = async (c) => {
    const started = performance.now();
    const response = await fetch(`${server.url}${c.url}`, { headers: c.headers });
    const body = await response.json();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`GET ${c.url}: ${response.status} ${JSON.stringify(body)}`);
    return { ms, body };
  };
  for (const c of cases) {
    const { body } = await once(c);
    if (body.Definition.Title !== c.title) throw new Error(`${c.name}: answered ${body.Definition.Title}`);
  }
  for (const c of cases) for (let i = 0; i < 3; i++) await once(c);
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < REQUESTS; i++) {
      for (let j = 0; j < cases.length; j++) {
        const c = cases[(i + j + round) % cases.length];
        c.samples.push((await once(c)).ms);
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

const [baseline, ...others] = results;
console.log(
  `Form definitions through time: ${VERSIONS.toLocaleString('en')} versions of form 102, ${ROUNDS} rounds × ${REQUESTS} requests per case, Node ${process.versions.node}; versions written in ${build.versionsMs} ms`,
);
console.table(results.map(({ samples, ...row }) => row));
const ratios = Object.fromEntries(
  others.map((r) => [`${r.case} ÷ ${baseline.case}`, +(r.medianMs / baseline.medianMs).toFixed(3)]),
);
for (const [name, value] of Object.entries(ratios)) console.log(`${name}: ${value}×`);
await mkdir(path.join(root, 'bench/results'), { recursive: true });
await writeFile(
  path.join(root, 'bench/results/definition-versions.json'),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), node: process.versions.node, VERSIONS, ROUNDS, REQUESTS, build, results, ratios }, null, 2)}\n`,
);
console.log('Wrote bench/results/definition-versions.json');
