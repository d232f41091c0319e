// Keeps the Procedo server running: restarts it when it exits unexpectedly (a crash, an
// out-of-memory kill, SIGKILL), never when it was asked to stop (SIGINT/SIGTERM) or exited 0.
// Used by `npm start` (after install and build) and `npm run serve` (production: the built
// server only). Node builtins only.
//
//   node scripts/supervise.mjs                  supervise apps/mock-server/dist/server.js
//   node scripts/supervise.mjs <script> [args]  supervise another Node.js script
import { spawn } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The built server, relative to the repository. */
export const SERVER_SCRIPT = 'apps/mock-server/dist/server.js';

/** Pause before the n-th restart within the window: 0.5 s, 1 s, 2 s, 4 s, then 5 s. */
export const defaultBackoffMs = (crashes) => Math.min(500 * 2 ** (crashes - 1), 5000);

/**
 * @typedef {object} SuperviseOptions
 * @property {string} [command] What to run. @default process.execPath (node)
 * @property {string[]} args Its arguments (for node: flags, the script, its arguments).
 * @property {string} [cwd] @default process.cwd()
 * @property {NodeJS.ProcessEnv} [env] @default process.env
 * @property {'inherit' | 'pipe' | 'ignore'} [stdio] @default 'inherit'
 * @property {number} [maxCrashes] Crashes allowed within `windowMs`; one more and it gives up. @default 5
 * @property {number} [windowMs] @default 60000
 * @property {(crashes: number) => number} [backoffMs] Pause before a restart. @default {@link defaultBackoffMs}
 * @property {(line: string) => void} [log] Where its own messages go. @default console.error
 * @property {(child: import('node:child_process').ChildProcess) => void} [onSpawn] Called for each start.
 * @property {() => number} [now] Clock in ms. @default Date.now
 */

/**
 * @typedef {object} SupervisorResult
 * @property {number} code The exit code the supervisor should end with.
 * @property {'stopped' | 'exited' | 'gave-up' | 'failed'} reason Stopped on request, the child
 *   exited 0 on its own, too many crashes, or the command could not be started.
 */

/**
 * Runs `command` and restarts it whenever it ends other than with exit code 0, after a short
 * pause; gives up when it crashes more than `maxCrashes` times within `windowMs`.
 *
 * @param {SuperviseOptions} options
 * @returns {{ done: Promise<SupervisorResult>, stop: (signal?: NodeJS.Signals) => void, readonly pid: number | undefined }}
 */
export function supervise(options) {
  const {
    command = process.execPath,
    args,
    cwd = process.cwd(),
    env = process.env,
    stdio = 'inherit',
    maxCrashes = 5,
    windowMs = 60_000,
    backoffMs = defaultBackoffMs,
    log = (line) => console.error(line),
    onSpawn = () => {},
    now = Date.now,
  } = options;
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let child;
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  let stopping = false;
  let finished = false;
  /** @type {number[]} */
  let crashes = [];
  /** @type {(result: SupervisorResult) => void} */
  let resolveDone = () => {};
  const done = new Promise((resolve) => {
    resolveDone = resolve;
  });
  /** @param {SupervisorResult} result */
  const finish = (result) => {
    if (finished) return;
    finished = true;
    if (timer) clearTimeout(timer);
    resolveDone(result);
  };

  const start = () => {
    timer = undefined;
    const current = spawn(command, args, { cwd, env, stdio });
    child = current;
    current.once('error', (error) => {
      // The command itself could not be run (missing, not executable): restarting cannot help.
      if (child === current) child = undefined;
      log(`Could not start the Procedo server (${command}): ${error.message}`);
      finish({ code: 1, reason: 'failed' });
    });
    current.once('exit', (code, signal) => {
      if (child === current) child = undefined;
      if (finished) return;
      if (stopping) {
        finish({ code: code ?? 0, reason: 'stopped' });
        return;
      }
      if (code === 0) {
        log('The Procedo server exited (code 0); not restarting it.');
        finish({ code: 0, reason: 'exited' });
        return;
      }
      const at = now();
      crashes = [...crashes.filter((t) => at - t < windowMs), at];
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      const seconds = windowMs / 1000;
      if (crashes.length > maxCrashes) {
        log(
          `The Procedo server ${how}. It crashed ${crashes.length} times within ${seconds} s, so it is not ` +
            'restarted again: see its log above for the cause, fix it, and start it again.',
        );
        finish({ code: 1, reason: 'gave-up' });
        return;
      }
      const wait = backoffMs(crashes.length);
      log(
        `The Procedo server ${how}; restarting it in ${wait / 1000} s ` +
          `(crash ${crashes.length} within ${seconds} s; after ${maxCrashes} it gives up).`,
      );
      timer = setTimeout(start, wait);
    });
    onSpawn(current);
  };

  /** @param {NodeJS.Signals} [signal] */
  const stop = (signal = 'SIGTERM') => {
    stopping = true;
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (child) child.kill(signal);
    else finish({ code: 0, reason: 'stopped' });
  };

  start();
  return {
    done,
    stop,
    get pid() {
      return child?.pid;
    },
  };
}

/**
 * Supervises a Node.js script as this process's main job: SIGINT and SIGTERM are passed on to it
 * (it stops gracefully and is not restarted), and this process exits with the result's code.
 *
 * @param {{ script: string, args?: string[], env?: NodeJS.ProcessEnv }} options
 */
export function runSupervisor({ script, args = [], env = process.env }) {
  const supervisor = supervise({ args: ['--enable-source-maps', script, ...args], env });
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.on(signal, () => supervisor.stop(signal));
  }
  return supervisor.done.then(({ code }) => process.exit(code));
}

function isEntryPoint() {
  try {
    return realpathSync(process.argv[1] ?? '') === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  const [script, ...args] = process.argv.slice(2);
  const target = script ? path.resolve(script) : path.join(root, SERVER_SCRIPT);
  if (!existsSync(target)) {
    console.error(
      script
        ? `No such script: ${target}`
        : `The server is not built (${SERVER_SCRIPT} is missing): run npm run build, or npm start.`,
    );
    process.exit(1);
  }
  await runSupervisor({ script: target, args });
}
