// Where the first render's time goes: CPU-profiles page loads of the form benchmark (an
// unminified build with source maps) and prints self time by source package and file, and the
// functions with the most self and total time, for the Procedo page against plain React.
//
//   node bench/form-render/profile.mjs            (PROFILE_LOADS=5 loads per page by default)
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildPages, launchChromium, openForm, requireChromium, serveDir } from './harness.mjs';

const LOADS = Number(process.env.PROFILE_LOADS ?? 5);
const IMPLS = (process.env.PROFILE_IMPLS ?? 'procedo,plain').split(',');
const TOP = Number(process.env.PROFILE_TOP ?? 25);

requireChromium();
const outDir = path.join(os.tmpdir(), `procedo-form-profile-${process.pid}`);
await buildPages({ outDir, minify: false, sourcemap: true });

// ---- source maps: just enough of the format to find the source file of a position ------------
const B64 = Object.fromEntries(
  [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((c, i) => [c, i]),
);
function decodeVlq(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = B64[char];
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}
/** Per generated line: sorted [column, sourceIndex] pairs. */
function parseMap(map) {
  let source = 0;
  return map.mappings.split(';').map((line) => {
    let column = 0;
    const entries = [];
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const v = decodeVlq(segment);
      column += v[0];
      if (v.length > 1) {
        source += v[1];
        entries.push([column, source]);
      }
      // Original line and column deltas (v[2], v[3]) are not needed to name the file.
    }
    return entries;
  });
}
const maps = new Map();
async function sourceOf(url, line, column) {
  const file = path.join(outDir, new URL(url).pathname);
  if (!maps.has(file)) {
    try {
      const map = JSON.parse(await readFile(`${file}.map`, 'utf8'));
      maps.set(file, { sources: map.sources, lines: parseMap(map) });
    } catch {
      maps.set(file, null);
    }
  }
  const map = maps.get(file);
  const entries = map?.lines[line];
  if (!entries || entries.length === 0) return path.basename(file);
  let found = entries[0];
  for (const entry of entries) {
    if (entry[0] > column) break;
    found = entry;
  }
  return map.sources[found[1]];
}
/** A readable module label: `react-dom`, `react-aria-components`, `forms-react/src/form/…`. */
function labelOf(source) {
  const clean = source.replace(/^(\.\.\/)+/, '');
  const nm = clean.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = clean.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  return clean.replace(/^packages\//, '');
}

// ---- profile --------------------------------------------------------------------------------
const server = await serveDir(outDir);
const browser = await launchChromium();
const results = {};
try {
  for (const impl of IMPLS) {
    const byModule = new Map();
    const byFunction = new Map();
    const totalByFunction = new Map();
    let sampled = 0;
    for (let load = 0; load < LOADS; load++) {
      const { context, cdp } = await openForm(browser, server.origin, impl, {
        beforeLoad: async (session) => {
          await session.send('Profiler.enable');
          await session.send('Profiler.setSamplingInterval', { interval: 50 });
          await session.send('Profiler.start');
        },
      });
      const { profile } = await cdp.send('Profiler.stop');
      await context.close();
      const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
      const parent = new Map();
      for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
      const self = new Map();
      profile.samples.forEach((id, i) => {
        self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
      });
      for (const [id, micros] of self) {
        const { callFrame } = nodes.get(id);
        if (callFrame.functionName === '(idle)') continue;
        sampled += micros;
        const module = callFrame.url.startsWith('http')
          ? labelOf(await sourceOf(callFrame.url, callFrame.lineNumber, callFrame.columnNumber))
          : callFrame.functionName || '(native)';
        byModule.set(module, (byModule.get(module) ?? 0) + micros);
        const fn = `${callFrame.functionName || '(anonymous)'} [${module}]`;
        byFunction.set(fn, (byFunction.get(fn) ?? 0) + micros);
        // Total time: credit each distinct function on the stack once.
        const seen = new Set();
        for (let at = id; at !== undefined; at = parent.get(at)) {
          const frame = nodes.get(at).callFrame;
          if (!frame.url.startsWith('http')) continue;
          const key = `${frame.functionName || '(anonymous)'} [${labelOf(await sourceOf(frame.url, frame.lineNumber, frame.columnNumber))}]`;
          if (seen.has(key)) continue;
          seen.add(key);
          totalByFunction.set(key, (totalByFunction.get(key) ?? 0) + micros);
        }
      }
    }
    const ms = (micros) => micros / 1000 / LOADS;
    const top = (map) =>
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, TOP)
        .map(([name, micros]) => [name, Number(ms(micros).toFixed(2))]);
    results[impl] = {
      busyMsPerLoad: Number(ms(sampled).toFixed(1)),
      selfByModule: top(byModule),
      selfByFunction: top(byFunction),
      totalByFunction: top(totalByFunction),
    };
  }
} finally {
  await browser.close();
  await server.close();
  await rm(outDir, { recursive: true, force: true });
}

for (const [impl, result] of Object.entries(results)) {
  console.log(
    `\n=== ${impl}: ${result.busyMsPerLoad} ms busy per load (navigation → report, ${LOADS} loads, unminified)`,
  );
  for (const [title, rows] of [
    ['self time by module', result.selfByModule],
    ['self time by function', result.selfByFunction],
    ['total time by function', result.totalByFunction],
  ]) {
    console.log(`-- ${title} (ms per load)`);
    for (const [name, value] of rows) console.log(`${String(value).padStart(8)}  ${name}`);
  }
}
