// Issue 13: the dashboard page in headless Chromium against the BUILT server serving the BUILT
// host — the time until every widget of `/dashboard?id=1` is drawn (each tile in the page, each bar
// chart's SVG drawn from the lazily loaded chart chunk), cold (new browser context: nothing cached)
// and warm (the same context again). Baseline, measured in the same run and interleaved: the
// host's `/help/getting-started` page drawn (its h1 in the page) — the same app bundle, no business
// data. Also the chart chunk's size (min and min+gzip) and whether a form page loads it (it must not:
// exit 1).
//
//   corepack pnpm --filter @procedo/client-api --filter @procedo/mock-server --filter @procedo/forms-react run build
//   corepack pnpm --filter @procedo/reference-host build
//   node bench/dashboard-bench.mjs            BENCH_RUNS (default 9)
//   BENCH_LATENCY_MS=100 node bench/dashboard-bench.mjs   every request (code and data) delayed by
//                                             Chromium's network emulation, as over a real network
//
// Three visits of each page in one browser context: cold (nothing cached), warm (the second: code
// from the HTTP cache, compiled again, the compiled code kept) and hot (the third: Chromium's code
// cache used too — what a user who comes back every day gets).
//
// Writes bench/results/dashboard.json.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launchChromium, requireChromium } from './form-render/harness.mjs';
import { loadBuiltServer } from './mock-server-dist.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const hostDist = path.join(root, 'apps/reference-host/dist');
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const TARGET_MS = 400;
const TARGET_CHART_KB = 60;
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 0);

requireChromium();
const assets = await readdir(path.join(hostDist, 'assets')).catch(() => {
  console.error('Build the host first (corepack pnpm --filter @procedo/reference-host build).');
  process.exit(1);
});
const chartFile = assets.find((file) => /^charts-.*\.js$/.test(file));
if (!chartFile) {
  console.error('The host build has no charts-*.js chunk: is the chart entry still loaded lazily?');
  process.exit(1);
}
const chartCode = await readFile(path.join(hostDist, 'assets', chartFile));
const chart = {
  file: chartFile,
  minBytes: chartCode.byteLength,
  gzipBytes: gzipSync(chartCode, { level: 9 }).byteLength,
};

const { startServer } = await loadBuiltServer();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'procedo-dashboard-bench-'));
const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  dataDir,
  staticDir: hostDist,
  logLevel: 'silent',
});
const origin = server.url.replace(/\/+$/, '');
const browser = await launchChromium();

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** A signed-in browser context (the logon page's own call). */
async function signedIn() {
  const context = await browser.newContext({ baseURL: origin });
  const response = await context.request.post('/api/v1/session/logon', {
    data: { Database: 'demo', UserName: 'supervisor', Password: 'demo' },
    headers: { Origin: origin },
  });
  if (!response.ok()) throw new Error(`logon failed: ${response.status()} ${await response.text()}`);
  return context;
}

// What "drawn" means: every widget the server computes is in the page, every chart's SVG drawn.
const expected = await (async () => {
  const context = await signedIn();
  const body = await (await context.request.get('/api/v1/dashboards/1')).json();
  await context.close();
  return {
    widgets: body.Widgets.length,
    charts: body.Widgets.filter((w) => ['bar', 'pie', 'line'].includes(w.Kind)).length,
  };
})();

/**
 * ms from navigation start until the page's `ready` (see {@link watch}) first holds: a MutationObserver installed
 * before the page's own scripts checks it on every DOM change, so the figure does not depend on
 * how often the bench polls.
 */
async function timeTo(page, url) {
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(() => window.__benchDrawnAt, undefined, { timeout: 30_000 });
  return handle.jsonValue();
}

/** Installs the watcher of {@link timeTo} in every page of `context`. */
function watch(context, ready, arg) {
  return context.addInitScript(
    ([readySource, readyArg]) => {
      const isReady = new Function(`return (${readySource})`)();
      const check = () => {
        if (window.__benchDrawnAt || !isReady(readyArg)) return;
        window.__benchDrawnAt = performance.now();
        observer.disconnect();
      };
      const observer = new MutationObserver(check);
      observer.observe(document, { childList: true, subtree: true, attributes: true });
    },
    [ready.toString(), arg],
  );
}

const dashboardDrawn = ({ widgets, charts }) => {
  const grid = document.querySelector('.procedo-Dashboard-grid');
  if (!grid || grid.children.length !== widgets) return false;
  return (
    document.querySelectorAll('svg.procedo-BarChart rect').length > 0 &&
    document.querySelectorAll('svg:is(.procedo-BarChart, .procedo-PieChart, .procedo-LineChart)').length ===
      charts
  );
};
const helpDrawn = () => document.querySelector('main h1') !== null;

const samples = {
  dashboardCold: [],
  dashboardWarm: [],
  dashboardHot: [],
  baselineCold: [],
  baselineWarm: [],
  baselineHot: [],
};
for (let run = 0; run < RUNS; run++) {
  // Interleaved, so machine drift hits both pages alike.
  for (const [name, url, ready, arg] of [
    ['dashboard', '/dashboard?id=1', dashboardDrawn, expected],
    ['baseline', '/help/getting-started', helpDrawn, undefined],
  ]) {
    const context = await signedIn();
    await watch(context, ready, arg);
    const page = await context.newPage();
    if (LATENCY_MS > 0) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: LATENCY_MS,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
    }
    samples[`${name}Cold`].push(await timeTo(page, url));
    samples[`${name}Warm`].push(await timeTo(page, url));
    samples[`${name}Hot`].push(await timeTo(page, url));
    await context.close();
  }
}

