import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DestinationStream } from 'pino';
import { z } from 'zod';
import type { FilesFs } from './features/files/files-fs';

/** Options of the reference server; every field has a default taken from the environment. */
export interface ServerOptions {
  /** TCP port; 0 picks a free one. @default 3000 (env PORT) */
  port: number;
  /** Interface to listen on. @default '127.0.0.1' (env HOST) */
  host: string;
  /** Folder of the SQLite files (`demo.sqlite`, `training.sqlite`) and of uploaded files. @default './data' (env PROCEDO_DATA_DIR) */
  dataDir: string;
  /**
   * A PostgreSQL to keep the databases in instead of SQLite files (`postgres://user:password@host:5432/db`):
   * one schema per database of the logon list; several servers may share it. @default null: SQLite (env PROCEDO_DATABASE_URL)
   */
  databaseUrl: string | null;
  /** Connections each database's pool holds at most on this server (PostgreSQL). @default 10 (env PROCEDO_DATABASE_POOL) */
  databasePoolSize: number;
  /** Idle timeout of a session in minutes; fractions allowed. @default 20 (env PROCEDO_SESSION_TIMEOUT_MINUTES) */
  sessionTimeoutMinutes: number;
  /** Built reference host to serve, or null for none. @default '<repo>/apps/reference-host/dist' (env PROCEDO_STATIC_DIR) */
  staticDir: string | null;
  /** pino level (`silent` in tests). @default 'info' (env PROCEDO_LOG_LEVEL) */
  logLevel: string;
  /** Put the exception's short line into 500 answers and tell the page (session context `VerboseErrors`). @default false (env PROCEDO_VERBOSE_ERRORS) */
  verboseErrors: boolean;
  /** Enable the `Diagnostics.*` commands and `/api/v1/diagnostics/*` routes. @default false (env PROCEDO_FAULT_INJECTION) */
  faultInjection: boolean;
  /** Failed logons allowed per IP + database + user name in a window. @default { max: 10, windowMs: 60000 } (env PROCEDO_LOGON_RATE_LIMIT "10/60") */
  logonRateLimit: { max: number; windowMs: number };
  /** Failed logons allowed per client address, whatever the user name, in a window. @default { max: 50, windowMs: 60000 } (env PROCEDO_LOGON_IP_RATE_LIMIT "50/60") */
  logonIpRateLimit: { max: number; windowMs: number };
  /** Logons checking a password at once, logons allowed to wait for that, and how many of those (running or waiting) one client address may hold; more: 503 SERVER_BUSY. @default { concurrency: 2, queue: 32, perAddress: 4 } (env PROCEDO_LOGON_CONCURRENCY, PROCEDO_LOGON_QUEUE, PROCEDO_LOGON_QUEUE_PER_ADDRESS) */
  logonHashLimit: { concurrency: number; queue: number; perAddress: number };
  /**
   * Requests worked on at once, requests allowed to wait for that, and the longest wait (ms); any
   * more is answered 503 SERVER_BUSY with Retry-After at once. @default { concurrency: 32, queue: 256, waitMs: 5000 }
   * (env PROCEDO_REQUEST_CONCURRENCY, PROCEDO_REQUEST_QUEUE, PROCEDO_REQUEST_QUEUE_WAIT_MS)
   */
  requestLimit: { concurrency: number; queue: number; waitMs: number };
  /** Longest time to receive a whole request (Node's `requestTimeout`; slow senders get 408). @default 30000 (env PROCEDO_REQUEST_TIMEOUT_MS) */
  requestTimeoutMs: number;
  /** Absolute lifetime of a session in hours, whatever its activity (ASVS 7.3.2). @default 12 (env PROCEDO_SESSION_MAX_HOURS) */
  sessionMaxHours: number;
  /** How long a write waits for another process's write lock before answering 503. @default 2000 (env PROCEDO_DB_WRITE_WAIT_MS) */
  writeWaitMs: number;
  /** Rows a search's count reads at most; past it the count answers "more than" this. @default 100000 (env PROCEDO_SEARCH_COUNT_CAP) */
  searchCountCap: number;
  /**
   * ms a search page's statement (or its count) may run: a page stopped there answers 422
   * SEARCH_TIME_LIMIT, a count "more than" the rows found. @default 2000 (env PROCEDO_SEARCH_TIME_LIMIT_MS)
   */
  searchTimeLimitMs: number;
  /** Quota of each database file in bytes (writes past it answer 507), or null for none. @default null (env PROCEDO_DB_MAX_MB, megabytes) */
  databaseMaxBytes: number | null;
  /**
   * Origins besides the server's own that may send state-changing requests (e.g. the public
   * origin of a reverse proxy that rewrites Host). @default [] (env PROCEDO_ALLOWED_ORIGINS, comma-separated)
   */
  allowedOrigins: string[];
  /**
   * Part 11 `SignatureRequiresPassword`: the first signature of each session (a logon, also the
   * lock screen's, starts one) also needs the signer's password. @default false (env PROCEDO_SIGNATURE_REQUIRES_PASSWORD)
   */
  signatureRequiresPassword: boolean;
  /**
   * The `large` demo (issue 13): a NEW `demo` database gets batches up to {@link demoLargeBatches}
   * (a million) on its first start, about a minute of seeding. @default false (env PROCEDO_DEMO_LARGE)
   */
  demoLarge: boolean;
  /** Batches the large demo tops the `demo` database up to (tests use a few thousand); not from the environment. @default 1000000 */
  demoLargeBatches?: number;
  /** Clock in epoch milliseconds (tests inject a fake one). @default Date.now */
  now?: () => number;
  /** File-system calls of uploads (tests inject a full disk); not from the environment. @default node:fs/promises */
  filesFs?: FilesFs;
  /** Where log lines go (tests read them); not from the environment. @default stdout */
  logDestination?: DestinationStream;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

// Both src/config.ts and the bundled dist/server.js sit one folder below apps/mock-server.
const here = path.dirname(fileURLToPath(import.meta.url));
/** Where the built reference host lives in this repository. */
export const DEFAULT_STATIC_DIR = path.resolve(here, '../../reference-host/dist');

const flag = z
  .enum(['0', '1', 'true', 'false'], { message: 'must be 0, 1, true or false' })
  .transform((value) => value === '1' || value === 'true');

/** `"max/seconds"`, e.g. `"10/60"`: a fixed-window rate limit. */
const rateLimitText = (fallback: string) =>
  z
    .string()
    .regex(/^\d+\/\d+(\.\d+)?$/, 'must be "max/seconds", e.g. "10/60"')
    .default(fallback)
    .transform((value) => {
      const [max, seconds] = value.split('/');
      return { max: Number(max), windowMs: Math.round(Number(seconds) * 1000) };
    })
    .refine((limit) => limit.max >= 1 && limit.windowMs >= 1, 'max and seconds must be at least 1');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PROCEDO_DATA_DIR: z.string().min(1).default('./data'),
  PROCEDO_DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  PROCEDO_DATABASE_POOL: z.coerce.number().int().min(1).max(1000).default(10),
  PROCEDO_SESSION_TIMEOUT_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(20),
  PROCEDO_STATIC_DIR: z.string().min(1).optional(),
  PROCEDO_LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  PROCEDO_VERBOSE_ERRORS: flag.default(false),
  PROCEDO_FAULT_INJECTION: flag.default(false),
  PROCEDO_LOGON_RATE_LIMIT: z
    .string()
    .regex(/^\d+\/\d+(\.\d+)?$/, 'must be "max/seconds", e.g. "10/60"')
    .default('10/60')
    .transform((value) => {
      const [max, seconds] = value.split('/');
      return { max: Number(max), windowMs: Math.round(Number(seconds) * 1000) };
    })
    .refine((limit) => limit.max >= 1 && limit.windowMs >= 1, 'max and seconds must be at least 1'),
  PROCEDO_LOGON_IP_RATE_LIMIT: rateLimitText('50/60'),
  PROCEDO_LOGON_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  PROCEDO_LOGON_QUEUE: z.coerce.number().int().min(0).max(10_000).default(32),
  PROCEDO_LOGON_QUEUE_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(4),
  PROCEDO_REQUEST_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).default(32),
  PROCEDO_REQUEST_QUEUE: z.coerce.number().int().min(0).max(100_000).default(256),
  PROCEDO_REQUEST_QUEUE_WAIT_MS: z.coerce.number().int().min(1).max(600_000).default(5000),
  PROCEDO_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
  PROCEDO_SESSION_MAX_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12),
  PROCEDO_DB_WRITE_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  PROCEDO_SEARCH_COUNT_CAP: z.coerce.number().int().min(1).max(10_000_000).default(100_000),
  PROCEDO_SEARCH_TIME_LIMIT_MS: z.coerce.number().int().min(10).max(600_000).default(2000),
  PROCEDO_DB_MAX_MB: z.coerce.number().positive().optional(),
  PROCEDO_SIGNATURE_REQUIRES_PASSWORD: flag.default(false),
  PROCEDO_DEMO_LARGE: flag.default(false),
  PROCEDO_ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/, message: 'must be origins like https://procedo.example' }))),
});

