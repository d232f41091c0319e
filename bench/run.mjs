// `npm run bench`: every benchmark of the project, outside the timed test suite. Each reports
// ratios against a baseline measured in the same run (see bench/README.md).
import path from 'node:path';
import { buildAll, ensureInstalled, must, root } from '../scripts/lib.mjs';

await ensureInstalled();
if ((await buildAll()) !== 0) process.exit(1);
for (const script of [
  'server-bench.mjs',
  'hostile-bench.mjs',
  'lock-bench.mjs',
  'records-bench.mjs',
  'timetravel-bench.mjs',
  'process-bench.mjs',
  'bundle-size.mjs',
  'package-size.mjs',
  'form-bench.mjs',
]) {
  console.log(`\n▶ bench/${script}`);
  await must(script, process.execPath, [path.join(root, 'bench', script)]);
}
