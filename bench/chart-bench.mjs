// Issue 13's chart workload in headless Debian Chromium, the data held in the page
// (bench/chart-render/page.tsx): 4 KPI tiles, a line of 10,000 points, 12 bars and a pie of 5,
// drawn by the package's Dashboard — each chart with its table of links (the line's a page of 100
// rows at a time) — against the floor in the same run: the same figures as plain hand-written SVG (no
// library, no axes, no tables). Measures ms from render to the painted frame with every tile and
// chart drawn ("drawn", the "all drawn") and DOM nodes, each run in a new page (medians).
//
//   node bench/chart-bench.mjs            BENCH_RUNS (default 9)
//
// Writes bench/results/chart.json. Target: drawn ≤ 400 ms.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const bundle = await build({
  absWorkingDir: root,
  entryPoints: ['bench/chart-render/page.tsx'],
  bundle: true,
  minify: true,
  format: 'esm',
  splitting: false,
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
const results = { runs: RUNS, procedo: [], floor: [] };
for (let run = 0; run < RUNS; run++) {
  // A new page each run: nothing compiled or cached from the run before.
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.setContent('<!doctype html><html lang="en"><body><div id="root"></div></body></html>');
  await page.addScriptTag({ content: script, type: 'module' });
  await page.waitForFunction(() => window.bench !== undefined);
  // Alternate which goes first, so neither always meets a warmer engine.
  const order = run % 2 === 0 ? ['procedo', 'floor'] : ['floor', 'procedo'];
  for (const kind of order) {
    await page.evaluate(() => window.bench.reset());
    const sample = await page.evaluate((name) => window.bench[name](), kind);
    results[kind].push(sample);
  }
  await page.close();
}
await browser.close();

const pick = (samples, key) => median(samples.map((sample) => sample[key]));
const summary = {
  drawn: pick(results.procedo, 'drawn'),
  nodes: pick(results.procedo, 'nodes'),
  floorDrawn: pick(results.floor, 'drawn'),
  floorNodes: pick(results.floor, 'nodes'),
};
summary.ratio = summary.drawn / summary.floorDrawn;
const ms = (value) => `${value.toFixed(1)} ms`;
console.log(`Charts (4 tiles, a line of 10,000 points, 12 bars, a pie of 5), ${RUNS} runs, medians:`);
console.log(`  Dashboard: drawn ${ms(summary.drawn)}, ${summary.nodes} DOM nodes`);
console.log(
  `  floor (plain SVG, no tables): drawn ${ms(summary.floorDrawn)}, ${summary.floorNodes} DOM nodes`,
);
console.log(
  `  drawn ÷ floor: ${summary.ratio.toFixed(2)}×; target drawn ≤ 400 ms: ${summary.drawn <= 400 ? 'met' : 'missed'}`,
);
await mkdir(path.join(root, 'bench/results'), { recursive: true });
await writeFile(
  path.join(root, 'bench/results/chart.json'),
  `${JSON.stringify({ summary, ...results }, null, 2)}\n`,
);
