// The built reference server for the benchmarks: `startServer` and the bench-support hooks
// (direct store access for bulk set-up) from `apps/mock-server/dist`, or a clear message and exit 1
// when the server has not been built.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = (file) => pathToFileURL(path.join(root, 'apps/mock-server/dist', file)).href;

/** `{ startServer, support }` of the built server; exits the process when it is not built. */
export async function loadBuiltServer() {
  try {
    const { startServer } = await import(dist('server.js'));
    const support = await import(dist('bench-support.js'));
    return { startServer, support };
  } catch (error) {
    console.error(
      `Build the server first (corepack pnpm --filter @procedo/mock-server build): ${error.message}`,
    );
    process.exit(1);
  }
}
