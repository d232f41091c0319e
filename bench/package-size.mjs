// Issue 3 §7: min+gzip size of the four packages as an app ships them, without React: react,
// react-dom and react/jsx-runtime are external (the app has them anyway); everything else —
// react-aria-components, zod, ky, fast-xml-parser, floating-ui — is bundled. Each
// package alone (with the workspace packages it imports) and all four together (shared code
// counted once; every export kept, as the worst case of an app using all of it). react-aria's
// per-locale strings are limited to the locales Procedo ships, with the same
// @react-aria/optimize-locales-plugin the reference host builds with (docs/ARCHITECTURE.md);
// "all four together, all locales" is the figure without it. Target: ≤ 120 KB min+gzip together.
// Lazily loaded modules (`import()`) count like the rest (see `countLazyModules`), except the
// parts loaded on demand (`ON_DEMAND_ENTRIES`: charts, dashboard, filter editor, admin, permissions,
// developer bar, translation prompt, column-list selector, DOMPurify, …), measured apart.
// Writes bench/results/package-size.json; with `BENCH_METAFILE=1` also esbuild's metafile of "all
// four together" (bench/results/package-size.meta.json: every bundled input with its minified
// bytes, for https://esbuild.github.io/analyze/ or a diff against another tree).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGET_KB = 120;
/**
 * react-aria's translated strings kept, as in apps/reference-host/vite.config.ts: Procedo's UI is
 * English and react-aria's only English table is en-US; en-GB and every other locale fall back to
 * it. `BENCH_LOCALES=en-US,fr-FR` measures another list.
 */
const SHIPPED_LOCALES = (process.env.BENCH_LOCALES ?? 'en-US').split(',');

/**
 * Parts loaded only where they are used, not in the totals: entries an app imports on the pages
 * that show them (an app splits those pages off with `React.lazy`, as the reference host does) or
 * the packages load with `import()` by name (the charts), and modules the packages load with
 * `import()` that no export reaches statically (DOMPurify, the first time HTML is shown). Each is
 * measured alone and on top of all four together.
 */
const ON_DEMAND_ENTRIES = new Map([
  ['@procedo/forms-react/charts', 'packages/forms-react/src/charts.ts'],
  ['@procedo/forms-react/dashboard', 'packages/forms-react/src/dashboard.ts'],
  ['@procedo/forms-react/filter-editor', 'packages/forms-react/src/filter-editor.ts'],
  ['@procedo/forms-react/admin', 'packages/forms-react/src/admin.ts'],
  ['@procedo/forms-react/permissions', 'packages/forms-react/src/permissions.ts'],
  // Issue 14: the developer bar (design-mode users) and the translation prompt (translation admins).
  ['@procedo/forms-react/developer', 'packages/forms-react/src/developer.ts'],
  ['@procedo/forms-react/translation', 'packages/forms-react/src/translation.ts'],
  // The form designer (issue 16), loaded only by the designer's pages.
  ['@procedo/forms-react/designer', 'packages/forms-react/src/designer.ts'],
  // The column-list selector (issue 13), loaded when a user opens the column choice of a result list.
  ['@procedo/forms-react/column-list', 'packages/forms-react/src/column-list.ts'],
  // The designers' resources and schemas (issue 13), loaded only by the designers' pages too.
  ['@procedo/client-api/designer', 'packages/client-api/src/designer.ts'],
  ['DOMPurify (sanitizeHtml, on first HTML)', 'packages/forms-react/src/browser/purifier.ts'],
  // react-aria's tooltip with its overlay positioning: the first hover or focus of an element with help text.
  [
    'HelpTooltipOverlay (first hover of help text)',
    'packages/forms-react/src/tooltip/HelpTooltipOverlay.tsx',
  ],
  // react-aria's ComboBox and ListBox with the picker's search: the first focus of a picker.
  ['PickerComboBox (first focus of a picker)', 'packages/forms-react/src/fields/PickerComboBox.tsx'],
  // The element menu with @floating-ui/react: the first right-click in permissions mode (issue 14 item 2).
  [
    'ElementContextMenu (first right-click in permissions mode)',
    'packages/forms-react/src/permissions/ElementContextMenu.tsx',
  ],
  // The German texts, loaded only for a user who prefers German (issue 14 item 4).
  ['@procedo/client-api/locales/de', 'packages/client-api/src/locales/de.ts'],
  ['@procedo/forms-react/locales/de', 'packages/forms-react/src/locales/de.ts'],
  ['@procedo/process-react/locales/de', 'packages/process-react/src/locales/de.ts'],
  ['@procedo/session/locales/de', 'packages/session/src/locales/de.ts'],
]);
const onDemandFiles = new Set(ON_DEMAND_ENTRIES.values());

