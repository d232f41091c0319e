import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_STATIC_DIR, loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the documented defaults for an empty environment', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: null,
      databasePoolSize: 10,
      sessionTimeoutMinutes: 20,
      staticDir: DEFAULT_STATIC_DIR,
      logLevel: 'info',
      verboseErrors: false,
      faultInjection: false,
      logonRateLimit: { max: 10, windowMs: 60_000 },
      logonIpRateLimit: { max: 50, windowMs: 60_000 },
      logonHashLimit: { concurrency: 2, queue: 32, perAddress: 4 },
      requestLimit: { concurrency: 32, queue: 256, waitMs: 5000 },
      requestTimeoutMs: 30_000,
      sessionMaxHours: 12,
      writeWaitMs: 2000,
      databaseMaxBytes: null,
      allowedOrigins: [],
      signatureRequiresPassword: false,
      searchCountCap: 100_000,
      searchTimeLimitMs: 2000,
      demoLarge: false,
    });
    expect(DEFAULT_STATIC_DIR.endsWith(path.join('apps', 'reference-host', 'dist'))).toBe(true);
  });

  it('reads every variable, fractions of minutes included', () => {
    expect(
      loadConfig({
        PORT: '0',
        HOST: '0.0.0.0',
        PROCEDO_DATA_DIR: '/tmp/p',
        PROCEDO_SESSION_TIMEOUT_MINUTES: '0.5',
        PROCEDO_STATIC_DIR: '/srv/host',
        PROCEDO_LOG_LEVEL: 'silent',
        PROCEDO_VERBOSE_ERRORS: '1',
        PROCEDO_FAULT_INJECTION: 'true',
        PROCEDO_LOGON_RATE_LIMIT: '5/30',
        PROCEDO_LOGON_IP_RATE_LIMIT: '100/120',
        PROCEDO_LOGON_CONCURRENCY: '4',
        PROCEDO_LOGON_QUEUE: '0',
        PROCEDO_LOGON_QUEUE_PER_ADDRESS: '8',
        PROCEDO_SESSION_MAX_HOURS: '8',
        PROCEDO_DB_WRITE_WAIT_MS: '500',
        PROCEDO_DB_MAX_MB: '1.5',
        PROCEDO_ALLOWED_ORIGINS: 'https://procedo.example, http://qa.example:8080/',
        PROCEDO_SIGNATURE_REQUIRES_PASSWORD: '1',
        PROCEDO_SEARCH_COUNT_CAP: '250',
        PROCEDO_SEARCH_TIME_LIMIT_MS: '750',
        PROCEDO_DEMO_LARGE: '1',
        PROCEDO_DATABASE_URL: 'postgres://procedo:secret@db.example:5432/procedo',
        PROCEDO_DATABASE_POOL: '4',
        PROCEDO_REQUEST_CONCURRENCY: '8',
        PROCEDO_REQUEST_QUEUE: '0',
        PROCEDO_REQUEST_QUEUE_WAIT_MS: '250',
        PROCEDO_REQUEST_TIMEOUT_MS: '5000',
      }),
    ).toMatchObject({
      databaseUrl: 'postgres://procedo:secret@db.example:5432/procedo',
      databasePoolSize: 4,
      requestLimit: { concurrency: 8, queue: 0, waitMs: 250 },
      requestTimeoutMs: 5000,
      demoLarge: true,
      signatureRequiresPassword: true,
      searchCountCap: 250,
      searchTimeLimitMs: 750,
      port: 0,
      host: '0.0.0.0',
      dataDir: '/tmp/p',
      sessionTimeoutMinutes: 0.5,
      staticDir: '/srv/host',
      logLevel: 'silent',
      verboseErrors: true,
      faultInjection: true,
      logonRateLimit: { max: 5, windowMs: 30_000 },
      logonIpRateLimit: { max: 100, windowMs: 120_000 },
      logonHashLimit: { concurrency: 4, queue: 0, perAddress: 8 },
      sessionMaxHours: 8,
      writeWaitMs: 500,
      databaseMaxBytes: 1_572_864,
      allowedOrigins: ['https://procedo.example', 'http://qa.example:8080'],
    });
  });

  it('fails fast naming every bad variable', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', PROCEDO_SESSION_TIMEOUT_MINUTES: '-1', PROCEDO_LOGON_RATE_LIMIT: 'many' }),
    ).toThrow(/PORT[\s\S]*PROCEDO_SESSION_TIMEOUT_MINUTES[\s\S]*PROCEDO_LOGON_RATE_LIMIT/);
    expect(() => loadConfig({ PROCEDO_VERBOSE_ERRORS: 'yes' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ PROCEDO_DATABASE_URL: 'mysql://db/procedo', PROCEDO_REQUEST_CONCURRENCY: '0' }),
    ).toThrow(/PROCEDO_DATABASE_URL[\s\S]*PROCEDO_REQUEST_CONCURRENCY/);
    expect(() =>
      loadConfig({ PROCEDO_SESSION_MAX_HOURS: '0', PROCEDO_ALLOWED_ORIGINS: 'javascript:alert(1)' }),
    ).toThrow(/PROCEDO_SESSION_MAX_HOURS[\s\S]*PROCEDO_ALLOWED_ORIGINS/);
    expect(() =>
      loadConfig({
        PROCEDO_LOGON_IP_RATE_LIMIT: '0/60',
        PROCEDO_LOGON_CONCURRENCY: '0',
        PROCEDO_LOGON_QUEUE: '-1',
      }),
    ).toThrow(/PROCEDO_LOGON_IP_RATE_LIMIT[\s\S]*PROCEDO_LOGON_CONCURRENCY[\s\S]*PROCEDO_LOGON_QUEUE/);
  });
});
