// Time-travel and audit-trail benchmark (run after
// `corepack pnpm --filter @procedo/client-api --filter @procedo/mock-server run build`):
//   1. GET /api/v1/forms/102/records/{id}?Timepoint=T of a record with BENCH_HISTORY versions
//      ÷ the same read without Timepoint (target ≤ 1.5×), T at 10 %, 50 % and 90 % of its history;
//   2. GET /api/v1/forms/101/search?text=&page=0 (and text=BENCH_TEXT) over BENCH_RECORDS suppliers
//      with BENCH_VERSIONS versions each, with Timepoint ÷ without (target ≤ 2×), T at 10 %, 50 %
//      and 90 % of the history's span;
//   3. GET …/records/{id}/audit?limit=100 (the first page) of a record with BENCH_HISTORY events
//      ÷ of one with BENCH_HISTORY_SMALL events (target ≤ 1.2×);
//   4. GET …/records/{id}/audit/verify of a BENCH_CHAIN-event chain (absolute ms).
// The data is written straight into the server's SQLite files while it is stopped, through
// bench-support's bulkWriteHistories (the store's own writes: versions, their periods, the
// hash-chained audit events), with write times spread over the span; the server is then started
// again on the same folder. Search data goes to the `demo` database; the three long histories to
// `training`, so that one record's 100,000 periods do not sit in the search's index.
// Each answer is checked (status 200, totals, versions, values, event counts, an intact chain)
// against a model of the generated histories before anything is timed. The cases of each group
// are then interleaved request by request, in rotating order, over BENCH_ROUNDS rounds (so drift
// of a shared machine hits them alike); medians of single-request latencies.
// Env: BENCH_RECORDS (default 100000), BENCH_VERSIONS (10), BENCH_HISTORY (100000),
// BENCH_HISTORY_SMALL (1000), BENCH_CHAIN (10000), BENCH_ROUNDS (5), BENCH_REQUESTS requests per
// case per round (20; verify: a quarter of it, at least 2), BENCH_TEXT (default `nordic`),
// BENCH_SEARCH_AUDIT=1 writes the search set's audit events too (the search never reads them;
// the three long histories always have theirs; with them the build takes ~3.5× as long),
// BENCH_KEEP=1 keeps the data folder (its path is printed) to look into with sqlite3.
// Writes bench/results/timetravel.json.
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
const RECORDS = env('BENCH_RECORDS', 100_000);
const VERSIONS = env('BENCH_VERSIONS', 10);
const HISTORY = env('BENCH_HISTORY', 100_000);
const HISTORY_SMALL = env('BENCH_HISTORY_SMALL', 1000);
const CHAIN = env('BENCH_CHAIN', 10_000);
const ROUNDS = env('BENCH_ROUNDS', 5);
const REQUESTS = env('BENCH_REQUESTS', 20);
const TEXT = (process.env.BENCH_TEXT ?? 'nordic').toLowerCase();
const KEEP = process.env.BENCH_KEEP === '1';
const SEARCH_AUDIT = process.env.BENCH_SEARCH_AUDIT === '1';
const FRACTIONS = [0.1, 0.5, 0.9];
const LONG = [...new Set([HISTORY_SMALL, CHAIN, HISTORY])];
const MINUTE = 60_000;
const DAY = 86_400_000;

const { startServer, support } = await loadBuiltServer();

// ---------------------------------------------------------------------------------------------
// The generated data. Everything ends a day before now, on a whole minute.
const dataEnd = Math.floor(Date.now() / MINUTE) * MINUTE - DAY;