const packages = [
  { name: '@procedo/client-api', entries: ['packages/client-api/src/index.ts'] },
  { name: '@procedo/session', entries: ['packages/session/src/index.ts', 'packages/session/src/react.ts'] },
  { name: '@procedo/forms-react', entries: ['packages/forms-react/src/index.ts'] },
  { name: '@procedo/process-react', entries: ['packages/process-react/src/index.ts'] },
];

/** The names an entry exports (read from a build that leaves every package external). */
async function exportNamesOf(entry) {
  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    packages: 'external',
    conditions: ['@procedo/source'],
    loader: { '.css': 'empty' },
    format: 'esm',
    write: false,
    metafile: true,
    outdir: 'size-names',
    logLevel: 'error',
  });
  return Object.values(result.metafile.outputs).find((output) => output.entryPoint).exports;
}

/**
 * One ESM module that uses every export of each entry, so nothing is tree-shaken away: an array of
 * them all, as an app that imports every export by name refers to each once. (`export * as e0`
 * would also ship a namespace object keyed by every export name, ~2.4 KB min+gzip that no app
 * importing by name has.)
 */
async function stdinOf(entries) {
  const lines = [];
  const used = [];
  for (const [i, entry] of entries.entries()) {
    lines.push(`import * as e${i} from ${JSON.stringify(`./${entry}`)};`);
    for (const name of await exportNamesOf(entry)) used.push(`e${i}.${name}`);
  }
  return `${lines.join('\n')}\nexport const all = [${used.join(', ')}];\n`;
}

// react-aria's translated strings live in `intl/<component>/<locale>.mjs` files (34 locales each).
const isLocaleStrings = (input) => /[/\\]intl[/\\]([^/\\]+[/\\])?[a-z]{2}-[A-Z]{2}\.(json|m?js)$/.test(input);

/** Where a bundled file comes from: its npm package, or the workspace package. */
function originOf(input) {
  const match = input.match(/.*node_modules\/(@[^/]+\/[^/]+|[^/]+)\//);
  if (match) return match[1];
  const workspace = input.match(/^packages\/([^/]+)\//);
  return workspace ? `@procedo/${workspace[1]}` : input;
}

/**
 * The plugin's esbuild build (unplugin 2.3) resolves a dropped locale to its `empty.js` in the
 * `locales-plugin` namespace but has no load hook, so esbuild cannot read it: load it from disk.
 */
const loadDroppedLocales = {
  name: 'load-dropped-locales',
  setup(build) {
    build.onLoad({ filter: /.*/, namespace: 'locales-plugin' }, async (args) => ({
      contents: await readFile(args.path, 'utf8'),
      loader: 'js',
    }));
  },
};

/**
 * Every export is kept, so each module forms-react loads lazily (`LazyFields.tsx`: the tab strip
 * and the info box) is in the bundle through its static export as well. An app's bundler (Rollup
 * in Vite) then leaves it in the main chunk and `import()` just resolves to it. esbuild without
 * code splitting would instead inline the `import()` by wrapping the module and everything it
 * imports in lazy-init closures (~5.6 KB min+gzip here that no app ships), and with splitting it
 * cuts chunks per entry set, each gzipped apart. So `import()` stays a reference, and the build
 * fails if a lazily loaded module is not in the bundle, so no code goes uncounted.
 */
/** The lazily loaded modules the last failed build lacked (see `measureCounted`). */
let missingLazyModules = [];
const countLazyModules = {
  name: 'count-lazy-modules',
  setup(build) {
    /** Lazily loaded module → the module that loads it. */
    const lazy = new Map();
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.kind !== 'dynamic-import' || args.pluginData?.lazy) return undefined;
      // An entry loaded on demand by its name (the charts) is measured on its own below.
      if (ON_DEMAND_ENTRIES.has(args.path)) return { path: args.path, external: true };
      const resolved = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: { lazy: true },
      });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      // Loaded by path but on demand only (nothing else imports it): measured on its own below.
      if (onDemandFiles.has(path.relative(root, resolved.path))) return { path: args.path, external: true };
      lazy.set(path.relative(root, resolved.path), path.relative(root, args.importer));
      return { path: args.path, external: true };
    });
    build.onEnd((result) => {
      if (!result.metafile) return;
      const bundled = Object.values(result.metafile.outputs)[0].inputs;
      // A module tree-shaken away loads nothing; one in the bundle needs its lazy modules there too.
      const missing = [...lazy].filter(([file, importer]) => importer in bundled && !(file in bundled));
      lazy.clear();
      missingLazyModules = missing.map(([file]) => file);
      if (missing.length > 0) {
        const files = missing.map(([file]) => file).join(', ');
        return { errors: [{ text: `lazily loaded modules not in the bundle (measure them): ${files}` }] };
      }
      return undefined;
    });
  },
};

