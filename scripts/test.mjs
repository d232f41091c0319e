// `npm test`: every suite of the project, in order — build, typecheck, lint, unit and server
// integration tests (vitest projects; the server suite starts the real server on port 0 with a
// temporary SQLite file; its PostgreSQL tests run on a throwaway PostgreSQL server), the Storybook
// build, and end-to-end tests in Debian's Chromium.
// Ends with one line `N passed, N failed` totalling every suite.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildAll, checkNode, ensureChromium, ensureInstalled, root, run } from './lib.mjs';
import { ensurePostgres } from './postgres.mjs';

checkNode();
const startedAt = Date.now();
const resultsDir = path.join(root, '.test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

/** @type {{ suite: string; passed: number; failed: number; seconds: number }[]} */
const summary = [];

function record(suite, passed, failed, since) {
  summary.push({ suite, passed, failed, seconds: (Date.now() - since) / 1000 });
}

/** A check that is one command: one pass or one failure. */
async function check(suite, cmd, args) {
  const since = Date.now();
  console.log(`\n▶ ${suite}`);
  const code = await run(cmd, args);
  record(suite, code === 0 ? 1 : 0, code === 0 ? 0 : 1, since);
  return code === 0;
}

/** A vitest run: counts every test; a run that crashes before reporting counts as one failure. */
async function vitest(suite, file, args) {
  const since = Date.now();
  console.log(`\n▶ ${suite}`);
  const output = path.join(resultsDir, file);
  const code = await run(path.join(root, 'node_modules/.bin/vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${output}`,
    ...args,
  ]);
  if (!existsSync(output)) {
    record(suite, 0, 1, since);
    return;
  }
  const report = JSON.parse(readFileSync(output, 'utf8'));
  // Files that fail to load report no tests: count each as a failure so they cannot hide.
  const brokenFiles = report.testResults.filter(
    (r) => r.status === 'failed' && r.assertionResults.length === 0,
  ).length;
  const failed =
    report.numFailedTests + brokenFiles + (code !== 0 && report.numFailedTests + brokenFiles === 0 ? 1 : 0);
  record(suite, report.numPassedTests, failed, since);
}

await ensureInstalled();

let sinceBuild = Date.now();
console.log('\n▶ build');
const built = (await buildAll({ force: process.env.CI === 'true' })) === 0;
record('build', built ? 1 : 0, built ? 0 : 1, sinceBuild);

for (const project of [
  '.',
  'packages/client-api',
  'packages/texts',
  'packages/session',
  'packages/forms-react',
  'packages/process-react',
  'apps/mock-server',
  'apps/reference-host',
  'stories',
  'e2e',
  'bench/form-render',
]) {
  await check(`typecheck ${project}`, path.join(root, 'node_modules/.bin/tsc'), [
    '-p',
    `${project}/tsconfig.json`,
  ]);
}
await check('lint and format (biome)', path.join(root, 'node_modules/.bin/biome'), ['ci', '.']);
// The server suites also run on a throwaway PostgreSQL (apps/mock-server/vitest.pg.config.ts).
ensurePostgres();
await vitest('unit and server integration tests (SQLite and PostgreSQL)', 'unit.json', []);

sinceBuild = Date.now();
if (built) {
  await check('storybook build', 'corepack', ['pnpm', '--filter', '@procedo/stories', 'run', 'build']);
  ensureChromium();
  await vitest('end-to-end tests (Chromium)', 'e2e.json', ['--config', 'e2e/vitest.config.ts']);
} else {
  record('storybook build (not run: build failed)', 0, 1, sinceBuild);
  record('end-to-end tests (not run: build failed)', 0, 1, sinceBuild);
}

const passed = summary.reduce((n, s) => n + s.passed, 0);
const failed = summary.reduce((n, s) => n + s.failed, 0);
console.log('\nSuites:');
for (const s of summary) {
  console.log(
    `  ${s.failed ? '✗' : '✓'} ${s.suite}: ${s.passed} passed, ${s.failed} failed (${s.seconds.toFixed(1)} s)`,
  );
}
console.log(`Total time ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