// A form page must not load the chart chunk.
const formContext = await signedIn();
const formPage = await formContext.newPage();
const loaded = [];
formPage.on('request', (request) => loaded.push(new URL(request.url()).pathname));
await formPage.goto('/form?WebTemplateNo=102', { waitUntil: 'networkidle' });
await formContext.close();
const formLoadsCharts = loaded.some((file) => file.includes('/assets/charts-'));

await browser.close();
await server.close();
await rm(dataDir, { recursive: true, force: true });

const medians = Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, median(values)]));
const ratio = {
  cold: medians.dashboardCold / medians.baselineCold,
  warm: medians.dashboardWarm / medians.baselineWarm,
  hot: medians.dashboardHot / medians.baselineHot,
};
const ms = (value) => `${value.toFixed(0)} ms`;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  `/dashboard?id=1 (${expected.widgets} widgets, ${expected.charts} charts), ${RUNS} interleaved runs, medians (Chromium ${browser.version()}${LATENCY_MS > 0 ? `, ${LATENCY_MS} ms latency` : ''}):`,
);
console.log(
  `  drawn, cold  ${ms(medians.dashboardCold).padStart(8)}   baseline (help page) ${ms(medians.baselineCold).padStart(8)}   ratio ${ratio.cold.toFixed(2)}×`,
);
console.log(
  `  drawn, warm  ${ms(medians.dashboardWarm).padStart(8)}   baseline (help page) ${ms(medians.baselineWarm).padStart(8)}   ratio ${ratio.warm.toFixed(2)}×`,
);
console.log(
  `  drawn, hot   ${ms(medians.dashboardHot).padStart(8)}   baseline (help page) ${ms(medians.baselineHot).padStart(8)}   ratio ${ratio.hot.toFixed(2)}×`,
);
const verdict = (value) => (value <= TARGET_MS ? 'met' : 'MISSED');
console.log(
  `  target ≤ ${TARGET_MS} ms: cold ${verdict(medians.dashboardCold)}, warm ${verdict(medians.dashboardWarm)}, hot ${verdict(medians.dashboardHot)}`,
);
console.log(
  `Chart chunk ${chart.file}: min ${kb(chart.minBytes)}, min+gzip ${kb(chart.gzipBytes)} (target ≤ ${TARGET_CHART_KB} KB: ${chart.gzipBytes <= TARGET_CHART_KB * 1024 ? 'met' : 'MISSED'}); loaded by a form page: ${formLoadsCharts ? 'YES' : 'no'}`,
);

const outDir = path.join(root, 'bench', 'results');
await mkdir(outDir, { recursive: true });
await writeFile(
  path.join(outDir, 'dashboard.json'),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), runs: RUNS, latencyMs: LATENCY_MS, expected, medians, ratio, chart, formLoadsCharts, samples }, null, 2)}\n`,
);
if (formLoadsCharts) process.exit(1);
