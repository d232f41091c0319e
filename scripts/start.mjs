// `npm start`: install, build, then serve the reference product (the server creates and seeds
// its SQLite databases on first start). Env: PORT, HOST, PROCEDO_DATA_DIR,
// PROCEDO_SESSION_TIMEOUT_MINUTES (see README).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildAll, checkNode, childEnv, ensureInstalled, root } from './lib.mjs';

checkNode();
await ensureInstalled();
const buildCode = await buildAll();
if (buildCode !== 0) {
  console.error('Build failed: see the errors above.');
  process.exit(buildCode);
}

const server = spawn(
  process.execPath,
  ['--enable-source-maps', path.join(root, 'apps/mock-server/dist/server.js')],
  {
    cwd: root,
    stdio: 'inherit',
    env: childEnv(),
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
