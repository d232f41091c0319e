// Issue 13 §7: 100,000 rows × 10 columns in headless Debian Chromium, one run, interleaved:
// our DataGrid, a plain virtualised table written here (the floor) and TanStack Table 9 + Virtual 3
// (the peer, a devDependency of the benchmark only). Per grid: time to first rows, JS heap, DOM
// nodes, frames over 16.7 ms and over 50 ms while scrolling through 20,000 rows in 3 s, blank
// samples (a frame where the centre of the view shows no row), and sort → first row; ratios against
// the floor in the same run.
//
//   node bench/grid-bench.mjs              builds bench/grid-render, then measures
//   BENCH_RUNS=9 node bench/grid-bench.mjs
//   node bench/grid-bench.mjs --no-build   reuse bench/grid-render/dist
//
// Writes bench/results/grid.json.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { launchChromium, requireChromium, serveDir } from './form-render/harness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const appDir = path.join(root, 'bench/grid-render');
const distDir = path.join(appDir, 'dist');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SCROLL_ROWS = 20_000;
const SCROLL_MS = 3_000;
const ALL = [
  { id: 'plain', label: 'plain virtualised table (floor)' },
  { id: 'procedo', label: 'Procedo DataGrid' },
  { id: 'tanstack', label: 'TanStack Table 9.3 + Virtual 3.14' },
];
// `BENCH_GRIDS=plain,tanstack` measures a subset (the floor is always measured: ratios need it).
const wanted = new Set(['plain', ...(process.env.BENCH_GRIDS ?? 'plain,procedo,tanstack').split(',')]);
const IMPLS = ALL.filter((impl) => wanted.has(impl.id));
process.env.BENCH_GRIDS = IMPLS.map((impl) => impl.id).join(',');
const TARGETS = { firstRowsMs: 100, framesOver50: 0, blankSamples: 0, sortMs: 150, gridKbGzip: 25 };

requireChromium();
if (!process.argv.includes('--no-build'))
  await build({ configFile: path.join(appDir, 'vite.config.mjs'), logLevel: 'error' });
const server = await serveDir(distDir);
const browser = await launchChromium();
const chromium = browser.version();

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The page's own JS, gzipped (React included in every page alike). */
async function jsKb(impl) {
  const html = await readFile(path.join(distDir, `${impl}.html`), 'utf8');
  let total = 0;
  for (const [, src] of html.matchAll(/<(?:script|link)[^>]+(?:src|href)="\.\/([^"]+\.js)"/g))
    total += gzipSync(await readFile(path.join(distDir, src)), { level: 9 }).length;
  return total / 1024;
}

async function measure(impl) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  try {
    await page.goto(`${server.origin}/${impl}.html`);
    await page.waitForFunction(() => window.__bench !== undefined, null, { timeout: 60_000 });
    const report = await page.evaluate(() => window.__bench);
    await cdp.send('HeapProfiler.collectGarbage');
    const metrics = Object.fromEntries(
      (await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]),
    );
    const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
    // Scroll through SCROLL_ROWS rows in SCROLL_MS, one step per frame, as a fling would; each frame
    // records its duration and whether the centre of the view shows a row with text.
    const scroll = await page.evaluate(
      ({ rows, ms }) =>
        new Promise((resolve) => {
          const { scroller } = window.__benchTargets();
          const distance = rows * 32;
          const box = scroller.getBoundingClientRect();
          const frames = [];
          let blank = 0;
          let samples = 0;
          const start = performance.now();
          let last = start;
          const step = (now) => {
            frames.push(now - last);
            last = now;
            const t = Math.min(1, (now - start) / ms);
            scroller.scrollTop = distance * t;
            const probe = document.elementFromPoint(box.left + 60, box.top + box.height / 2);
            samples++;
            if (!probe || !scroller.contains(probe) || !(probe.textContent ?? '').trim()) blank++;
            if (t < 1) requestAnimationFrame(step);
            else resolve({ frames: frames.slice(1), blank, samples });
          };
          requestAnimationFrame(step);
        }),
      { rows: SCROLL_ROWS, ms: SCROLL_MS },
    );
    // Back to the top, then sort by the Product column: time until the first row shows the new order.
    const sortMs = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const targets = window.__benchTargets();
          targets.scroller.scrollTop = 0;
          requestAnimationFrame(() =>
            setTimeout(() => {
              const before = targets.firstProduct();
              const start = performance.now();
              targets.sortControl.click();
              const check = () => {
                const now = targets.firstProduct();
                if (now !== null && now !== before) resolve(performance.now() - start);
                else requestAnimationFrame(check);
              };
              requestAnimationFrame(check);
            }, 50),
          );
        }),
    );
    if (errors.length > 0) throw new Error(`${impl}: page errors: ${errors.join('; ')}`);
    return {
      // From the moment the rows existed to the first painted frame with rows: the grid's own time.
      firstRowsMs: report.afterFrame - report.dataReady,
      heapMb: metrics.JSHeapUsedSize / 1024 / 1024,
      domNodes,
      framesOver16: scroll.frames.filter((frame) => frame > 16.7).length,
      framesOver50: scroll.frames.filter((frame) => frame > 50).length,
      blankPercent: (100 * scroll.blank) / scroll.samples,
      sortMs,
    };
  } finally {
    await context.close();
  }
}

const runs = Object.fromEntries(IMPLS.map((impl) => [impl.id, []]));
for (let run = 0; run < RUNS; run++) for (const impl of IMPLS) runs[impl.id].push(await measure(impl.id));
await browser.close();
await server.close();

const keys = ['firstRowsMs', 'heapMb', 'domNodes', 'framesOver16', 'framesOver50', 'blankPercent', 'sortMs'];
const medians = {};
for (const impl of IMPLS) {
  medians[impl.id] = { jsKbGzip: await jsKb(impl.id) };
  for (const key of keys) medians[impl.id][key] = median(runs[impl.id].map((r) => r[key]));
}
const floor = medians.plain;
const fmt = (value, digits = 1) => value.toFixed(digits);
console.log(`100,000 rows × 10 columns, 1280×800, ${RUNS} interleaved runs, medians (Chromium ${chromium})`);
console.log(
  'grid | page JS gzip KB (over the floor) | first rows ms | heap MB | DOM nodes | frames >16.7/>50 ms | blank % | sort ms',
);
for (const impl of IMPLS) {
  const m = medians[impl.id];
  console.log(
    `${impl.label} | ${fmt(m.jsKbGzip)} (+${fmt(m.jsKbGzip - floor.jsKbGzip)}) | ${fmt(m.firstRowsMs, 0)} (${fmt(m.firstRowsMs / floor.firstRowsMs, 2)}×) | ${fmt(m.heapMb)} | ${m.domNodes} | ${m.framesOver16} / ${m.framesOver50} | ${fmt(m.blankPercent)} | ${fmt(m.sortMs, 0)} (${fmt(m.sortMs / floor.sortMs, 2)}×)`,
  );
}
console.log(
  `targets for ours: first rows ≤ ${TARGETS.firstRowsMs} ms, frames > 50 ms: ${TARGETS.framesOver50}, blank: ${TARGETS.blankSamples} %, sort ≤ ${TARGETS.sortMs} ms`,
);
await mkdir(path.join(root, 'bench/results'), { recursive: true });
await writeFile(
  path.join(root, 'bench/results/grid.json'),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), chromium, runs: RUNS, rows: 100_000, columns: 10, medians, targets: TARGETS, samples: runs }, null, 2)}\n`,
);