/** A small deterministic PRNG (mulberry32), one stream per record. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const FIRST = ['Alpine', 'Baltic', 'Cedar', 'Delta', 'Evergreen', 'Falcon', 'Granite', 'Harbor'];
FIRST.push('Iris', 'Juniper', 'Kestrel', 'Lumen', 'Meridian', 'Nordic', 'Orion', 'Pioneer');
const SECOND = ['Chemicals', 'Pharma', 'Labs', 'Materials', 'Packaging', 'Logistics', 'Supplies', 'Biotech'];
const COUNTRIES = ['Austria', 'Belgium', 'Denmark', 'France', 'Germany', 'Italy', 'Norway', 'Spain'];
const STATUS = ['Approved', 'Conditional', 'Blocked'];

// The search set: BENCH_RECORDS suppliers over a span of RECORDS × VERSIONS minutes (on average
// one version a minute). Each is created at a random time in the first 90 % of the span and
// changed VERSIONS − 1 times at random times between then and the end; every tenth is renamed at
// its sixth version (so the titles of T differ from today's) and every twentieth is deleted by its
// last version (so records deleted later appear at T).
const spanStart = dataEnd - RECORDS * VERSIONS * MINUTE;
const searchSpan = dataEnd - spanStart;

/** The times (ms) and titles of search record `r`'s versions, and whether its last one deletes it. */
function outline(r) {
  const next = random(r + 1);
  const created = spanStart + Math.floor(next() * searchSpan * 0.9);
  const times = [created];
  const later = Array.from(
    { length: VERSIONS - 1 },
    () => created + Math.floor(next() * (dataEnd - created)),
  );
  times.push(...later.sort((a, b) => a - b));
  const first = Math.floor(next() * FIRST.length);
  const second = SECOND[Math.floor(next() * SECOND.length)];
  const number = String(r + 1).padStart(6, '0');
  const names = [
    `${FIRST[first]} ${second} ${number}`,
    `${FIRST[(first + 5) % FIRST.length]} ${second} ${number}`,
  ];
  const renamedAt = r % 10 === 3 && VERSIONS > 5 ? 5 : VERSIONS;
  const deleted = r % 20 === 19 && VERSIONS > 1;
  return { times, names, renamedAt, deleted, country: COUNTRIES[r % COUNTRIES.length] };
}

const nameOf = (o, k) => o.names[k >= o.renamedAt ? 1 : 0];
const iso = (ms) => new Date(ms).toISOString();

function supplierValues(name, country, k) {
  return {
    Name: name,
    Country: country,
    Status: STATUS[k % STATUS.length],
    Rating: 1 + (k % 5),
    Email: `qa@${name.toLowerCase().replaceAll(' ', '-')}.example`,
    AuditNotes: `Review ${k + 1}: deliveries checked, documents complete.`,
  };
}

function searchHistory(r, users) {
  const o = outline(r);
  const versions = o.times.map((at, k) => ({
    values: supplierValues(nameOf(o, k), o.country, k),
    at: iso(at),
    user: users[k % users.length],
  }));
  if (o.deleted) {
    const last = versions.at(-1);
    last.values = versions.at(-2).values;
    last.isDeleted = true;
  }
  return versions;
}

/** The search records alive at `at` (ms; Infinity for now) with their title then. */
function modelAt(at) {
  const alive = [];
  for (let r = 0; r < RECORDS; r++) {
    const o = outline(r);
    let k = -1;
    while (k + 1 < o.times.length && o.times[k + 1] <= at) k++;
    if (k < 0 || (o.deleted && k === o.times.length - 1)) continue;
    alive.push({ r, name: nameOf(o, k) });
  }
  return alive;
}

// The long histories: one version a minute, ending at dataEnd; version k changes the rating,
// status and notes. Each version writes one audit event (create, then updates): events = versions.
const longTimes = (n) => (k) => dataEnd - (n - 1 - k) * MINUTE;
function longHistory(n, users) {
  const at = longTimes(n);
  return Array.from({ length: n }, (_, k) => ({
    values: supplierValues(`Long history ${n}`, 'Austria', k),
    at: iso(at(k)),
    user: users[k % users.length],
  }));
}

// ---------------------------------------------------------------------------------------------
const dataDir = await mkdtemp(path.join(tmpdir(), 'procedo-timetravel-bench-'));
const serverOptions = { port: 0, dataDir, logLevel: 'silent', staticDir: null };
let server = await startServer(serverOptions);

// The server is stopped while the bench writes: the file has no other connection, so the bulk
// write may leave WAL mode (a WAL's index grows with a big transaction and slows every page
// lookup: 1.7× here) and return to it before the server opens the file again; and a 1 GB page
// cache keeps the indexes that grow in random order (titles, times) in memory (1.15×).
function openForBulk(database) {
  const db = support.openSqlite(path.join(dataDir, `${database}.sqlite`));
  db.pragma('journal_mode = MEMORY');
  db.pragma('cache_size = -1048576');
  return db;
}
function closeAfterBulk(db) {
  db.pragma('journal_mode = WAL');
  db.close();
}