/** A configuration error: the message names every bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads the server options from environment variables, validated with zod; throws a
 * {@link ConfigError} naming each bad variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerOptions {
  // Empty variables count as unset, as shells often export them empty.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid Procedo server configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.PROCEDO_DATA_DIR),
    databaseUrl: e.PROCEDO_DATABASE_URL ?? null,
    databasePoolSize: e.PROCEDO_DATABASE_POOL,
    sessionTimeoutMinutes: e.PROCEDO_SESSION_TIMEOUT_MINUTES,
    staticDir: e.PROCEDO_STATIC_DIR ? path.resolve(e.PROCEDO_STATIC_DIR) : DEFAULT_STATIC_DIR,
    logLevel: e.PROCEDO_LOG_LEVEL,
    verboseErrors: e.PROCEDO_VERBOSE_ERRORS,
    faultInjection: e.PROCEDO_FAULT_INJECTION,
    logonRateLimit: e.PROCEDO_LOGON_RATE_LIMIT,
    logonIpRateLimit: e.PROCEDO_LOGON_IP_RATE_LIMIT,
    logonHashLimit: {
      concurrency: e.PROCEDO_LOGON_CONCURRENCY,
      queue: e.PROCEDO_LOGON_QUEUE,
      perAddress: e.PROCEDO_LOGON_QUEUE_PER_ADDRESS,
    },
    requestLimit: {
      concurrency: e.PROCEDO_REQUEST_CONCURRENCY,
      queue: e.PROCEDO_REQUEST_QUEUE,
      waitMs: e.PROCEDO_REQUEST_QUEUE_WAIT_MS,
    },
    requestTimeoutMs: e.PROCEDO_REQUEST_TIMEOUT_MS,
    sessionMaxHours: e.PROCEDO_SESSION_MAX_HOURS,
    writeWaitMs: e.PROCEDO_DB_WRITE_WAIT_MS,
    searchCountCap: e.PROCEDO_SEARCH_COUNT_CAP,
    searchTimeLimitMs: e.PROCEDO_SEARCH_TIME_LIMIT_MS,
    databaseMaxBytes:
      e.PROCEDO_DB_MAX_MB === undefined ? null : Math.round(e.PROCEDO_DB_MAX_MB * 1024 * 1024),
    allowedOrigins: e.PROCEDO_ALLOWED_ORIGINS.map((origin) => new URL(origin).origin),
    signatureRequiresPassword: e.PROCEDO_SIGNATURE_REQUIRES_PASSWORD,
    demoLarge: e.PROCEDO_DEMO_LARGE,
  };
}
