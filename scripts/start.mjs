// `npm start`: install, build, then serve the reference product under the supervisor (the server
// creates and seeds its SQLite databases on first start, or its PostgreSQL schemas when
// PROCEDO_DATABASE_URL is set). Env: PORT, HOST, PROCEDO_DATA_DIR, PROCEDO_DATABASE_URL,
// PROCEDO_SESSION_TIMEOUT_MINUTES (see README).
import path from 'node:path';
import { buildAll, checkNode, childEnv, ensureInstalled, root } from './lib.mjs';
import { runSupervisor, SERVER_SCRIPT } from './supervise.mjs';

checkNode();
await ensureInstalled();
const buildCode = await buildAll();
if (buildCode !== 0) {
  console.error('Build failed: see the errors above.');
  process.exit(buildCode);
}

// Restarted should it crash; stopped (not restarted) with Ctrl+C or SIGTERM.
await runSupervisor({ script: path.join(root, SERVER_SCRIPT), env: childEnv() });
