// Issue 13: DataGrid over 100,000 rows × 10 columns in headless Debian Chromium (in-memory rows):
// time to the first rows, header click → first sorted row (the package's createArrayRowSource over
// 100,000 rows; baseline in the same run: a source that sorts every row before answering), and
// frame gaps while scrolling right after the sort, while the array source sorts the rest (rAF to
// rAF, plus long tasks). Baseline for the first rows: a plain windowed list of the same rows
// rendered in the same page, same run.
//
//   node bench/grid-scroll-bench.mjs            BENCH_RUNS (default 7), BENCH_SCROLL_STEP (px per frame, default 900)
//
// Writes bench/results/grid-scroll.json. Targets: first rows ≤ 100 ms, sort → first row ≤ 150 ms, no
// frame over 50 ms while scrolling.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
/** Pixels scrolled per frame (900 ≈ a new window every frame, the worst case). */
const STEP = Number(process.env.BENCH_SCROLL_STEP ?? 900);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const bundle = await build({
  absWorkingDir: root,
  entryPoints: ['bench/grid-render/page.tsx'],
  bundle: true,
  minify: true,
  format: 'iife',
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  // The workspace packages from source, as the tests see them.
  conditions: ['@procedo/source'],
  nodePaths: [path.join(root, 'packages/forms-react/node_modules')],
  write: false,
});
const script = bundle.outputFiles[0].text;

const browser = await chromium.launch({
  executablePath: process.env.PROCEDO_CHROMIUM ?? '/usr/bin/chromium',
});
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.setContent('<!doctype html><html lang="en"><body><div id="root"></div></body></html>');
await page.addScriptTag({ content: script });
await page.evaluate(() => {
  window.longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: false });
});

const results = {
  runs: RUNS,
  scrollStep: STEP,
  grid: [],
  plain: [],
  sort: [],
  sortFull: [],
  frames: [],
  idleFrames: [],
  longTasks: [],
  render: [],
};
for (let run = 0; run < RUNS; run++) {
  await page.evaluate(() => window.bench.reset());
  results.plain.push(await page.evaluate(() => window.bench.plain()));
  await page.evaluate(() => window.bench.reset());
  results.grid.push(await page.evaluate(() => window.bench.grid()));
  results.sort.push(await page.evaluate(() => window.bench.sort()));
  await page.evaluate(() => {
    window.longTasks = [];
  });
  const gaps = await page.evaluate((step) => window.bench.scroll(240, step), STEP);
  results.frames.push(Math.max(...gaps));
  results.longTasks.push(await page.evaluate(() => Math.max(0, ...window.longTasks)));
  // The same frames without scrolling: what the (shared) machine alone costs, same run.
  results.idleFrames.push(Math.max(...(await page.evaluate(() => window.bench.scroll(240, 0)))));
  results.render.push(...(await page.evaluate((step) => window.bench.renderPerScroll(100, step), STEP)));
  // Baseline, same run: the same grid over a source that sorts every row before answering.
  await page.evaluate(() => window.bench.reset());
  await page.evaluate(() => window.bench.grid('full'));
  results.sortFull.push(await page.evaluate(() => window.bench.sort()));
}
await browser.close();

const summary = {
  firstRowsMs: median(results.grid),
  plainFirstRowsMs: median(results.plain),
  ratio: median(results.grid) / median(results.plain),
  sortFirstRowMs: median(results.sort),
  sortFullFirstRowMs: median(results.sortFull),
  worstFrameGapMs: Math.max(...results.frames),
  worstLongTaskMs: Math.max(...results.longTasks),
  idleWorstFrameGapMs: Math.max(...results.idleFrames),
  renderPerScrollMedianMs: median(results.render),
  renderPerScrollP99Ms: [...results.render].sort((a, b) => a - b)[Math.floor(results.render.length * 0.99)],
};
await mkdir(path.join(root, 'bench/results'), { recursive: true });
await writeFile(
  path.join(root, 'bench/results/grid-scroll.json'),
  JSON.stringify({ summary, results }, null, 2),
);
const f = (n) => `${n.toFixed(1)} ms`;
console.log(`DataGrid, 100,000 rows × 10 columns, ${RUNS} runs (medians):`);
console.log(
  `  first rows          ${f(summary.firstRowsMs)}  (plain windowed list ${f(summary.plainFirstRowsMs)}, ${summary.ratio.toFixed(2)}×)  target ≤ 100 ms`,
);
console.log(
  `  sort → first row    ${f(summary.sortFirstRowMs)}  (a source sorting every row first ${f(summary.sortFullFirstRowMs)}, ${(summary.sortFirstRowMs / summary.sortFullFirstRowMs).toFixed(2)}×)  target ≤ 150 ms`,
);
console.log(
  `  scrolling ${STEP} px a frame: worst rAF gap ${f(summary.worstFrameGapMs)} (not scrolling, same run: ${f(summary.idleWorstFrameGapMs)}), worst long task ${f(summary.worstLongTaskMs)}  target no frame over 50 ms`,
);
console.log(
  `  scroll event → window rendered: median ${f(summary.renderPerScrollMedianMs)}, p99 ${f(summary.renderPerScrollP99Ms)}`,
);
