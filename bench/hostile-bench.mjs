// Hostile-client benchmark (run after `corepack pnpm --filter @procedo/client-api --filter
// @procedo/mock-server run build`): what attackers cost everyone else, against the same
// measurement without attackers in the same run.
//
// (a) XML: p99 of `GET /api/v1/session` (autocannon) alone, then while BENCH_ATTACKERS signed-in
//     clients post callback bodies back to back: a harmless 1 MiB KeepAlive (the floor any client
//     can cost within the body limit), the 1 MiB body with 60,000 attributes of issue 11, and the
//     worst body under the callback's XML caps.
// (b) Logon flood: latency of real logons (supervisor/demo from 127.0.0.1) alone, then during
//     BENCH_FLOOD logons with distinct made-up user names from 127.0.0.2, then during the same
//     flood spread over 200 other addresses (127.0.1.1–127.0.1.200, 25 each: under the per-address
//     limit).
// (c) Parse time of each body in this process: the callback's reader against the client-api codec
//     it replaced, and against a KeepAlive.
//
// The server runs in a child process (the built `apps/mock-server/dist/server.js`, or the one in
// BENCH_SERVER_DIST, e.g. an older build to compare with), so the load generators here do not share
// its event loop. Env: BENCH_DURATION seconds per XML phase (default 5), BENCH_CONNECTIONS
// (default 10), BENCH_ATTACKERS (default 4), BENCH_FLOOD (default 5000), BENCH_FLOOD_CONCURRENCY
// (default 50), BENCH_PARTS (`xml,logon,parse`, default all three), BENCH_VERBOSE=1 (each real logon),
// BENCH_RESULT_NAME (default `hostile`). Writes bench/results/<name>.json.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.env.BENCH_SERVER_DIST ?? path.join(root, 'apps/mock-server/dist'));
const duration = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const attackers = Number(process.env.BENCH_ATTACKERS ?? 4);
const floodSize = Number(process.env.BENCH_FLOOD ?? 5000);
const floodConcurrency = Number(process.env.BENCH_FLOOD_CONCURRENCY ?? 50);
const parts = (process.env.BENCH_PARTS ?? 'xml,logon,parse').split(',');

if (!existsSync(path.join(dist, 'server.js'))) {
  console.error(`No built server in ${dist}: corepack pnpm --filter @procedo/mock-server build`);
  process.exit(1);
}

/** The built server in a child process on a free port, with a fresh data folder. */
async function startChild() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'procedo-hostile-'));
  const child = spawn(process.execPath, [path.join(dist, 'server.js')], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      PROCEDO_DATA_DIR: dataDir,
      PROCEDO_LOG_LEVEL: 'silent',
      PROCEDO_STATIC_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+\/)/.exec(out);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  child.stdout.resume();
  return {
    url,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const agents = new Map();
/** A keep-alive agent per local address (loopback answers on all of 127/8). */
function agentFor(localAddress) {
  if (!agents.has(localAddress)) agents.set(localAddress, new Agent({ keepAlive: true, localAddress }));
  return agents.get(localAddress);
}

/** One HTTP request; resolves with status, headers and body text. */
function send(url, { method = 'GET', headers = {}, body, from = '127.0.0.1' } = {}) {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent: agentFor(from) }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          headers: res.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** POST session/logon; a connection reset (a keep-alive socket the server closed meanwhile) answers status 'reset'. */
function logon(base, userName, password, from) {
  const body = JSON.stringify({ Database: 'demo', UserName: userName, Password: password });
  return send(`${base}api/v1/session/logon`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    body,
    from,
  }).catch((error) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error;
    return { status: 'reset', headers: {}, text: '' };
  });
}

async function signIn(base, userName = 'supervisor') {
  const answer = await logon(base, userName, 'demo');
  if (answer.status !== 200) throw new Error(`logon failed: ${answer.status} ${answer.text}`);
  const jar = Object.fromEntries(answer.headers['set-cookie'].map((line) => line.split(';')[0].split('=')));
  return {
    cookie: `procedo_session=${jar.procedo_session}; procedo_csrf=${jar.procedo_csrf}`,
    csrf: jar.procedo_csrf,
  };
}

const quantile = (sorted, q) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const ms = (value) => (Number.isNaN(value) ? 'n/a' : value.toFixed(value < 10 ? 2 : 0));
const pad = (text, width) => String(text).padEnd(width);

// ---------------------------------------------------------------------------------------------
// (a) Hostile XML

