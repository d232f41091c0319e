import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDir, buildServer } from './testing/built-server';

/** The server built for this file alone (test files run in parallel). */
let entry: string;
let dataDir: string;

beforeAll(async () => {
  entry = buildServer('procedo-server-test');
  dataDir = await mkdtemp(path.join(tmpdir(), 'procedo-process-test-'));
}, 130_000);

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

function launch(env: Record<string, string>): {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
} {
  const child = spawn(process.execPath, [entry], {
    cwd: appDir,
    env: { PATH: process.env.PATH ?? '', ...env },
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

describe('node dist/server.js', () => {
  it('prints the banner, logs requests without secrets, and on SIGTERM finishes in-flight work and exits 0', async () => {
    const { child, stdout, stderr } = launch({
      PORT: '0',
      HOST: '127.0.0.1',
      PROCEDO_DATA_DIR: dataDir,
      PROCEDO_STATIC_DIR: path.join(dataDir, 'no-host'),
      PROCEDO_LOG_LEVEL: 'info',
    });
    const exited = once(child, 'exit');
    await waitFor(() => stdout().includes('\n'));
    const lines = stdout().split('\n');
    const match = /^Procedo reference server listening on http:\/\/127\.0\.0\.1:(\d+)\/$/.exec(lines[0]!);
    expect(match, `${stdout()}${stderr()}`).not.toBeNull();
    const base = `http://127.0.0.1:${match![1]}/`;
    await waitFor(() => stdout().includes('operator / demo'));
    expect(stdout()).toContain('supervisor / demo');
    expect(stdout()).toContain('demo (Demo), training (Training)');

    const secret = 'Sup3r-Secret-Passw0rd';
    const logon = await fetch(`${base}api/v1/session/logon`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Database: 'demo', UserName: 'supervisor', Password: secret }),
    });
    expect(logon.status).toBe(401);

    // A request still being sent when SIGTERM arrives is answered before the process exits.
    const inFlight = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${base}callback`, {
        method: 'POST',
        headers: { 'content-type': 'application/xml' },
      });
      request.on('error', reject);
      request.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.write('<Command><CommandType>Web.Session</CommandType>');
      setTimeout(() => {
        child.kill('SIGTERM');
        setTimeout(() => request.end('<CommandName>KeepAlive</CommandName></Command>'), 300);
      }, 200);
    });
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('<Status>NOT_LOGGED_ON</Status>');

    const [code] = await exited;
    expect(code).toBe(0);
    const logLines = stdout()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const logonLine = logLines.find((line) => line.path === '/api/v1/session/logon');
    expect(logonLine).toMatchObject({ method: 'POST', status: 401, msg: 'request' });
    expect(typeof logonLine?.ms).toBe('number');
    expect(logLines.some((line) => line.msg === 'server stopped')).toBe(true);
    expect(stdout()).not.toContain(secret);
    expect(stdout()).not.toContain('procedo_session=');
  }, 60_000);

  it('refuses a bad environment with a message naming the variable and exit code 1', async () => {
    const { child, stderr } = launch({ PORT: 'eighty', PROCEDO_DATA_DIR: dataDir });
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(stderr()).toMatch(/PORT/);
  }, 30_000);
});
