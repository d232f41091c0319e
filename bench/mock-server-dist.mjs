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

/**
 * The built server (`dist/server.js`) in a child process of its own on a free port with a fresh
 * data folder and silent logs; `env` adds settings (e.g. PROCEDO_DATABASE_URL). Resolves with its
 * URL, its process, and `stop()` (SIGTERM, then the data folder removed).
 */
export async function startServerChild(env = {}, { dist = path.join(root, 'apps/mock-server/dist') } = {}) {
  const { spawn } = await import('node:child_process');
  const { mkdtemp, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'procedo-bench-'));
  const child = spawn(process.execPath, [path.join(dist, 'server.js')], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      PROCEDO_DATA_DIR: dataDir,
      PROCEDO_LOG_LEVEL: 'silent',
      PROCEDO_STATIC_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+\/)/.exec(out);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  child.stdout.resume();
  return {
    url,
    child,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