const MAX_BODY = 1024 * 1024;
const KEEP_ALIVE = '<CommandType>Web.Session</CommandType><CommandName>KeepAlive</CommandName>';

/** Issue 11's body: one element with 60,000 attributes, just over 1,000,000 bytes. */
function sixtyThousandAttributes() {
  let attributes = '';
  for (let i = 0; i < 60_000; i++) attributes += ` at${i}="value1"`;
  return `<Command${attributes}>${KEEP_ALIVE}</Command>`;
}

/**
 * The worst body under the callback's caps (docs/protocol.md, "Callback XML limits"): 1,000
 * elements, 16 attributes each, 10,000 references, 10,000 carriage returns, 1,000 comments, the
 * rest plain attribute text up to 1 MiB. The server reads it, then refuses the command (400).
 */
function worstUnderCaps() {
  const elements = 999;
  const attributes = 16;
  let references = 10_000;
  let carriageReturns = 10_000;
  let comments = 1000;
  const head = '<Command>';
  const tail = '</Command>';
  const fixed =
    head.length + tail.length + elements * ('<P/>'.length + attributes * ' a0=""'.length) + comments * 7;
  const valueLength = Math.floor((MAX_BODY - fixed - 64) / (elements * attributes));
  let body = head;
  for (let e = 0; e < elements; e++) {
    body += '<P';
    for (let a = 0; a < attributes; a++) {
      let value = '';
      while (references > 0 && value.length + 5 <= valueLength / 3) {
        value += '&#65;';
        references--;
      }
      while (carriageReturns > 0 && value.length + 2 <= (valueLength * 2) / 3) {
        value += 'y\r';
        carriageReturns--;
      }
      value += 'x'.repeat(Math.max(0, valueLength - value.length));
      body += ` ${String.fromCharCode(97 + (a >> 3))}${a & 7}="${value}"`;
    }
    body += '/>';
    if (comments > 0) {
      body += '<!---->';
      comments--;
    }
  }
  return body + tail;
}

