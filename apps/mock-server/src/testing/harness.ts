import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type FileRef, FileRefSchema } from '@procedo/client-api';
import type { ServerOptions } from '../config';
import { type RunningServer, startServer } from '../server';
import { createTestPgDatabase } from './pg';

/** A clock tests move by hand. */
export interface FakeClock {
  now(): number;
  advance(ms: number): void;
}

/** A fake clock starting at the real current time. */
export function fakeClock(start = Date.now()): FakeClock {
  let current = start;
  return { now: () => current, advance: (ms) => (current += ms) };
}

/** A real server on port 0 with a temporary data folder, a fake clock and silent logs. */
export interface TestServer {
  url: string;
  dataDir: string;
  /** The PostgreSQL database of its schemas, or null on SQLite. */
  databaseUrl: string | null;
  clock: FakeClock;
  server: RunningServer;
  /** Stops the server and starts a new one on the same data folder (and clock). */
  restart(overrides?: Partial<ServerOptions>): Promise<void>;
  /** Stops the server and deletes the data folder. */
  close(): Promise<void>;
}

/**
 * A real server on port 0 with a temporary data folder; in the `mock-server-pg` test project
 * (`PROCEDO_TEST_ENGINE=postgres`) its databases are in a new PostgreSQL database of its own.
 */
export async function startTestServer(overrides: Partial<ServerOptions> = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'procedo-server-test-'));
  const clock = fakeClock();
  // A server given a database URL shares that database (several servers on one PostgreSQL).
  const pg =
    process.env.PROCEDO_TEST_ENGINE === 'postgres' && overrides.databaseUrl === undefined
      ? await createTestPgDatabase()
      : null;
  const base: Partial<ServerOptions> = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: pg?.url ?? null,
    logLevel: 'silent',
    staticDir: null,
    sessionTimeoutMinutes: 20,
    verboseErrors: false,
    faultInjection: false,
    now: clock.now,
  };
  const test: TestServer = {
    url: '',
    dataDir,
    databaseUrl: overrides.databaseUrl ?? pg?.url ?? null,
    clock,
    server: await startServer({ ...base, ...overrides }),
    async restart(next = {}) {
      await test.server.close();
      test.server = await startServer({ ...base, ...overrides, ...next });
      test.url = test.server.url;
    },
    async close() {
      await test.server.close();
      await pg?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  test.url = test.server.url;
  return test;
}

/** A test server with the two demo users signed in to `demo` (see {@link startSignedInServer}). */
export interface SignedInServer {
  server: TestServer;
  supervisor: TestClient;
  operator: TestClient;
}

/** {@link startTestServer}, then `supervisor` and `operator` each signed in with a client of their own. */
export async function startSignedInServer(overrides: Partial<ServerOptions> = {}): Promise<SignedInServer> {
  const server = await startTestServer(overrides);
  const supervisor = new TestClient(() => server.url);
  const operator = new TestClient(() => server.url);
  await supervisor.logon('supervisor');
  await operator.logon('operator');
  return { server, supervisor, operator };
}

/** A browser-like HTTP client with a cookie jar (name → value) against one server. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(private readonly base: () => string) {}

  /** fetch relative to the server, sending and storing cookies. */
  async fetch(pathname: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0 && !headers.has('cookie')) {
      headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const response = await fetch(new URL(pathname.replace(/^\//, ''), this.base()), { ...init, headers });
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

  /** JSON request with the CSRF header taken from the jar (unless `csrf: false` or a given value). */
  json(method: string, pathname: string, body?: unknown, options: { csrf?: string | false } = {}) {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    const csrf = options.csrf === undefined ? this.cookies.get('procedo_csrf') : options.csrf;
    if (csrf) headers['x-csrf-token'] = csrf;
    return this.fetch(pathname, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  async logon(userName = 'supervisor', password = 'demo', database = 'demo'): Promise<Response> {
    const response = await this.json('POST', 'api/v1/session/logon', {
      Database: database,
      UserName: userName,
      Password: password,
    });
    if (response.status !== 200) throw new Error(`logon failed: ${response.status} ${await response.text()}`);
    return response;
  }

  /**
   * POSTs `content` as the multipart part `file` named `name` to `files`, with the CSRF header taken
   * from the jar (unless `csrf: false` or a given value), `headers` and `searchParams` added.
   */
  upload(
    name: string,
    content: BlobPart,
    options: {
      csrf?: string | false;
      headers?: Record<string, string>;
      searchParams?: Record<string, string>;
    } = {},
  ): Promise<Response> {
    const form = new FormData();
    form.append('file', new Blob([content]), name);
    const headers: Record<string, string> = { ...options.headers };
    const csrf = options.csrf === undefined ? this.cookies.get('procedo_csrf') : options.csrf;
    if (csrf) headers['x-csrf-token'] = csrf;
    const query = options.searchParams ? `?${new URLSearchParams(options.searchParams)}` : '';
    return this.fetch(`api/v1/files${query}`, { method: 'POST', body: form, headers });
  }

  /** {@link upload}s a file that must be stored (201) and answers its reference. */
  async uploadFile(name: string, content: BlobPart): Promise<FileRef> {
    const response = await this.upload(name, content);
    if (response.status !== 201)
      throw new Error(`upload failed: ${response.status} ${await response.text()}`);
    return FileRefSchema.parse(await response.json());
  }

  /** POSTs a callback body (CSRF header from the jar unless given). */
  callback(
    xml: string,
    options: { csrf?: string | false; contentType?: string; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = {
      ...options.headers,
      'content-type': options.contentType ?? 'application/xml',
    };
    const csrf = options.csrf === undefined ? this.cookies.get('procedo_csrf') : options.csrf;
    if (csrf) headers['x-csrf-token'] = csrf;
    return this.fetch('callback', { method: 'POST', headers, body: xml });
  }
}

/** `<Command>` with the given fields as text children. */
export function command(fields: Record<string, string>, extra = ''): string {
  const children = Object.entries(fields)
    .map(([name, value]) => `<${name}>${value}</${name}>`)
    .join('');
  return `<Command>${children}${extra}</Command>`;
}

/** A callback Response read back: HTTP status, content type and the Response's parts. */
export interface ReadResponse {
  http: number;
  contentType: string;
  status: string | undefined;
  message: string | undefined;
  exception: string | undefined;
  /** Result's raw inner XML (or text). */
  resultXml: string | undefined;
  body: string;
}

function inner(body: string, name: string): string | undefined {
  const match = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(body);
  return match?.[1];
}

const unescapeXml = (text: string | undefined) =>
  text
    ?.replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** Reads a callback answer (the Response is small and flat, so a regex read is enough here). */
export async function readResponse(response: Response): Promise<ReadResponse> {
  const body = await response.text();
  const result = /<Result>([\s\S]*)<\/Result>/.exec(body)?.[1];
  return {
    http: response.status,
    contentType: response.headers.get('content-type') ?? '',
    status: inner(body, 'Status'),
    message: unescapeXml(inner(body, 'Message')),
    exception: unescapeXml(inner(body, 'Exception')),
    resultXml: result,
    body,
  };
}