const keptMetafiles = [];

/** Bundles `entries`; `locales: 'all'` keeps every react-aria translation. */
async function measure(entries, { locales = SHIPPED_LOCALES, keepMetafile = false } = {}) {
  const result = await build({
    plugins: [
      countLazyModules,
      ...(locales === 'all' ? [] : [optimizeLocales.esbuild({ locales }), loadDroppedLocales]),
    ],
    absWorkingDir: root,
    stdin: { contents: await stdinOf(entries), resolveDir: root, loader: 'ts', sourcefile: 'size-entry.ts' },
    bundle: true,
    minify: true,
    write: false,
    metafile: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    jsx: 'automatic',
    conditions: ['@procedo/source'],
    external: ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'],
    // Imported stylesheets are shipped as their own file; their size is the CSS figure below.
    loader: { '.css': 'empty' },
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    logLevel: 'error',
  });
  const code = result.outputFiles[0].contents;
  const output = Object.values(result.metafile.outputs)[0];
  if (keepMetafile) keptMetafiles.push(result.metafile);
  let localeBytes = 0;
  const byOrigin = new Map();
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    if (isLocaleStrings(input)) localeBytes += bytesInOutput;
    const origin = originOf(input);
    byOrigin.set(origin, (byOrigin.get(origin) ?? 0) + bytesInOutput);
  }
  return {
    minBytes: code.byteLength,
    gzipBytes: gzipSync(code, { level: 9 }).byteLength,
    localeStringsMinBytes: localeBytes,
    largestMinBytes: Object.fromEntries([...byOrigin].sort((a, b) => b[1] - a[1]).slice(0, 12)),
  };
}

async function cssSize(file) {
  const result = await build({
    absWorkingDir: root,
    entryPoints: [file],
    bundle: true,
    minify: true,
    write: false,
    logLevel: 'error',
  });
  const code = result.outputFiles[0].contents;
  return { minBytes: code.byteLength, gzipBytes: gzipSync(code, { level: 9 }).byteLength };
}

