// Keyset search at scale (issue 13; run after
// `corepack pnpm --filter @procedo/client-api --filter @procedo/mock-server run build`):
// GET /api/v1/forms/111/search/page (form 111 Batches) over two databases built by the `large`
// demo seed (PROCEDO_DEMO_LARGE, db/seed-large.ts): BENCH_SMALL (default 10,000) and BENCH_LARGE
// (default 1,000,000) batches, each in the `demo` database of its own server, both running in this
// process. Measured, as medians of single requests on loopback:
//   1. the first page (count off) large ÷ small (target ≤ 1.2×), in title order, sorted by
//      -ManufacturedOn, sorted by Quantity, and sorted by -ManufacturedOn with a `where`
//      (Status equals Quarantine); and, in title order, with a `where` few batches match
//      (ManufacturedOn equals one day: stated, it reads every batch to fill the page);
//   2. a page deep in the scroll — after row BENCH_DEEP (default 900,000) of the large set, reached
//      once by following NextCursor (500 rows a page) — ÷ the first page of the same sort
//      (target ≤ 1.5×), in title order and by -ManufacturedOn;
//   3. the count's cost: the first page with count=exact ÷ without, at both sizes, with and
//      without the `where`, and whether the count hit the cap (PROCEDO_SEARCH_COUNT_CAP, default
//      100,000: past it the answer is "more than" the cap, TotalIsExact false).
// Every group is measured twice: through HTTP (route, service, JSON on loopback) and through the
// record store alone (`searchPage` on a read connection of its own, bench-support), the SQL's
// share without the service and the shared machine's HTTP noise.
// The cases of a group are interleaved request by request in rotating order over BENCH_ROUNDS
// rounds (so drift of a shared machine hits them alike). Each answer's shape is checked first.
// Env: BENCH_SMALL, BENCH_LARGE, BENCH_DEEP, BENCH_LIMIT (page size, default 100), BENCH_ROUNDS
// (5), BENCH_REQUESTS per case and round (20), PROCEDO_SEARCH_COUNT_CAP, BENCH_DATA=<folder> to
// reuse (or create and keep) the two databases between runs (building the million takes about a
// minute), BENCH_KEEP=1 keeps a temporary folder. Writes bench/results/search.json.
import { existsSync } from 'node:fs';
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
const SMALL = env('BENCH_SMALL', 10_000);
const LARGE = env('BENCH_LARGE', 1_000_000);
const DEEP = env('BENCH_DEEP', Math.floor(LARGE * 0.9));
const LIMIT = env('BENCH_LIMIT', 100);
const ROUNDS = env('BENCH_ROUNDS', 5);
const REQUESTS = env('BENCH_REQUESTS', 20);
const COUNT_CAP = env('PROCEDO_SEARCH_COUNT_CAP', 100_000);
const KEEP = process.env.BENCH_KEEP === '1';
const WALK_LIMIT = 500;
if (DEEP >= LARGE) throw new Error('BENCH_DEEP must be below BENCH_LARGE');

const { startServer, support } = await loadBuiltServer();
const dataRoot = process.env.BENCH_DATA
  ? path.resolve(process.env.BENCH_DATA)
  : await mkdtemp(path.join(tmpdir(), 'procedo-search-bench-'));

/** A server on `<dataRoot>/<name>` whose demo database holds `batches` batches (built if new). */
async function serve(name, batches) {
  const dataDir = path.join(dataRoot, `${name}-${batches}`);
  const isNew = !existsSync(path.join(dataDir, 'demo.sqlite'));
  const started = performance.now();
  const server = await startServer({
    port: 0,
    dataDir,
    staticDir: null,
    logLevel: 'silent',
    searchCountCap: COUNT_CAP,
    demoLarge: true,
    demoLargeBatches: batches,
  });
  const seconds = +((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `${name}: ${batches.toLocaleString('en')} batches ${isNew ? `seeded in ${seconds} s` : 'reused'}`,
  );
  const logon = await fetch(`${server.url}api/v1/session/logon`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Database: 'demo', UserName: 'supervisor', Password: 'demo' }),
  });
  if (logon.status !== 200) throw new Error(`logon failed: ${logon.status}`);
  const jar = Object.fromEntries(logon.headers.getSetCookie().map((line) => line.split(';')[0].split('=')));
  const headers = { cookie: `procedo_session=${jar.procedo_session}; procedo_csrf=${jar.procedo_csrf}` };
  // A read connection of its own beside the server's, for the store-alone cases.
  const db = support.openSqlite(path.join(dataDir, 'demo.sqlite'));
  const store = support.createSqliteRecordStore(db, undefined, { countCap: COUNT_CAP });
  return { name, batches, server, headers, db, store, build: isNew ? seconds : null };
}

