import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDir, buildServer } from './testing/built-server';

/** The server built for this file alone (test files run in parallel). */
let entry: string;
let dataDir: string;
let preload: string;

beforeAll(async () => {
  entry = buildServer('procedo-server-crash-test');
  dataDir = await mkdtemp(path.join(tmpdir(), 'procedo-crash-test-'));
  // Stands in for a bug: on SIGUSR2 the process throws, or rejects a promise, with no handler.
  preload = path.join(dataDir, 'inject-crash.mjs');
  await writeFile(
    preload,
    `process.on('SIGUSR2', () => {
      if (process.env.CRASH_KIND === 'rejection') Promise.reject(new Error('injected rejection'));
      else setImmediate(() => { throw new Error('injected crash'); });
    });\n`,
  );
}, 130_000);

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

function launch(env: Record<string, string> = {}): {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
} {
  const child = spawn(process.execPath, ['--import', preload, entry], {
    cwd: appDir,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      PROCEDO_DATA_DIR: dataDir,
      PROCEDO_STATIC_DIR: path.join(dataDir, 'no-host'),
      PROCEDO_LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return { child, stdout: () => out, stderr: () => err };
}

async function waitFor(check: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const logLines = (stdout: string) =>
  stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('the last-resort handlers of node dist/server.js', () => {
  for (const [kind, origin, message] of [
    ['exception', 'uncaughtException', 'injected crash'],
    ['rejection', 'unhandledRejection', 'injected rejection'],
  ] as const) {
    it(`logs an unhandled ${kind} as fatal through pino and exits 1`, async () => {
      const { child, stdout, stderr } = launch({ CRASH_KIND: kind });
      const exited = once(child, 'exit');
      await waitFor(() => stdout().includes('server listening'));
      child.kill('SIGUSR2');
      const [code] = await exited;
      expect(code, stderr()).toBe(1);
      expect(logLines(stdout()).find((line) => line.level === 60)).toMatchObject({
        msg: 'server crashed: exiting',
        origin,
        err: { message },
      });
      expect(stderr()).toContain(`Procedo server crashed (${origin})`);
    }, 60_000);
  }

  it('finishes its graceful stop when SIGINT arrives twice (terminal and supervisor) and exits 0', async () => {
    const { child, stdout, stderr } = launch();
    const exited = once(child, 'exit');
    await waitFor(() => stdout().includes('server listening'));
    const port = /listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(stdout())![1];
    // A request still being sent holds the graceful stop open while the second signal comes.
    const request = http.request(`http://127.0.0.1:${port}/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml', connection: 'close' },
    });
    const answered = new Promise<number>((resolve, reject) => {
      request.on('error', reject);
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
    });
    await new Promise<void>((resolve) =>
      request.write('<Command><CommandType>Web.Session</CommandType>', () => resolve()),
    );
    // Time for the server to take the connection in (as in server.test.ts).
    await new Promise((resolve) => setTimeout(resolve, 200));
    child.kill('SIGINT');
    await waitFor(() => stdout().includes('shutting down'));
    child.kill('SIGINT');
    request.end('<CommandName>KeepAlive</CommandName></Command>');
    expect(await answered).toBe(200);
    const [code, signal] = await exited;
    expect({ code, signal }, stderr()).toEqual({ code: 0, signal: null });
    expect(logLines(stdout()).some((line) => line.msg === 'server stopped')).toBe(true);
  }, 60_000);
});