const rows = [];
for (const { name, entries } of packages) rows.push({ name, ...(await measureCounted(entries)) });
const allEntries = packages.flatMap((p) => p.entries);
// Without process-react: the three packages every Procedo app takes, whatever it does with processes.
const coreThree = {
  name: 'three without process-react',
  ...(await measureCounted(
    packages.filter((p) => p.name !== '@procedo/process-react').flatMap((p) => p.entries),
  )),
};
// Issue 3 §7: RAC's per-locale strings limited to the locales we ship — what an app ships.
const together = {
  name: 'all four together',
  locales: SHIPPED_LOCALES,
  ...(await measureCounted(allEntries, { keepMetafile: true })),
};
const togetherAllLocales = {
  name: 'together, all locales',
  locales: 'all',
  ...(await measureCounted(allEntries, { locales: 'all' })),
};
// The chart entry alone, with its library (visx): what a page that shows a chart loads on top.
/**
 * `entries` with every module they load lazily: a lazily loaded module (the process runner's
 * engine, loaded on the first run; a form renderer's tab strip and info box, on first use) is in
 * no entry's static imports, so it is added as an entry and counted with them.
 */
async function measureCounted(entries, options) {
  let counted = [...entries];
  for (let round = 0; round < 5; round += 1) {
    try {
      return await measure(counted, options);
    } catch (error) {
      if (missingLazyModules.length === 0) throw error;
      counted = [...counted, ...missingLazyModules];
    }
  }
  throw new Error(`lazily loaded modules still missing: ${missingLazyModules.join(', ')}`);
}

const onDemand = [];
for (const [name, entry] of ON_DEMAND_ENTRIES) {
  const alone = await measureCounted([entry]);
  const withAll = await measureCounted([...allEntries, entry]);
  onDemand.push({
    name,
    ...alone,
    onTopOfAllFour: {
      minBytes: withAll.minBytes - together.minBytes,
      gzipBytes: withAll.gzipBytes - together.gzipBytes,
    },
  });
}
const css = {
  '@procedo/forms-react/styles.css': await cssSize('packages/forms-react/src/styles.css'),
  '@procedo/session/styles.css': await cssSize('packages/session/src/styles.css'),
};

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  `JS without react / react-dom (everything else bundled), minified ESM, react-aria strings for ${SHIPPED_LOCALES.join('+')}:`,
);
for (const row of [...rows, coreThree, together, togetherAllLocales]) {
  console.log(
    `${row.name.padEnd(28)} min ${kb(row.minBytes).padStart(9)}   min+gzip ${kb(row.gzipBytes).padStart(8)}   ` +
      `of which react-aria locale strings ${kb(row.localeStringsMinBytes).padStart(8)} min`,
  );
}
console.log('Largest parts of "all four together" (minified bytes before gzip):');
for (const [origin, bytes] of Object.entries(together.largestMinBytes)) {
  console.log(`  ${kb(bytes).padStart(9)}  ${origin}`);
}
console.log('On demand (not in the totals): alone, and what it adds on top of all four together:');
for (const row of onDemand) {
  console.log(
    `  ${row.name.padEnd(40)} min ${kb(row.minBytes).padStart(9)}   min+gzip ${kb(row.gzipBytes).padStart(8)}   ` +
      `on top: min ${kb(row.onTopOfAllFour.minBytes).padStart(8)}   min+gzip ${kb(row.onTopOfAllFour.gzipBytes).padStart(7)}`,
  );
}
for (const [name, size] of Object.entries(css)) {
  console.log(
    `${name.padEnd(32)} min ${kb(size.minBytes).padStart(9)}   min+gzip ${kb(size.gzipBytes).padStart(8)}`,
  );
}
const met = together.gzipBytes <= TARGET_KB * 1024;
console.log(
  `Together: ${kb(together.gzipBytes)} min+gzip with ${SHIPPED_LOCALES.join('+')} strings, ` +
    `${kb(togetherAllLocales.gzipBytes)} with all locales (target ≤ ${TARGET_KB} KB): ${met ? 'met' : 'MISSED'}`,
);

const outDir = path.join(root, 'bench', 'results');
await mkdir(outDir, { recursive: true });
if (process.env.BENCH_METAFILE === '1') {
  await writeFile(path.join(outDir, 'package-size.meta.json'), `${JSON.stringify(keptMetafiles[0])}\n`);
}
await writeFile(
  path.join(outDir, 'package-size.json'),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), targetKB: TARGET_KB, met, packages: rows, coreThree, together, togetherAllLocales, onDemand, css }, null, 2)}\n`,
);
