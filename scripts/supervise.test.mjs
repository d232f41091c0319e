import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supervise } from './supervise.mjs';

const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), 'supervise.mjs');

let dir = '';
/** A tiny server stand-in: says its pid, runs until SIGTERM/SIGINT, then says so and exits 0. */
let longRunning = '';
/** Crashes at once. */
let crashing = '';

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'procedo-supervise-test-'));
  longRunning = path.join(dir, 'long-running.mjs');
  crashing = path.join(dir, 'crashing.mjs');
  await writeFile(
    longRunning,
    // The handlers go in before 'started' is printed: the tests signal as soon as they read it.
    `const timer = setInterval(() => {}, 1000);
    for (const signal of ['SIGTERM', 'SIGINT']) {
      process.on(signal, () => { console.log('stopping on ' + signal); clearInterval(timer); });
    }
    console.log('started ' + process.pid);\n`,
  );
  await writeFile(crashing, `throw new Error('crashes at once');\n`);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function waitFor(check, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** `node scripts/supervise.mjs <script>` with its output collected. */
function launchCli(script) {
  const child = spawn(process.execPath, [cli, script], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => (out += chunk.toString()));
  child.stderr.on('data', (chunk) => (err += chunk.toString()));
  const pids = () => [...out.matchAll(/started (\d+)/g)].map((match) => Number(match[1]));
  return { child, stdout: () => out, stderr: () => err, pids };
}

describe('the supervisor behind npm start and npm run serve', () => {
  it('restarts the server after it is killed with SIGKILL, and stops it for good on SIGTERM', async () => {
    const { child, stderr, stdout, pids } = launchCli(longRunning);
    const exited = once(child, 'exit');
    await waitFor(() => pids().length === 1);
    const [first] = pids();
    process.kill(first, 'SIGKILL');

    await waitFor(() => pids().length === 2);
    const second = pids()[1];
    expect(second).not.toBe(first);
    expect(stderr()).toContain('The Procedo server was killed by SIGKILL; restarting it in 0.5 s');

    child.kill('SIGTERM');
    const [code] = await exited;
    expect(code).toBe(0);
    expect(stdout()).toContain('stopping on SIGTERM');
    expect(pids()).toHaveLength(2);
    expect(isRunning(second)).toBe(false);
  }, 30_000);

  it('passes SIGINT on and does not restart a server that stopped on request', async () => {
    const { child, stdout, stderr, pids } = launchCli(longRunning);
    const exited = once(child, 'exit');
    await waitFor(() => pids().length === 1);
    child.kill('SIGINT');
    const [code] = await exited;
    expect(code).toBe(0);
    expect(stdout()).toContain('stopping on SIGINT');
    expect(pids()).toHaveLength(1);
    expect(stderr()).not.toContain('restarting');
  }, 30_000);

  it('gives up with a clear message when the server crashes more than 5 times within 60 s', async () => {
    const lines = [];
    let starts = 0;
    const supervisor = supervise({
      args: [crashing],
      stdio: 'ignore',
      backoffMs: () => 10,
      log: (line) => lines.push(line),
      onSpawn: () => starts++,
    });
    expect(await supervisor.done).toEqual({ code: 1, reason: 'gave-up' });
    expect(starts).toBe(6);
    expect(lines.filter((line) => line.includes('restarting it in'))).toHaveLength(5);
    expect(lines.at(-1)).toBe(
      'The Procedo server exited with code 1. It crashed 6 times within 60 s, so it is not restarted ' +
        'again: see its log above for the cause, fix it, and start it again.',
    );
  }, 30_000);

  it('keeps restarting a server whose crashes are further apart than the window', async () => {
    let clock = 0;
    let starts = 0;
    let restarts = 0;
    const supervisor = supervise({
      args: [crashing],
      stdio: 'ignore',
      backoffMs: () => 10,
      // Each crash comes 61 s after the one before.
      now: () => (clock += 61_000),
      onSpawn: () => starts++,
      log: (line) => {
        if (line.includes('restarting it in') && ++restarts === 9) supervisor.stop();
      },
    });
    expect(await supervisor.done).toEqual({ code: 0, reason: 'stopped' });
    expect(starts).toBe(9);
  }, 30_000);

  it('does not restart a server that exits with code 0 on its own', async () => {
    let starts = 0;
    const supervisor = supervise({
      args: ['-e', 'process.exit(0)'],
      stdio: 'ignore',
      log: () => {},
      onSpawn: () => starts++,
    });
    expect(await supervisor.done).toEqual({ code: 0, reason: 'exited' });
    expect(starts).toBe(1);
  });
});