/** The search/page address of a query: `sort`, `where`, `after`, `limit`, `count`. */
function pageUrl({ sort, where, after, limit = LIMIT, count }) {
  const params = new URLSearchParams({ limit: String(limit) });
  if (sort) params.set('sort', sort);
  if (where) params.set('where', JSON.stringify(where));
  if (after) params.set('after', after);
  if (count) params.set('count', 'exact');
  return `forms/111/search/page?${params}`;
}
const FIELD_KINDS = { Status: 'select', ManufacturedOn: 'date' };
const STORE_SORTS = {
  '-ManufacturedOn': { name: 'ManufacturedOn', kind: 'date', direction: 'desc' },
  Quantity: { name: 'Quantity', kind: 'number', direction: 'asc' },
};
/** The same query as the record store takes it (the service's part left out). */
function storeQuery({ sort, where, after, limit = LIMIT, count }) {
  const cursor = after ? JSON.parse(Buffer.from(after, 'base64url').toString('utf8')) : null;
  return {
    entity: 'batch',
    text: '',
    filters: [],
    sort: sort ? STORE_SORTS[sort] : null,
    conditions: where
      ? [{ ...where, Conditions: where.Conditions.map((c) => ({ ...c, kind: FIELD_KINDS[c.Field] })) }]
      : [],
    after: cursor ? { key: cursor.k, id: cursor.i } : null,
    limit,
    count: Boolean(count),
  };
}

/**
 * A GET, tried once more when the connection was reset: a kept-alive socket the server closed
 * after its idle timeout while this process was busy in the store-alone cases (synchronous SQLite)
 * is reused before its close is seen; that says nothing about the search. The retry is timed alone.
 */
