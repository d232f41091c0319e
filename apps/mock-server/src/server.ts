import { realpathSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type Logger, pino } from 'pino';
import { z } from 'zod';
import { createApp } from './app';
import { ConfigError, loadConfig, type ServerOptions } from './config';
import { DATABASES } from './db/catalog';
import { openPgCatalog } from './db/pg-catalog';
import { DEMO_ACCOUNTS } from './db/seed-data';
import { LARGE_DEMO_BATCHES } from './db/seed-large';
import { openSqliteCatalog } from './db/sqlite-catalog';
import { sweepFiles } from './features/files/files-sweep';

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
  databaseUrl: z.string().min(1).nullable(),
  databasePoolSize: z.number().int().min(1),
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
  requestLimit: z.object({
    concurrency: z.number().int().min(1),
    queue: z.number().int().min(0),
    waitMs: z.number().int().min(1),
  }),
  requestTimeoutMs: z.number().int().min(1000),
  sessionMaxHours: z.number().positive(),
  writeWaitMs: z.number().int().min(0),
  searchCountCap: z.number().int().min(1),
  // 0: a statement stops as soon as it reads its clock (tests).
  searchTimeLimitMs: z.number().int().min(0),
  databaseMaxBytes: z.number().int().positive().nullable(),
  allowedOrigins: z.array(z.string()),
  signatureRequiresPassword: z.boolean(),
  demoLarge: z.boolean(),
  demoLargeBatches: z.number().int().min(1).optional(),
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
  const logger = pino(
    {
      level: options.logLevel,
      base: { service: 'procedo-server' },
      redact: {
        paths: ['password', 'Password', 'token', 'cookie', '*.headers.cookie'],
        censor: '[redacted]',
      },
    },
    options.logDestination,
  );

  const largeDemoBatches = options.demoLarge ? (options.demoLargeBatches ?? LARGE_DEMO_BATCHES) : null;
  const catalog = options.databaseUrl
    ? await openPgCatalog({
        url: options.databaseUrl,
        logger,
        now,
        poolSize: options.databasePoolSize,
        searchCountCap: options.searchCountCap,
        searchTimeLimitMs: options.searchTimeLimitMs,
        largeDemoBatches,
      })
    : await openSqliteCatalog({
        dataDir: options.dataDir,
        logger,
        now,
        writeWaitMs: options.writeWaitMs,
        searchCountCap: options.searchCountCap,
        searchTimeLimitMs: options.searchTimeLimitMs,
        maxBytes: options.databaseMaxBytes,
        largeDemoBatches,
      });
  // Housekeeping: a folder that cannot be swept now is swept at a later start. Not on PostgreSQL:
  // the uploads folder is shared with other servers there, and a file another server has just
  // stored but not yet committed would look orphaned and be removed under an upload it then
  // acknowledges. Orphans there only take space (docs/deployment.md).
  if (!options.databaseUrl) {
    await sweepFiles({ dataDir: options.dataDir, catalog, logger, fs: options.filesFs }).catch(
      (error: unknown) => logger.error({ err: error }, 'could not sweep the files folder'),
    );
  }
  let closing: Promise<void> | undefined;
  const { app, drain } = createApp({
    catalog,
    logger,
    now,
    options,
    filesFs: options.filesFs,
    isClosing: () => closing !== undefined,
  });
  const server = createServer({ requestTimeout: options.requestTimeoutMs }, app);
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
      await drain();
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

/** Where the databases are, for the banner: never the URL's password. */
function whereStored(options: ServerOptions): string {
  if (!options.databaseUrl) return options.dataDir;
  const url = new URL(options.databaseUrl);
  return `PostgreSQL ${url.host || url.searchParams.get('host') || 'localhost'}${url.pathname} (one schema each; uploads in ${options.dataDir})`;
}

function banner(running: RunningServer, options: ServerOptions): string {
  return [
    `Procedo reference server listening on ${running.url}`,
    `  Databases: ${DATABASES.map((db) => `${db.id} (${db.name})`).join(', ')} in ${whereStored(options)}`,
    `  Demo accounts: ${DEMO_ACCOUNTS.map((a) => `${a.userName} / ${a.password} (${a.role})`).join(', ')}`,
    `  Session idle timeout: ${options.sessionTimeoutMinutes} minutes, lifetime at most ${options.sessionMaxHours} hours`,
    `  Serving the reference host from: ${options.staticDir ?? '(none)'}`,
  ].join('\n');
}

/**
 * The last resort for a failure no handler caught: log it as fatal, flush the log, exit 1 — and
 * let the supervisor (`npm start`, `npm run serve`, systemd) start a fresh process. Carrying on
 * after an uncaught exception would serve from state nobody can vouch for.
 */
function exitOnCrash(getLogger: () => Logger | undefined): void {
  let crashing = false;
  const crash = (error: unknown, origin: string) => {
    if (crashing) return;
    crashing = true;
    process.exitCode = 1;
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.error(`Procedo server crashed (${origin}); exiting.\n${detail}`);
    const logger = getLogger();
    if (!logger) process.exit(1);
    logger.fatal({ err: error, origin }, 'server crashed: exiting');
    logger.flush(() => process.exit(1));
    // Should the flush never call back.
    setTimeout(() => process.exit(1), 2000).unref();
  };
  process.on('uncaughtException', (error, origin) => crash(error, origin));
  process.on('unhandledRejection', (reason) => crash(reason, 'unhandledRejection'));
}

async function main(): Promise<void> {
  let started: Awaited<ReturnType<typeof start>> | undefined;
  exitOnCrash(() => started?.logger);
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

  // Ctrl+C in a terminal reaches both `npm start` and the server, and the supervisor passes it on
  // too: a second signal must not cut the graceful stop short.
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
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
