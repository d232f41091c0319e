import { realpathSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type Logger, pino } from 'pino';
import { z } from 'zod';
import { createApp } from './app';
import { ConfigError, loadConfig, type ServerOptions } from './config';
import { DEMO_ACCOUNTS } from './db/seed-data';
import { DATABASES, openSqliteCatalog } from './db/sqlite-catalog';

export type { ServerOptions } from './config';

/** A listening server. */
export interface RunningServer {
  /** Base URL with a trailing slash, e.g. `http://127.0.0.1:3000/`. */
  url: string;
  /** The port actually bound (useful with `port: 0`). */
  port: number;
  /** Stops accepting, lets in-flight requests finish, closes the databases. Idempotent. */
  close(): Promise<void>;
}

const OptionsSchema = z.object({
  port: z.number().int().min(0).max(65535),
  host: z.string().min(1),
  dataDir: z.string().min(1),
  sessionTimeoutMinutes: z.number().positive(),
  staticDir: z.string().min(1).nullable(),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  verboseErrors: z.boolean(),
  faultInjection: z.boolean(),
  logonRateLimit: z.object({ max: z.number().int().min(1), windowMs: z.number().int().min(1) }),
  logonIpRateLimit: z.object({ max: z.number().int().min(1), windowMs: z.number().int().min(1) }),
  logonHashLimit: z.object({
    concurrency: z.number().int().min(1),
    queue: z.number().int().min(0),
    perAddress: z.number().int().min(1),
  }),
});

// In-flight requests get this long to finish on close before their connections are cut.
const SHUTDOWN_GRACE_MS = 10_000;

async function start(overrides: Partial<ServerOptions>): Promise<{
  running: RunningServer;
  logger: Logger;
  options: ServerOptions;
}> {
  const merged = { ...loadConfig(), ...overrides };
  const checked = OptionsSchema.safeParse(merged);
  if (!checked.success) {
    const detail = checked.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new ConfigError(`Invalid server options: ${detail}`);
  }
  const options: ServerOptions = { ...merged, ...checked.data };
  const now = options.now ?? Date.now;
  const logger = pino({
    level: options.logLevel,
    base: { service: 'procedo-server' },
    redact: { paths: ['password', 'Password', 'token', 'cookie', '*.headers.cookie'], censor: '[redacted]' },
  });

  const catalog = await openSqliteCatalog({ dataDir: options.dataDir, logger, now });
  const app = createApp({ catalog, logger, now, options });
  const server = createServer(app);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await catalog.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      });
      await catalog.close();
      logger.info('server stopped');
      logger.flush();
    })();
    return closing;
  };

  return { running: { url: `http://${host}:${port}/`, port, close }, logger, options };
}

/**
 * Starts the reference server: opens (creating, migrating and seeding on first start) the
 * SQLite databases and listens. Options not given come from the environment (see config.ts).
 *
 * @example
 * const server = await startServer({ port: 0, dataDir: tmp, logLevel: 'silent' });
 * await fetch(`${server.url}api/v1/session/databases`);
 * await server.close();
 */
export async function startServer(options: Partial<ServerOptions> = {}): Promise<RunningServer> {
  return (await start(options)).running;
}

function banner(running: RunningServer, options: ServerOptions): string {
  return [
    `Procedo reference server listening on ${running.url}`,
    `  Databases: ${DATABASES.map((db) => `${db.id} (${db.name})`).join(', ')} in ${options.dataDir}`,
    `  Demo accounts: ${DEMO_ACCOUNTS.map((a) => `${a.userName} / ${a.password} (${a.role})`).join(', ')}`,
    `  Session idle timeout: ${options.sessionTimeoutMinutes} minutes`,
    `  Serving the reference host from: ${options.staticDir ?? '(none)'}`,
  ].join('\n');
}

async function main(): Promise<void> {
  let started: Awaited<ReturnType<typeof start>>;
  try {
    started = await start({});
  } catch (error) {
    console.error(
      error instanceof ConfigError ? error.message : `Procedo server failed to start: ${String(error)}`,
    );
    process.exit(1);
  }
  const { running, logger, options } = started;
  console.log(banner(running, options));
  logger.info({ url: running.url }, 'server listening');

  const stop = (signal: NodeJS.Signals) => {
    logger.info({ signal }, 'shutting down');
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

function isEntryPoint(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) void main();
