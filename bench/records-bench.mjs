// Record save benchmark (run after `corepack pnpm --filter @procedo/mock-server build`): the cost
// of saving one record must not grow with its history. Two suppliers get 10,000 and 100,000
// earlier versions, written straight through the record store; then both are saved in
// interleaved rounds through `PUT /api/v1/forms/102/records/{id}` (validation, permissions, one
// durable transaction) and through the store's append alone. Reports saves/s and the ratio
// (100k ÷ 10k time per save; target ≤ 1.2). Env: BENCH_SAVES saves per record (default 600).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBuiltServer } from './mock-server-dist.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const saves = Number(process.env.BENCH_SAVES ?? 600);
const ROUNDS = 6;

const { startServer, support } = await loadBuiltServer();

const dataDir = await mkdtemp(path.join(tmpdir(), 'procedo-records-bench-'));
const server = await startServer({ port: 0, dataDir, logLevel: 'silent', staticDir: null });
const db = support.openSqlite(path.join(dataDir, 'demo.sqlite'));
const store = support.createSqliteRecordStore(db);

try {
  const logon = await fetch(`${server.url}api/v1/session/logon`, {
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
  const call = async (method, url, body) => {
    const response = await fetch(`${server.url}api/v1/${url}`, {
      method,
      headers,
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response.json();
  };

  const values = (name, n) => ({
    Name: name,
    Country: `Country ${n % 97}`,
    Status: 'Approved',
    Rating: 1 + (n % 5),
    AuditNotes: `Audit note ${n}`,
  });
  const subjects = [];
  for (const history of [10_000, 100_000]) {
    const name = `Bench supplier ${history}`;
    const created = await call('POST', 'forms/102/records', { Values: values(name, 0) });
    const started = performance.now();
    for (let done = 0; done < history; done += 10_000) {
      const batch = Array.from({ length: Math.min(10_000, history - done) }, (_, i) => {
        const v = values(name, done + i + 1);
        return {
          values: v,
          isDeleted: false,
          index: support.indexFields('supplier', v),
          updatedBy: 'bench',
          updatedAt: new Date().toISOString(),
        };
      });
      await store.importVersions(created.Id, batch);
    }
    const ms = performance.now() - started;
    console.log(`history of ${history.toLocaleString('en')} versions written in ${Math.round(ms)} ms`);
    subjects.push({ history, id: created.Id, version: history + 1, name, httpMs: 0, storeMs: 0 });
  }

  const saveHttp = async (subject, n) => {
    const started = performance.now();
    const saved = await call('PUT', `forms/102/records/${subject.id}`, {
      Version: subject.version,
      Values: { Country: `Saved ${n}`, AuditNotes: `Saved note ${n}` },
    });
    subject.version = saved.Version;
    return performance.now() - started;
  };
  const saveStore = async (subject, n) => {
    const v = values(subject.name, n);
    const started = performance.now();
    const result = await store.append(subject.id, subject.version, {
      values: v,
      isDeleted: false,
      index: support.indexFields('supplier', v),
      updatedBy: 'bench',
      updatedAt: new Date().toISOString(),
    });
    if (!result.ok) throw new Error(`append failed: ${result.reason}`);
    subject.version = result.record.version;
    return performance.now() - started;
  };

  // Warm-up, then rounds alternating the two records so drift on the machine hits both alike.
  for (const subject of subjects) for (let i = 0; i < 30; i++) await saveHttp(subject, i);
  const perRound = Math.ceil(saves / ROUNDS);
  for (let round = 0; round < ROUNDS; round++) {
    for (const subject of round % 2 === 0 ? subjects : [...subjects].reverse()) {
      for (let i = 0; i < perRound; i++) subject.httpMs += await saveHttp(subject, i);
      for (let i = 0; i < perRound; i++) subject.storeMs += await saveStore(subject, i);
    }
  }

  const total = perRound * ROUNDS;
  const rows = subjects.map((s) => ({
    history: s.history,
    saves: total,
    httpSavesPerSecond: Math.round((total / s.httpMs) * 1000),
    httpMsPerSave: +(s.httpMs / total).toFixed(3),
    storeSavesPerSecond: Math.round((total / s.storeMs) * 1000),
    storeMsPerSave: +(s.storeMs / total).toFixed(3),
  }));
  const [small, large] = rows;
  const result = {
    measuredAt: new Date().toISOString(),
    node: process.version,
    rows,
    ratio: {
      http: +(large.httpMsPerSave / small.httpMsPerSave).toFixed(3),
      store: +(large.storeMsPerSave / small.storeMsPerSave).toFixed(3),
      target: 1.2,
    },
  };
  console.table(rows);
  console.log(
    `time per save, 100,000 ÷ 10,000 earlier versions: HTTP ${result.ratio.http}×, store ${result.ratio.store}× (target ≤ 1.2×)`,
  );
  await mkdir(path.join(root, 'bench/results'), { recursive: true });
  await writeFile(path.join(root, 'bench/results/records.json'), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  db.close();
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
}
