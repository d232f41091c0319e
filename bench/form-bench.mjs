// Issue 3 §7: a generated 200-field form (text, number, select and date fields) rendered by our
// FormRenderer, by plain React controlled inputs and by react-hook-form, in headless Debian
// Chromium in one run. Measures the time until the last field is in the page and the main-thread
// JS time per typed character, reports ratios against plain React, and checks that fast typing
// never drops a character in our form (exit code 1 if it does).
//
//   node bench/form-bench.mjs            builds bench/form-render, then measures
//   BENCH_RUNS=11 node bench/form-bench.mjs
//   node bench/form-bench.mjs --no-build   reuse bench/form-render/dist
//
// Writes bench/results/form-render.json.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildPages,
  distDir,
  launchChromium,
  openForm as open,
  requireChromium,
  serveDir,
} from './form-render/harness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const TYPED_CHARS = 50;
const FAST_CHARS = 200;
/** The field typed into for the per-keystroke figure (a text field in the middle of the form). */
const TYPE_FIELD = 'f100';
/** The field of the fast-typing check (the last field, a text field). */
const FAST_FIELD = 'f200';
const IMPLS = [
  { id: 'plain', label: 'plain React (controlled, one useState)' },
  { id: 'procedo', label: 'Procedo FormRenderer + createFormStore' },
  { id: 'rhf', label: 'react-hook-form 7 (register)' },
];
const TARGETS = { firstRenderRatio: 1.3, scriptMsPerKey: 1.5 };

requireChromium();
if (!process.argv.includes('--no-build')) await buildPages();
const server = await serveDir(distDir);
const browser = await launchChromium();
const chromiumVersion = browser.version();

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const metricsOf = async (cdp) =>
  Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
const settle = (page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));

const openForm = (impl) => open(browser, server.origin, impl);

/** One measured run of one implementation. */
async function measure(impl) {
  const { context, page, cdp, report } = await openForm(impl);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await metricsOf(cdp)).JSHeapUsedSize;
    const input = page.locator(`[name="${TYPE_FIELD}"]`);
    await input.focus();
    await page.keyboard.press('End');
    const before = await input.inputValue();
    await settle(page);
    const start = await metricsOf(cdp);
    const typed = 'x'.repeat(TYPED_CHARS);
    await page.keyboard.type(typed);
    await settle(page);
    const end = await metricsOf(cdp);
    const after = await input.inputValue();
    if (after !== before + typed)
      throw new Error(`${impl}: typed "${typed}" into "${before}" but read "${after}"`);
    return {
      renderFromModuleStartMs: report.lastFieldInDom - report.t0,
      importsEvalMs: report.entryStart - report.t0,
      renderFromEntryMs: report.lastFieldInDom - report.entryStart,
      renderFromNavigationMs: report.lastFieldInDom,
      frameFromNavigationMs: report.afterFrame,
      scriptMsPerKey: ((end.ScriptDuration - start.ScriptDuration) * 1000) / TYPED_CHARS,
      taskMsPerKey: ((end.TaskDuration - start.TaskDuration) * 1000) / TYPED_CHARS,
      heapBytes: heap,
    };
  } finally {
    await context.close();
  }
}

/**
 * Types `FAST_CHARS` characters into our form as fast as input can be sent, two ways: Playwright's
 * `keyboard.type` with no delay, and a burst of raw CDP key events sent without waiting for one
 * another. Reads the value back from the DOM and from the store.
 */
async function fastTypingCheck() {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,-_';
  const text = Array.from({ length: FAST_CHARS }, (_, i) => alphabet[(i * 7) % alphabet.length]).join('');
  const results = [];
  for (const mode of ['keyboard.type', 'cdp-burst']) {
    const { context, page, cdp } = await openForm('procedo');
    try {
      const input = page.locator(`[name="${FAST_FIELD}"]`);
      await input.focus();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.press('Backspace');
      if (mode === 'keyboard.type') {
        await page.keyboard.type(text);
      } else {
        await Promise.all(
          [...text].flatMap((char) => [
            cdp.send('Input.dispatchKeyEvent', {
              type: 'keyDown',
              key: char,
              text: char,
              unmodifiedText: char,
            }),
            cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: char }),
          ]),
        );
      }
      await settle(page);
      const domValue = await input.inputValue();
      const storeValue = await page.evaluate((name) => window.__benchStore.getField(name).value, FAST_FIELD);
      results.push({
        mode,
        expected: text.length,
        domLength: domValue.length,
        ok: domValue === text && storeValue === text,
      });
    } finally {
      await context.close();
    }
  }
  return results;
}