async function victimRun(base, session) {
  const result = await autocannon({
    url: `${base}api/v1/session`,
    headers: { cookie: session.cookie },
    connections,
    duration,
  });
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(`victim: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return { requestsPerSecond: result.requests.average, p50Ms: result.latency.p50, p99Ms: result.latency.p99 };
}

/** `attackers` clients posting `body` back to back until stopped; counts answers by status. */
function attack(base, sessions, body) {
  const bytes = Buffer.from(body, 'utf8');
  let stopped = false;
  const statuses = {};
  const parseTimes = [];
  const loops = sessions.map(async (session) => {
    while (!stopped) {
      const started = performance.now();
      const answer = await send(`${base}callback`, {
        method: 'POST',
        headers: {
          cookie: session.cookie,
          'x-csrf-token': session.csrf,
          'content-type': 'application/xml',
          'content-length': bytes.length,
        },
        body: bytes,
      });
      parseTimes.push(performance.now() - started);
      const message = /<Message>([^<]*)<\/Message>/.exec(answer.text)?.[1] ?? '';
      const key = `${answer.status} ${message.slice(0, 40)}`.trim();
      statuses[key] = (statuses[key] ?? 0) + 1;
    }
  });
  return {
    async stop() {
      stopped = true;
      await Promise.all(loops);
      parseTimes.sort((a, b) => a - b);
      return { answers: statuses, attackerMedianMs: quantile(parseTimes, 0.5) };
    },
  };
}

/** The bodies of (a): a KeepAlive, the floor, issue 11's body and the worst under the caps. */
function hostileBodies() {
  return [
    { name: 'KeepAlive (a normal command)', body: `<Command>${KEEP_ALIVE}</Command>`, normal: true },
    // The floor any signed-in client can cost with the 1 MiB limit: a KeepAlive whose bytes are one comment.
    {
      name: '1 MiB KeepAlive (one comment)',
      body: `<Command><!--${'x'.repeat(MAX_BODY - 200)}-->${KEEP_ALIVE}</Command>`,
    },
    { name: '60,000 attributes (issue 11)', body: sixtyThousandAttributes() },
    { name: 'worst body under the caps', body: worstUnderCaps() },
  ];
}

/** Median ms of `run(body)` over `rounds` calls after a warm-up; a thrown error counts as done. */
function medianMs(run, body, rounds) {
  const times = [];
  for (let i = 0; i < rounds + 3; i++) {
    const started = performance.now();
    try {
      run(body);
    } catch {}
    if (i >= 3) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return quantile(times, 0.5);
}

/**
 * (c) In this process: the callback reader against the client-api codec it replaced (`parseXml`,
 * strict + trimText, fast-xml-parser), on each body. Needs a build whose bench-support exports both.
 */
async function parsePart() {
  const support = await import(pathToFileURL(path.join(dist, 'bench-support.js')).href);
  if (!support.parseCommandXml || !support.parseXml) {
    console.log('\n(c) skipped: this build has no parseCommandXml in bench-support');
    return null;
  }
  const codec = (body) => support.parseXml(body, { strict: true, trimText: true });
  const rows = hostileBodies().map(({ name, body, normal }) => ({
    name,
    bytes: Buffer.byteLength(body),
    readerMs: medianMs(support.parseCommandXml, body, normal ? 2001 : 21),
    codecMs: medianMs(codec, body, normal ? 2001 : 5),
  }));
  console.log('\n(c) parse time of one body in this process, median ms');
  console.log(
    `${pad('body', 32)}${pad('bytes', 10)}${pad('reader', 10)}${pad('× KeepAlive', 13)}client-api codec`,
  );
  for (const row of rows) {
    console.log(
      `${pad(row.name, 32)}${pad(row.bytes, 10)}${pad(ms(row.readerMs), 10)}${pad(`${Math.round(row.readerMs / rows[0].readerMs)}×`, 13)}${ms(row.codecMs)}`,
    );
  }
  return rows;
}

async function xmlPart() {
  const server = await startChild();
  try {
    const victim = await signIn(server.url);
    const attackerSessions = [];
    for (let i = 0; i < attackers; i++) attackerSessions.push(await signIn(server.url, 'operator'));
    const bodies = hostileBodies().filter((body) => !body.normal);
    for (const { name, body } of bodies) {
      if (Buffer.byteLength(body) > MAX_BODY) throw new Error(`${name} is over 1 MiB`);
    }
    await victimRun(server.url, victim); // warm-up
    const rows = [{ name: 'no attackers', ...(await victimRun(server.url, victim)) }];
    for (const { name, body } of bodies) {
      const attackers = attack(server.url, attackerSessions, body);
      const victimResult = await victimRun(server.url, victim);
      const attacked = await attackers.stop();
      rows.push({ name, bytes: Buffer.byteLength(body), ...victimResult, ...attacked });
    }
    rows.push({ name: 'no attackers (again)', ...(await victimRun(server.url, victim)) });
    const baseline = rows[0];
    for (const row of rows) row.p99Ratio = baseline.p99Ms > 0 ? row.p99Ms / baseline.p99Ms : null;

    console.log(
      `\n(a) GET /api/v1/session, ${connections} connections, ${duration} s per phase; ${attackers} attackers posting back to back`,
    );
    console.log(
      `${pad('phase', 32)}${pad('req/s', 9)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('p99 ×', 8)}attackers' answers (median ms per body)`,
    );
    for (const row of rows) {
      const answers = row.answers
        ? `${Object.entries(row.answers)
            .map(([key, count]) => `${count}× ${key}`)
            .join(', ')} (${ms(row.attackerMedianMs)})`
        : '';
      console.log(
        `${pad(row.name, 32)}${pad(Math.round(row.requestsPerSecond), 9)}${pad(row.p50Ms, 9)}${pad(row.p99Ms, 9)}${pad(`${row.p99Ratio.toFixed(2)}×`, 8)}${answers}`,
      );
    }
    return rows;
  } finally {
    await server.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// (b) Logon flood

function summarise(samples) {
  const ok = samples.filter((s) => s.status === 200).map((s) => s.ms);
  ok.sort((a, b) => a - b);
  const statuses = {};
  for (const s of samples) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
  return {
    count: samples.length,
    statuses,
    p50Ms: quantile(ok, 0.5),
    p95Ms: quantile(ok, 0.95),
    maxMs: ok.at(-1) ?? NaN,
  };
}

/** A real user signing in: on 503 SERVER_BUSY they wait `Retry-After` seconds and try again (at most 20 times). */
async function realLogon(base) {
  const started = performance.now();
  let busy = 0;
  for (;;) {
    const answer = await logon(base, 'supervisor', 'demo', '127.0.0.1');
    if (answer.status === 'reset') continue;
    if (answer.status !== 503 || busy === 20)
      return { status: answer.status, busy, ms: performance.now() - started };
    busy++;
    await new Promise((resolve) => setTimeout(resolve, Number(answer.headers['retry-after'] ?? 1) * 1000));
  }
}

/** `floodSize` logons with made-up names, `floodConcurrency` in flight, from `addresses` in turn. */
async function flood(base, addresses, tag) {
  let next = 0;
  const statuses = {};
  const started = performance.now();
  const worker = async () => {
    while (next < floodSize) {
      const i = next++;
      const answer = await logon(base, `${tag}-${i}`, 'guess', addresses[i % addresses.length]);
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: floodConcurrency }, worker));
  return { statuses, seconds: (performance.now() - started) / 1000 };
}