async function signIn(database) {
  const logon = await fetch(`${server.url}api/v1/session/logon`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Database: database, UserName: 'supervisor', Password: 'demo' }),
  });
  if (logon.status !== 200) throw new Error(`logon to ${database} failed: ${logon.status}`);
  const jar = Object.fromEntries(logon.headers.getSetCookie().map((line) => line.split(';')[0].split('=')));
  return { cookie: `procedo_session=${jar.procedo_session}; procedo_csrf=${jar.procedo_csrf}` };
}
async function get(headers, url) {
  const response = await fetch(`${server.url}api/v1/${url}`, { headers });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${text}`);
  return JSON.parse(text);
}
const withTimepoint = (url, at) => `${url}${url.includes('?') ? '&' : '?'}Timepoint=${iso(at)}`;
/** `url` now (`when` Infinity) or at `when`. */
const at = (when, url) => (when === Infinity ? url : withTimepoint(url, when));
function check(condition, message) {
  if (!condition) throw new Error(`Sanity check failed: ${message}`);
}

const searchTimes = FRACTIONS.map((f) => spanStart + Math.round(f * searchSpan));
const searchUrls = {
  empty: 'forms/101/search?text=&page=0',
  text: `forms/101/search?text=${encodeURIComponent(TEXT)}&page=0`,
};
const result = {
  measuredAt: new Date().toISOString(),
  node: process.versions.node,
  config: { RECORDS, VERSIONS, HISTORY, HISTORY_SMALL, CHAIN, ROUNDS, REQUESTS, TEXT, SEARCH_AUDIT },
};

try {
  // The seeded demo suppliers are in the search too: count them (now and at each T) first.
  const seeded = {};
  {
    const headers = await signIn('demo');
    for (const [kind, url] of Object.entries(searchUrls)) {
      seeded[kind] = [Infinity, ...searchTimes].map((when) => ({ at: when }));
      for (const slot of seeded[kind]) {
        const page = await get(headers, at(slot.at, url));
        slot.total = page.Total;
      }
    }
  }
  await server.close();

  // Bulk write while the server is stopped.
  const build = {};
  let searchIds = [];
  {
    const db = openForBulk('demo');
    const users = db
      .prepare("SELECT name, legal_name AS legalName FROM users WHERE name IN ('supervisor', 'operator')")
      .all();
    const started = performance.now();
    const ids = support.bulkWriteHistories(db, {
      entity: 'supplier',
      count: RECORDS,
      history: (r) => searchHistory(r, users),
      audit: SEARCH_AUDIT,
    });
    closeAfterBulk(db);
    build.searchMs = Math.round(performance.now() - started);
    build.searchVersions = RECORDS * VERSIONS;
    searchIds = ids;
    console.log(
      `demo: ${RECORDS.toLocaleString('en')} suppliers × ${VERSIONS} versions (${SEARCH_AUDIT ? 'with' : 'without'} audit events) written in ${(build.searchMs / 1000).toFixed(1)} s (${Math.round((build.searchVersions / build.searchMs) * 1000).toLocaleString('en')} versions/s)`,
    );
  }
  const long = {};
  {
    const db = openForBulk('training');
    const users = db
      .prepare("SELECT name, legal_name AS legalName FROM users WHERE name IN ('supervisor', 'operator')")
      .all();
    const started = performance.now();
    for (const n of LONG) {
      [long[n]] = support.bulkWriteHistories(db, {
        entity: 'supplier',
        count: 1,
        history: () => longHistory(n, users),
      });
    }
    closeAfterBulk(db);
    build.longMs = Math.round(performance.now() - started);
    build.longVersions = LONG.reduce((a, b) => a + b, 0);
    console.log(
      `training: records with ${LONG.map((n) => n.toLocaleString('en')).join(', ')} versions and events written in ${(build.longMs / 1000).toFixed(1)} s`,
    );
  }
  result.build = build;

  server = await startServer(serverOptions);
  const demo = await signIn('demo');
  const training = await signIn('training');

  // ---- Sanity checks, before timing.
  const searchModel = new Map([Infinity, ...searchTimes].map((when) => [when, modelAt(when)]));
  for (const [kind, url] of Object.entries(searchUrls)) {
    for (const slot of seeded[kind]) {
      const page = await get(demo, at(slot.at, url));
      const alive = searchModel
        .get(slot.at)
        .filter((row) => kind === 'empty' || row.name.toLowerCase().includes(TEXT));
      const expected = slot.total + alive.length;
      const label = `${kind} search ${slot.at === Infinity ? 'now' : `at ${iso(slot.at)}`}`;
      check(page.Total === expected, `${label}: Total ${page.Total}, expected ${expected}`);
      check(page.Rows.length === Math.min(25, expected), `${label}: ${page.Rows.length} rows`);
      const keys = page.Rows.map((row) => String(row.Values.Name).trim().toLowerCase());
      check(
        keys.every((key, i) => i === 0 || keys[i - 1] <= key),
        `${label}: rows not in title order`,
      );
      const byId = new Map(alive.map((row) => [searchIds[row.r], row.name]));
      for (const row of page.Rows) {
        if (row.Id >= searchIds[0])
          check(byId.get(row.Id) === row.Values.Name, `${label}: row ${row.Id} is ${row.Values.Name}`);
      }
    }
  }
  // Half a minute after a version, so the version current at T is unambiguous.
  const readTimes = FRACTIONS.map((f) => longTimes(HISTORY)(Math.floor(f * (HISTORY - 1))) + 30_000);
  {
    const url = `forms/102/records/${long[HISTORY]}`;
    const now = await get(training, url);
    check(
      now.Version === HISTORY && now.Values.Name === `Long history ${HISTORY}`,
      `current read: version ${now.Version}`,
    );
    for (const t of readTimes) {
      const then = await get(training, withTimepoint(url, t));
      // Versions a minute apart, T half a minute after one of them.
      const k = Math.floor((t - longTimes(HISTORY)(0)) / MINUTE);
      check(then.Version === k + 1, `read at ${iso(t)}: version ${then.Version}, expected ${k + 1}`);
      check(then.Values.AuditNotes === supplierValues('', '', k).AuditNotes, `read at ${iso(t)}: values`);
    }
    for (const n of [HISTORY_SMALL, HISTORY]) {
      const page = await get(training, `forms/102/records/${long[n]}/audit?limit=100`);
      check(page.Items.length === Math.min(100, n), `audit of ${n}: ${page.Items.length} items`);
      check(page.Items[0].Seq === 1 && page.Items[0].Kind === 'create', `audit of ${n}: first event`);
      check(page.NextAfterSeq === (n > 100 ? 100 : null), `audit of ${n}: NextAfterSeq ${page.NextAfterSeq}`);
      const end = await get(training, `forms/102/records/${long[n]}/audit?afterSeq=${n - 1}&limit=100`);
      check(
        end.Items.length === 1 && end.Items[0].Seq === n && end.NextAfterSeq === null,
        `audit of ${n}: last event`,
      );
    }
    const verify = await get(training, `forms/102/records/${long[CHAIN]}/audit/verify`);
    check(verify.Intact === true && verify.Events === CHAIN, `verify: ${JSON.stringify(verify)}`);
  }
  console.log(
    'Sanity checks passed: totals, title order and values of T, versions, audit pages, an intact chain.',
  );

  // ---- Measurement.
  const groups = [
    {
      name: 'read',
      headers: training,
      cases: [
        { name: 'current', url: `forms/102/records/${long[HISTORY]}` },
        ...readTimes.map((t, i) => ({
          name: `at ${FRACTIONS[i] * 100} %`,
          url: withTimepoint(`forms/102/records/${long[HISTORY]}`, t),
        })),
      ],
    },
    ...Object.entries(searchUrls).map(([kind, url]) => ({
      name: `search ${kind === 'empty' ? 'text=' : `text=${TEXT}`}`,
      headers: demo,
      cases: [
        { name: 'current', url },
        ...searchTimes.map((t, i) => ({ name: `at ${FRACTIONS[i] * 100} %`, url: withTimepoint(url, t) })),
      ],
    })),
    {
      name: 'audit first page',
      headers: training,
      cases: [HISTORY_SMALL, HISTORY].map((n) => ({
        name: `${n.toLocaleString('en')} events`,
        url: `forms/102/records/${long[n]}/audit?limit=100`,
      })),
    },
    {
      name: 'verify',
      headers: training,
      requests: Math.max(2, Math.round(REQUESTS / 4)),
      cases: [
        {
          name: `${CHAIN.toLocaleString('en')} events`,
          url: `forms/102/records/${long[CHAIN]}/audit/verify`,
        },
      ],
    },
  ];
  for (const group of groups) for (const c of group.cases) c.samples = [];
  const once = async (headers, url) => {
    const started = performance.now();
    const response = await fetch(`${server.url}api/v1/${url}`, { headers });
    await response.arrayBuffer();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`GET ${url}: ${response.status}`);
    return ms;
  };
  for (const group of groups)
    for (const c of group.cases) for (let i = 0; i < 3; i++) await once(group.headers, c.url);
  const started = performance.now();
  for (let round = 0; round < ROUNDS; round++) {
    for (const group of round % 2 === 0 ? groups : [...groups].reverse()) {
      for (let i = 0; i < (group.requests ?? REQUESTS); i++) {
        const n = group.cases.length;
        for (let j = 0; j < n; j++) {
          const c = group.cases[(i + j + round) % n];
          c.samples.push(await once(group.headers, c.url));
        }
      }
    }
  }
  console.log(`Measured in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  };
  const ms = (value) => +value.toFixed(3);
  const rows = [];
  for (const group of groups) {
    const base = median(group.cases[0].samples);
    for (const c of group.cases) {
      const m = median(c.samples);
      rows.push({
        group: group.name,
        case: c.name,
        medianMs: ms(m),
        p90Ms: ms([...c.samples].sort((a, b) => a - b)[Math.floor(c.samples.length * 0.9)]),
        ratio: group.cases.length > 1 ? +(m / base).toFixed(3) : null,
        samples: c.samples.length,
      });
    }
  }
  const find = (group, name) => rows.find((r) => r.group === group && r.case === name);
  console.log(
    `Time-travel benchmark: ${ROUNDS} rounds, ${REQUESTS} requests per case and round, Node ${process.versions.node} (medians of single requests)`,
  );
  console.table(rows.map(({ samples: _s, ...row }) => row));
  const targets = [];
  for (const f of FRACTIONS) {
    const row = find('read', `at ${f * 100} %`);
    targets.push({
      measure: `as-of read ÷ current read, ${HISTORY.toLocaleString('en')} versions, T at ${f * 100} %`,
      ratio: row.ratio,
      target: 1.5,
    });
  }
  for (const kind of ['text=', `text=${TEXT}`]) {
    for (const f of FRACTIONS) {
      const row = find(`search ${kind}`, `at ${f * 100} %`);
      targets.push({
        measure: `as-of search ÷ current, ${kind}, T at ${f * 100} %`,
        ratio: row.ratio,
        target: 2,
      });
    }
  }
  const audit = find('audit first page', `${HISTORY.toLocaleString('en')} events`);
  targets.push({
    measure: `audit first page, ${HISTORY.toLocaleString('en')} ÷ ${HISTORY_SMALL.toLocaleString('en')} events`,
    ratio: audit.ratio,
    target: 1.2,
  });
  for (const t of targets) t.met = t.ratio <= t.target;
  console.table(targets);
  const verify = rows.find((r) => r.group === 'verify');
  console.log(
    `verify of a ${CHAIN.toLocaleString('en')}-event chain: ${verify.medianMs.toFixed(1)} ms (median)`,
  );
  Object.assign(result, {
    timepoints: { search: searchTimes.map(iso), read: readTimes.map(iso) },
    rows,
    targets,
  });
  result.samples = groups.flatMap((g) =>
    g.cases.map((c) => ({ group: g.name, case: c.name, ms: c.samples.map(ms) })),
  );
  await mkdir(path.join(root, 'bench/results'), { recursive: true });
  await writeFile(path.join(root, 'bench/results/timetravel.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log('Wrote bench/results/timetravel.json');
} finally {
  await server.close();
  if (KEEP) console.log(`Kept the data folder: ${dataDir}`);
  else await rm(dataDir, { recursive: true, force: true });
}
