import { type ChildProcess, spawn } from 'node:child_process';

/** How to start the server under test: `node <entry>` with this environment (data dir, database URL). */
export interface ServerLaunch {
  /** The built `server.js`. */
  entry: string;
  /** Its working folder (it must resolve the server's dependencies from there). */
  cwd: string;
  /** PROCEDO_DATA_DIR, and PROCEDO_DATABASE_URL for PostgreSQL; PORT/HOST/logging are set here. */
  env: Record<string, string>;
  /** Options for node before the entry (e.g. `--import <preload>`). @default [] */
  nodeArgs?: string[];
}

/** A server child process and the URL it listens on. */
export interface ServerChild {
  child: ChildProcess;
  url: string;
  /** Resolves when the process has exited (after a kill or a crash). */
  exited: Promise<void>;
  /** The end of its output, for a failure message. */
  output(): string;
}

/** Starts the server as a child process and waits for its "listening on" line. */
export async function startServerChild(launch: ServerLaunch, timeoutMs = 60_000): Promise<ServerChild> {
  const child = spawn(process.execPath, [...(launch.nodeArgs ?? []), launch.entry], {
    cwd: launch.cwd,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      PROCEDO_LOG_LEVEL: 'info',
      PROCEDO_STATIC_DIR: `${launch.env.PROCEDO_DATA_DIR ?? '.'}/no-host`,
      ...launch.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-8_000);
  };
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start within ${timeoutMs} ms:\n${tail}`));
    }, timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      keep(chunk);
      const match = /listening on (http:\/\/[^\s"]+\/)/.exec(tail);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the server exited before listening:\n${tail}`));
    });
  });
  return { child, url, exited, output: () => tail };
}

/** `kill -9` and wait for the exit. */
export async function killHard(server: ServerChild): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await server.exited;
}

/** A browser-like client: a cookie jar (sessions survive restarts) against the current server URL. */
export class CrashClient {
  readonly cookies = new Map<string, string>();
  base = '';

  async fetch(pathname: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    if (init.method && init.method !== 'GET')
      headers['x-csrf-token'] = this.cookies.get('procedo_csrf') ?? '';
    const response = await fetch(new URL(pathname, this.base), { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  json(method: string, pathname: string, body: unknown, headers: Record<string, string> = {}) {
    return this.fetch(pathname, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  }

  async logon(userName: string, password = 'demo', database = 'demo'): Promise<void> {
    const response = await this.json('POST', 'api/v1/session/logon', {
      Database: database,
      UserName: userName,
      Password: password,
    });
    if (response.status !== 200) throw new Error(`logon failed: ${response.status} ${await response.text()}`);
  }
}

/**
 * A small seeded random source (mulberry32): a run's seed gives the same sequence of choices (the
 * requests still interleave as the machine's timing goes, so a rerun is close, not identical).
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
