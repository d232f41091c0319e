import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The mock-server package folder (where its tsup config and `node_modules` are). */
export const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Builds the server with the real tsup config into `node_modules/.cache/<folder>` — a folder of the
 * calling test file's own, so test files running in parallel (and a concurrent `dist`) never share
 * one — and answers the built entry, `server.js`. Throws with tsup's output when it fails.
 */
export function buildServer(folder: string): string {
  const outDir = path.join(appDir, 'node_modules', '.cache', folder);
  const build = spawnSync(path.join(appDir, 'node_modules', '.bin', 'tsup'), ['--out-dir', outDir], {
    cwd: appDir,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (build.status !== 0) throw new Error(`tsup failed: ${build.stderr}${build.stdout}`);
  return path.join(outDir, 'server.js');
}