/** Real logons one after another for as long as `during` runs (at least one). */
async function realLogonsDuring(base, during) {
  let done = false;
  const result = during.then((value) => {
    done = true;
    return value;
  });
  const samples = [];
  const t0 = performance.now();
  do {
    const at = performance.now() - t0;
    const sample = await realLogon(base);
    if (process.env.BENCH_VERBOSE)
      console.log(`  real logon at ${at.toFixed(0)} ms: ${sample.status} in ${sample.ms.toFixed(0)} ms`);
    samples.push(sample);
  } while (!done);
  return { flood: await result, real: summarise(samples) };
}

async function logonPart() {
  const server = await startChild();
  try {
    for (let i = 0; i < 3; i++) await realLogon(server.url); // warm-up
    const baselineSamples = [];
    for (let i = 0; i < 20; i++) baselineSamples.push(await realLogon(server.url));
    const rows = [{ name: 'no flood', real: summarise(baselineSamples) }];
    const oneAddress = ['127.0.0.2'];
    const spread = Array.from({ length: 200 }, (_, i) => `127.0.1.${i + 1}`);
    const single = await realLogonsDuring(server.url, flood(server.url, oneAddress, 'single'));
    rows.push({ name: `${floodSize} from 127.0.0.2`, ...single });
    const spreadOut = await realLogonsDuring(server.url, flood(server.url, spread, 'spread'));
    rows.push({ name: `${floodSize} from 200 addresses`, ...spreadOut });
    const baseline = rows[0].real;
    for (const row of rows) row.p50Ratio = row.real.p50Ms / baseline.p50Ms;

    console.log(
      `\n(b) real logons (supervisor from 127.0.0.1, one after another; on 503 they wait Retry-After and retry) during a flood of ${floodSize} made-up names, ${floodConcurrency} in flight; ms = until signed in`,
    );
    console.log(
      `${pad('phase', 28)}${pad('real', 6)}${pad('p50 ms', 9)}${pad('p95 ms', 9)}${pad('max ms', 9)}${pad('p50 ×', 8)}${pad('real answers', 22)}flood answers (seconds)`,
    );
    for (const row of rows) {
      const real = row.real;
      const floodText = row.flood
        ? `${Object.entries(row.flood.statuses)
            .map(([status, count]) => `${count}× ${status}`)
            .join(', ')} (${row.flood.seconds.toFixed(1)} s)`
        : '';
      const realStatuses = `${Object.entries(real.statuses)
        .map(([status, count]) => `${count}× ${status}`)
        .join(', ')}${real.busyAnswers > 0 ? ` (+${real.busyAnswers}× 503)` : ''}`;
      console.log(
        `${pad(row.name, 28)}${pad(real.count, 6)}${pad(ms(real.p50Ms), 9)}${pad(ms(real.p95Ms), 9)}${pad(ms(real.maxMs), 9)}${pad(`${row.p50Ratio.toFixed(2)}×`, 8)}${pad(realStatuses, 22)}${floodText}`,
      );
    }
    return rows;
  } finally {
    await server.stop();
  }
}

console.log(
  `Hostile-client benchmark against ${path.relative(root, dist) || dist}, Node ${process.versions.node}`,
);
const results = { date: new Date().toISOString(), node: process.versions.node, server: dist };
if (parts.includes('xml')) results.xml = await xmlPart();
if (parts.includes('logon')) results.logon = await logonPart();
if (parts.includes('parse')) results.parse = await parsePart();
for (const agent of agents.values()) agent.destroy();

await mkdir(path.join(root, 'bench/results'), { recursive: true });
const name = process.env.BENCH_RESULT_NAME ?? 'hostile';
await writeFile(path.join(root, `bench/results/${name}.json`), `${JSON.stringify(results, null, 2)}\n`);
console.log(`Wrote bench/results/${name}.json`);