const runs = Object.fromEntries(IMPLS.map(({ id }) => [id, []]));
let fast;
try {
  // One warm-up round (browser caches, JIT of the harness), then interleaved rounds whose order
  // rotates, so drift on the shared machine hits every implementation alike.
  for (const { id } of IMPLS) await measure(id);
  for (let round = 0; round < RUNS; round++) {
    for (let i = 0; i < IMPLS.length; i++) {
      const { id } = IMPLS[(round + i) % IMPLS.length];
      runs[id].push(await measure(id));
    }
  }
  fast = await fastTypingCheck();
} finally {
  await browser.close();
  await server.close();
}

const METRICS = [
  'renderFromModuleStartMs',
  'importsEvalMs',
  'renderFromEntryMs',
  'renderFromNavigationMs',
  'frameFromNavigationMs',
  'scriptMsPerKey',
  'taskMsPerKey',
  'heapBytes',
];
const medians = Object.fromEntries(
  IMPLS.map(({ id }) => [id, Object.fromEntries(METRICS.map((m) => [m, median(runs[id].map((r) => r[m]))]))]),
);
const ratio = (id, metric) => medians[id][metric] / medians.plain[metric];

const fmt = (n, digits = 1) => n.toFixed(digits);
const x = (id, metric) => `${fmt(ratio(id, metric), 2)}×`;
const COLUMNS = [
  ['implementation', 40, ({ label }) => label],
  ['render ms', 10, ({ m }) => fmt(m.renderFromModuleStartMs)],
  ['ratio', 6, ({ id }) => x(id, 'renderFromModuleStartMs')],
  ['imports ms', 11, ({ m }) => fmt(m.importsEvalMs)],
  ['mount ms', 9, ({ m }) => fmt(m.renderFromEntryMs)],
  ['ratio', 6, ({ id }) => x(id, 'renderFromEntryMs')],
  ['from nav ms', 12, ({ m }) => fmt(m.renderFromNavigationMs)],
  ['ratio', 6, ({ id }) => x(id, 'renderFromNavigationMs')],
  ['JS ms/key', 10, ({ m }) => fmt(m.scriptMsPerKey, 2)],
  ['task ms/key', 12, ({ m }) => fmt(m.taskMsPerKey, 2)],
  ['heap MB', 8, ({ m }) => fmt(m.heapBytes / 1e6)],
];
console.log(`200-field form, ${RUNS} interleaved runs each, medians (Chromium ${chromiumVersion})`);
console.log(
  COLUMNS.map(([title, width], i) => (i === 0 ? title.padEnd(width) : title.padStart(width))).join(' '),
);
for (const { id, label } of IMPLS) {
  const row = { id, label, m: medians[id] };
  console.log(
    COLUMNS.map(([, width, cell], i) => (i === 0 ? cell(row).padEnd(width) : cell(row).padStart(width))).join(
      ' ',
    ),
  );
}
console.log(
  'render = module start → last field in the DOM (= imports evaluated + mount); from nav = the same end from navigation start.',
);
const ours = medians.procedo;
const targets = {
  firstRender: {
    target: `≤ ${TARGETS.firstRenderRatio}× plain React`,
    ratioFromModuleStart: ratio('procedo', 'renderFromModuleStartMs'),
    ratioFromNavigation: ratio('procedo', 'renderFromNavigationMs'),
    met: ratio('procedo', 'renderFromModuleStartMs') <= TARGETS.firstRenderRatio,
  },
  scriptPerKey: {
    target: `≤ ${TARGETS.scriptMsPerKey} ms`,
    ms: ours.scriptMsPerKey,
    met: ours.scriptMsPerKey <= TARGETS.scriptMsPerKey,
  },
  fastTyping: { target: 'no character dropped', met: fast.every((r) => r.ok), checks: fast },
};
console.log(
  `\nProcedo first render: ${fmt(targets.firstRender.ratioFromModuleStart, 2)}× plain React from module start, ` +
    `${fmt(targets.firstRender.ratioFromNavigation, 2)}× from navigation (target ≤ ${TARGETS.firstRenderRatio}×): ` +
    `${targets.firstRender.met ? 'met' : 'MISSED'}`,
);
console.log(
  `Procedo JS per keystroke: ${fmt(ours.scriptMsPerKey, 2)} ms (target ≤ ${TARGETS.scriptMsPerKey} ms): ` +
    `${targets.scriptPerKey.met ? 'met' : 'MISSED'}`,
);
for (const r of fast) {
  console.log(
    `Fast typing (${r.mode}, ${r.expected} chars into ${FAST_FIELD}): ${r.ok ? 'every character kept' : `DROPPED: read ${r.domLength} of ${r.expected}`}`,
  );
}

const outDir = path.join(root, 'bench', 'results');
await mkdir(outDir, { recursive: true });
await writeFile(
  path.join(outDir, 'form-render.json'),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), chromium: chromiumVersion, runs: RUNS, fields: 200, typedChars: TYPED_CHARS, medians, targets, samples: runs }, null, 2)}\n`,
);
if (!targets.fastTyping.met) process.exit(1);
