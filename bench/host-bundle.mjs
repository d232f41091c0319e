// Issue 14 item 7: the JavaScript each page of the BUILT reference host needs. Chromium opens each
// page of the built host (served by the built server, fresh demo data) and records every script it
// fetches from /assets/ until the page is ready: the entry chunk, its static imports (the
// modulepreload links) and the dynamic chunks the route loads. Sizes are the files' own bytes
// (raw) and their gzip (level 9); the Vite manifest (build.manifest) names each chunk by its
// source module. Absolute bytes: there is no baseline, the figures are compared across builds.
//
//   corepack pnpm -r --filter "./packages/*" --filter @procedo/reference-host run build
//   corepack pnpm --filter @procedo/mock-server run build
//   node bench/host-bundle.mjs        (BENCH_LIST=1 also lists each page's chunks)
//
// Writes bench/results/host-bundle.json.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launchChromium, requireChromium } from './form-render/harness.mjs';
import { loadBuiltServer } from './mock-server-dist.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const hostDist = path.join(root, 'apps/reference-host/dist');

requireChromium();
const manifest = JSON.parse(
  await readFile(path.join(hostDist, '.vite/manifest.json'), 'utf8').catch(() => {
    console.error('Build the host first, with build.manifest on (see the header of this script).');
    process.exit(1);
  }),
);
/** Chunk file → the manifest's name for it (its source module, or the chunk name of a shared one). */
const nameOf = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, chunk.src ?? key]));

const sizes = new Map();
async function sizeOf(file) {
  if (!sizes.has(file)) {
    const code = await readFile(path.join(hostDist, file));
    sizes.set(file, { raw: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength });
  }
  return sizes.get(file);
}

const { startServer } = await loadBuiltServer();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'procedo-host-bundle-'));
const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  dataDir,
  staticDir: hostDist,
  logLevel: 'silent',
});
const origin = server.url.replace(/\/+$/, '');
const browser = await launchChromium();

/**
 * The user the signed-in pages are loaded as (`BENCH_USER`, default `supervisor`, the figures in
 * docs/ARCHITECTURE.md): a supervisor's pages also fetch the developer bar; an `operator`'s show
 * what a user without design or translation rights fetches.
 */
const USER = process.env.BENCH_USER ?? 'supervisor';

/** A browser context, signed in as {@link USER} unless `signedIn` is false. */
async function newContext(signedIn) {
  const context = await browser.newContext({ baseURL: origin });
  if (!signedIn) return context;
  const response = await context.request.post('/api/v1/session/logon', {
    data: { Database: 'demo', UserName: USER, Password: 'demo' },
    headers: { Origin: origin },
  });
  if (!response.ok()) throw new Error(`logon failed: ${response.status()} ${await response.text()}`);
  return context;
}

/** A process of the demo's CAPA command, for the step page. */
async function createProcess(context) {
  const base = '/api/v1/user/system/user-processes';
  const csrf = (await context.cookies()).find((cookie) => cookie.name === 'procedo_csrf')?.value ?? '';
  const headers = { Origin: origin, 'x-csrf-token': decodeURIComponent(csrf) };
  const commands = await (await context.request.get(`${base}/lookup/commands/creatable-as-process`)).json();
  const capa = commands.find((command) => command.Name === 'CAPA');
  const created = await context.request.post(
    `${base}/command/create-process?originatingCommandId=${capa.Id}&mode=1`,
    { data: { Name: 'Bundle bench' }, headers },
  );
  if (!created.ok()) throw new Error(`create-process failed: ${created.status()} ${await created.text()}`);
  return (await created.json()).Id;
}

const PAGES = [
  {
    name: 'logon',
    url: () => '/logon',
    signedIn: false,
    ready: (page) => page.getByRole('button', { name: 'Log on', exact: true }),
  },
  {
    name: 'home',
    url: () => '/',
    ready: (page) => page.getByRole('navigation', { name: 'Profile navigation' }).getByRole('link').first(),
  },
  {
    name: 'record form (102)',
    url: () => '/form?WebTemplateNo=102&UGoToItemNo=1',
    ready: (page) => page.getByRole('form').first(),
  },
  {
    name: 'search form (111, grid)',
    url: () => '/form?WebTemplateNo=111&WFRun_AutoRun=1',
    ready: (page) => page.getByRole('grid').first(),
  },
  {
    name: 'process step',
    url: ({ processId }) => `/apps/flow/step/?id=${processId}`,
    ready: (page) => page.getByRole('heading', { level: 1 }),
  },
];

const rows = [];
for (const spec of PAGES) {
  const context = await newContext(spec.signedIn ?? true);
  const processId = spec.signedIn === false ? null : await createProcess(context);
  const page = await context.newPage();
  const scripts = new Set();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) scripts.add(pathname.slice(1));
  });
  await page.goto(spec.url({ processId }));
  await spec.ready(page).waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const chunks = [];
  for (const file of [...scripts].sort())
    chunks.push({ file, name: nameOf.get(file) ?? '?', ...(await sizeOf(file)) });
  const total = chunks.reduce((sum, chunk) => ({ raw: sum.raw + chunk.raw, gzip: sum.gzip + chunk.gzip }), {
    raw: 0,
    gzip: 0,
  });
  rows.push({ page: spec.name, url: spec.url({ processId: '{id}' }), chunks, total });
  await context.close();
}
await browser.close();
await server.close();
await rm(dataDir, { recursive: true, force: true });

const all = { raw: 0, gzip: 0 };
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.file.endsWith('.js') || key.endsWith('.css')) continue;
  const size = await sizeOf(chunk.file);
  all.raw += size.raw;
  all.gzip += size.gzip;
}
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`.padStart(9);
console.log(
  `Reference host JS per page (built dist; all JS chunks together: ${kb(all.raw)} raw, ${kb(all.gzip)} gzip)`,
);
console.log(`${'page'.padEnd(26)}${'scripts'.padStart(8)}${'raw'.padStart(11)}${'gzip'.padStart(11)}`);
for (const row of rows) {
  console.log(
    `${row.page.padEnd(26)}${String(row.chunks.length).padStart(8)}  ${kb(row.total.raw)}  ${kb(row.total.gzip)}`,
  );
  if (process.env.BENCH_LIST) {
    for (const chunk of row.chunks) console.log(`    ${kb(chunk.gzip)} gzip  ${chunk.file}  (${chunk.name})`);
  }
}
const outDir = path.join(root, 'bench', 'results');
await mkdir(outDir, { recursive: true });
await writeFile(
  path.join(outDir, 'host-bundle.json'),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), all, pages: rows }, null, 2)}\n`,
);
