// Bundle size of the framework-free packages as a browser app would ship them: everything
// bundled (zod, ky, fast-xml-parser included), minified, ESM. Prints min and min+gzip bytes and
// writes bench/results/bundle-size.json. Absolute bytes: there is no baseline to compare with.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const entries = [
  { name: '@procedo/client-api', entry: 'packages/client-api/src/index.ts' },
  { name: '@procedo/session', entry: 'packages/session/src/index.ts' },
];

const results = [];
for (const { name, entry } of entries) {
  const output = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    minify: true,
    write: false,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    conditions: ['@procedo/source'],
    legalComments: 'none',
    logLevel: 'error',
  });
  const code = output.outputFiles[0].contents;
  const minBytes = code.byteLength;
  const gzipBytes = gzipSync(code, { level: 9 }).byteLength;
  results.push({ name, entry, minBytes, gzipBytes });
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
for (const { name, minBytes, gzipBytes } of results) {
  console.log(
    `${name.padEnd(22)} min ${String(minBytes).padStart(8)} B (${kib(minBytes)})   min+gzip ${String(gzipBytes).padStart(7)} B (${kib(gzipBytes)})`,
  );
}

const outDir = path.join(root, 'bench', 'results');
await mkdir(outDir, { recursive: true });
await writeFile(
  path.join(outDir, 'bundle-size.json'),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), results }, null, 2)}\n`,
);