async function fetchGet(target, url) {
  try {
    return await fetch(`${target.server.url}api/v1/${url}`, { headers: target.headers });
  } catch (error) {
    if (error?.cause?.code !== 'ECONNRESET') throw error;
    retried += 1;
    return fetch(`${target.server.url}api/v1/${url}`, { headers: target.headers });
  }
}
let retried = 0;
async function get(target, url) {
  const response = await fetchGet(target, url);
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${text}`);
  return JSON.parse(text);
}
function check(condition, message) {
  if (!condition) throw new Error(`Sanity check failed: ${message}`);
}

/** Follows NextCursor `rows` rows into the order of `sort`; the cursor after row `rows`. */
async function cursorAt(target, sort, rows) {
  let after;
  let seen = 0;
  let previous = null;
  const started = performance.now();
  while (seen < rows) {
    const body = await get(target, pageUrl({ sort, after, limit: Math.min(WALK_LIMIT, rows - seen) }));
    check(body.Rows.length > 0 && body.NextCursor, `the walk in ${sort ?? 'title'} order ended at ${seen}`);
    if (sort === '-ManufacturedOn') {
      const dates = body.Rows.map((row) => row.Values.ManufacturedOn);
      check(previous === null || dates[0] <= previous, 'dates descend across pages');
      previous = dates.at(-1);
    }
    seen += body.Rows.length;
    after = body.NextCursor;
  }
  const seconds = +((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `cursor after row ${rows.toLocaleString('en')} in ${sort ?? 'title'} order: ${seconds} s of paging`,
  );
  return after;
}

const QUARANTINE = { Combine: 'and', Conditions: [{ Field: 'Status', Op: 'equals', Value: 'Quarantine' }] };
// One manufacture day: about 270 of a million batches (3 of 10,000), no index on the condition.
const ONE_DAY = {
  Combine: 'and',
  Conditions: [{ Field: 'ManufacturedOn', Op: 'equals', Value: '2020-05-05' }],
};
const result = {
  measuredAt: new Date().toISOString(),
  node: process.versions.node,
  config: { SMALL, LARGE, DEEP, LIMIT, ROUNDS, REQUESTS, COUNT_CAP },
};
const targets = [];
let small;
let large;
try {
  small = await serve('small', SMALL);
  large = await serve('large', LARGE);
  result.build = { smallSeconds: small.build, largeSeconds: large.build };

  // ---- Checks before timing.
  for (const target of [small, large]) {
    const counted = await get(target, pageUrl({ count: true }));
    const exact = target.batches <= COUNT_CAP;
    check(counted.Rows.length === LIMIT, `${target.name}: a full first page`);
    check(counted.TotalIsExact === exact, `${target.name}: TotalIsExact ${counted.TotalIsExact}`);
    check(counted.Total === (exact ? target.batches : COUNT_CAP), `${target.name}: Total ${counted.Total}`);
    const plain = await get(target, pageUrl({}));
    check(plain.Total === null, `${target.name}: no count unless asked`);
    const filtered = await get(target, pageUrl({ sort: '-ManufacturedOn', where: QUARANTINE }));
    check(
      filtered.Rows.every((row) => row.Values.Status === 'Quarantine'),
      `${target.name}: the where holds`,
    );
  }
  const deepTitle = await cursorAt(large, undefined, DEEP);
  const deepDate = await cursorAt(large, '-ManufacturedOn', DEEP);
  const deepBody = await get(large, pageUrl({ after: deepTitle }));
  check(deepBody.Rows.length === LIMIT, 'a full page deep in title order');
  console.log('Sanity checks passed: totals and the cap, full pages, the where, the sort across pages.');

  // ---- Measurement.
  const pair = (name, query) => ({
    name,
    cases: [
      { name: `${SMALL.toLocaleString('en')}`, target: small, query },
      { name: `${LARGE.toLocaleString('en')}`, target: large, query },
    ],
  });
  const groups = [
    pair('first page, title order', {}),
    pair('first page, sort=-ManufacturedOn', { sort: '-ManufacturedOn' }),
    pair('first page, sort=Quantity', { sort: 'Quantity' }),
    pair('first page, sort=-ManufacturedOn, where Status=Quarantine', {
      sort: '-ManufacturedOn',
      where: QUARANTINE,
    }),
    {
      name: 'deep page, title order',
      cases: [
        { name: 'first page', target: large, query: {} },
        { name: `after row ${DEEP.toLocaleString('en')}`, target: large, query: { after: deepTitle } },
      ],
    },
    {
      name: 'deep page, sort=-ManufacturedOn',
      cases: [
        { name: 'first page', target: large, query: { sort: '-ManufacturedOn' } },
        {
          name: `after row ${DEEP.toLocaleString('en')}`,
          target: large,
          query: { sort: '-ManufacturedOn', after: deepDate },
        },
      ],
    },
    ...[small, large].flatMap((target) =>
      [
        ['', {}],
        [', where Status=Quarantine', { where: QUARANTINE }],
      ].map(([label, query]) => ({
        name: `count, ${target.batches.toLocaleString('en')}${label}`,
        cases: [
          { name: 'count off', target, query },
          { name: 'count=exact', target, query: { ...query, count: true } },
        ],
      })),
    ),
    // Few matches: each request reads the batches until the page fills (all of them), so fewer.
    {
      ...pair('first page, title order, where ManufacturedOn=2020-05-05', { where: ONE_DAY }),
      requests: Math.max(2, Math.round(REQUESTS / 5)),
      partial: true,
    },
  ];
  // Each group twice: through HTTP (the route, the service, JSON) and the record store alone.
  const httpGroups = groups.map((group) => ({ ...group, via: 'http' }));
  const storeGroups = groups.map((group) => ({
    ...group,
    name: `store: ${group.name}`,
    via: 'store',
    cases: group.cases.map((c) => ({ ...c })),
  }));
  groups.splice(0, groups.length, ...httpGroups, ...storeGroups);
  for (const group of groups) for (const c of group.cases) c.samples = [];
  const once = async (c) => {
    const started = performance.now();
    if (c.via === 'store') {
      const page = await c.target.store.searchPage(storeQuery(c.query));
      const ms = performance.now() - started;
      if (page.rows.length !== LIMIT && !c.partial) throw new Error(`store page: ${page.rows.length} rows`);
      return ms;
    }
    const url = pageUrl(c.query);
    let response;
    try {
      response = await fetch(`${c.target.server.url}api/v1/${url}`, { headers: c.target.headers });
    } catch (error) {
      if (error?.cause?.code !== 'ECONNRESET') throw error;
      retried += 1;
      return once(c);
    }
    await response.arrayBuffer();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`GET ${url}: ${response.status}`);
    return ms;
  };
  for (const group of groups)
    for (const c of group.cases) Object.assign(c, { via: group.via, partial: group.partial });
  for (const group of groups) for (const c of group.cases) for (let i = 0; i < 3; i++) await once(c);
  const started = performance.now();
  for (let round = 0; round < ROUNDS; round++) {
    for (const group of round % 2 === 0 ? groups : [...groups].reverse()) {
      for (let i = 0; i < (group.requests ?? REQUESTS); i++) {
        const n = group.cases.length;
        for (let j = 0; j < n; j++) {
          const c = group.cases[(i + j + round) % n];
          c.samples.push(await once(c));
        }
      }
    }
  }
  console.log(
    `Measured in ${((performance.now() - started) / 1000).toFixed(1)} s (${retried} reset connections retried)`,
  );
  result.resetsRetried = retried;

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
        ratio: +(m / base).toFixed(3),
      });
    }
  }
  const ratioOf = (group) => rows.filter((r) => r.group === group).at(-1).ratio;
  for (const offset of [0, httpGroups.length]) {
    for (const group of groups.slice(offset, offset + 4))
      targets.push({ measure: `${group.name}: 1M ÷ 10k`, ratio: ratioOf(group.name), target: 1.2 });
    for (const group of groups.slice(offset + 4, offset + 6))
      targets.push({
        measure: `${group.name}: row ${DEEP} ÷ first`,
        ratio: ratioOf(group.name),
        target: 1.5,
      });
  }
  for (const prefix of ['', 'store: ']) {
    const name = `${prefix}first page, title order, where ManufacturedOn=2020-05-05`;
    targets.push({ measure: `${name}: 1M ÷ 10k`, ratio: ratioOf(name), target: 1.2 });
  }
  for (const t of targets) t.met = t.ratio <= t.target;
  const counts = [];
  for (const target of [small, large]) {
    for (const [label, where] of [
      ['', undefined],
      [', where Status=Quarantine', QUARANTINE],
    ]) {
      const body = await get(target, pageUrl({ where, count: true }));
      for (const prefix of ['', 'store: ']) {
        const group = `${prefix}count, ${target.batches.toLocaleString('en')}${label}`;
        const [off, on] = rows.filter((r) => r.group === group);
        counts.push({
          measure: group,
          total: body.Total,
          exact: body.TotalIsExact,
          hitCap: body.TotalIsExact === false,
          countOffMs: off.medianMs,
          countExactMs: on.medianMs,
          countCostMs: ms(on.medianMs - off.medianMs),
          ratio: on.ratio,
        });
      }
    }
  }
  console.log(
    `Search benchmark: ${ROUNDS} rounds, ${REQUESTS} requests per case and round, limit ${LIMIT}, PROCEDO_SEARCH_COUNT_CAP ${COUNT_CAP}, Node ${process.versions.node} (medians of single requests)`,
  );
  console.table(rows);
  console.table(targets);
  console.table(counts);
  Object.assign(result, { rows, targets, counts });
  result.samples = groups.flatMap((g) =>
    g.cases.map((c) => ({ group: g.name, case: c.name, ms: c.samples.map(ms) })),
  );
  await mkdir(path.join(root, 'bench/results'), { recursive: true });
  await writeFile(path.join(root, 'bench/results/search.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log('Wrote bench/results/search.json');
} finally {
  for (const target of [small, large]) {
    target?.db.close();
    await target?.server.close();
  }
  if (process.env.BENCH_DATA || KEEP) console.log(`Kept the data folder: ${dataRoot}`);
  else await rm(dataRoot, { recursive: true, force: true });
}
