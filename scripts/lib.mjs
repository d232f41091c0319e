// Shared helpers of the two commands a newcomer runs (`npm start`, `npm test`). Node builtins
// only: these run before anything is installed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const MIN_NODE = [20, 19];

/** Stops with a clear message on a Node.js older than the toolchain supports. */
export function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < MIN_NODE[0] || (major === MIN_NODE[0] && minor < MIN_NODE[1])) {
    console.error(`Procedo needs Node.js ${MIN_NODE.join('.')} or newer; this is ${process.versions.node}.`);
    process.exit(1);
  }
}

/** Environment for child commands: node-gyp builds sqlite against the machine's Node headers. */
export function childEnv(extra = {}) {
  const env = { ...process.env, ...extra };
  if (!env.npm_config_nodedir && existsSync('/usr/include/node/node.h')) env.npm_config_nodedir = '/usr';
  env.STORYBOOK_DISABLE_TELEMETRY = '1';
  return env;
}

/** Runs a command, streaming its output; resolves with its exit code. */
export function run(cmd, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: 'inherit',
      env: childEnv(options.env),
      ...options.spawn,
    });
    child.on('error', (error) => {
      console.error(`Could not run ${cmd}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs a command and stops the script if it fails. */
export async function must(label, cmd, args, options) {
  const code = await run(cmd, args, options);
  if (code !== 0) {
    console.error(`\n${label} failed (exit code ${code}).`);
    process.exit(code || 1);
  }
}

/** Newest modification time under a directory (skipping build output and dependencies). */
function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  const stack = [dir];
  while (stack.length > 0) {
    const current = stack.pop();
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) stack.push(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  }
  return newest;
}

/** Installs the workspace when dependencies are missing or the lockfile changed since. */
export async function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.modules.yaml');
  const lock = path.join(root, 'pnpm-lock.yaml');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('Installing dependencies (first run compiles SQLite; about two minutes)…');
  await must('Install', 'corepack', ['pnpm', 'install', '--frozen-lockfile']);
}

/** The workspace projects `npm start` builds, each with the file its build produces. */
const BUILD_TARGETS = [
  { name: '@procedo/client-api', dir: 'packages/client-api', output: 'dist/index.js' },
  { name: '@procedo/texts', dir: 'packages/texts', output: 'dist/index.js' },
  { name: '@procedo/session', dir: 'packages/session', output: 'dist/react.js' },
  { name: '@procedo/forms-react', dir: 'packages/forms-react', output: 'dist/index.js' },
  { name: '@procedo/process-react', dir: 'packages/process-react', output: 'dist/index.js' },
  { name: '@procedo/mock-server', dir: 'apps/mock-server', output: 'dist/server.js' },
  { name: '@procedo/reference-host', dir: 'apps/reference-host', output: 'dist/index.html' },
];

/** Builds what is out of date (any source newer than its output), or everything with `force`. */
export async function buildAll({ force = false } = {}) {
  const stale = BUILD_TARGETS.filter((target) => {
    if (force) return true;
    const output = path.join(root, target.dir, target.output);
    if (!existsSync(output)) return true;
    // Our packages feed each other (the server bundles client-api, the host bundles all four).
    const inputs = Math.max(
      newestMtime(path.join(root, target.dir)),
      ...['client-api', 'texts', 'session', 'forms-react', 'process-react'].map((p) =>
        newestMtime(path.join(root, 'packages', p, 'src')),
      ),
    );
    return inputs > statSync(output).mtimeMs;
  });
  if (stale.length === 0) return 0;
  console.log(`Building ${stale.map((t) => t.name).join(', ')}…`);
  const filters = stale.flatMap((t) => ['--filter', t.name]);
  return run('corepack', ['pnpm', '--workspace-concurrency=1', ...filters, 'run', 'build']);
}

/** Where Debian's Chromium is, or null. */
export function chromiumPath() {
  const candidates = [process.env.PROCEDO_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((candidate) => candidate && existsSync(candidate)) ?? null;
}

/**
 * Installs Debian's package `name` with apt when running as root; otherwise stops with a message
 * naming the package `what` needs. Stops the run too when apt fails.
 */
export function installDebianPackage(name, what) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `${what} Install Debian's package '${name}' (sudo apt-get install -y ${name}) and run npm test again.`,
    );
    process.exit(1);
  }
  console.log(`${name} is missing: installing Debian's package '${name}' with apt…`);
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', name],
  ]) {
    const result = spawnSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0) {
      console.error(
        `apt-get ${args.join(' ')} failed: install Debian's package '${name}' and run npm test again.`,
      );
      process.exit(1);
    }
  }
}

/**
 * Makes sure Chromium is there for the browser tests: installs Debian's `chromium` with apt when
 * running as root, otherwise stops with a message naming the package.
 */
export function ensureChromium() {
  if (chromiumPath()) return chromiumPath();
  installDebianPackage('chromium', 'The browser tests need Chromium.');
  return chromiumPath();
}
