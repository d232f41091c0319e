import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDir, buildServer } from './testing/built-server';
import { runCrashCycles } from './testing/crash-cycles';
import { createTestPgDatabase, type TestPgDatabase } from './testing/pg';

/** The server built for this file alone (test files run in parallel). */
let entry: string;
let dataDir: string;
let database: TestPgDatabase;

beforeAll(async () => {
  entry = buildServer('procedo-crash-cycles-pg-test');
  dataDir = await mkdtemp(path.join(tmpdir(), 'procedo-crash-cycles-pg-'));
  database = await createTestPgDatabase();
}, 130_000);

afterAll(async () => {
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('kill -9 during concurrent writes, on PostgreSQL', () => {
  it('loses no acknowledged write and shows no half-written record or process after each restart', async () => {
    const figures = await runCrashCycles({
      launch: {
        entry,
        cwd: appDir,
        env: { PROCEDO_DATA_DIR: dataDir, PROCEDO_DATABASE_URL: database.url },
      },
      cycles: 6,
    });
    expect(figures.acknowledged, `seed ${figures.seed}`).toBeGreaterThan(0);
    expect(figures.problems, `seed ${figures.seed}`).toEqual([]);
    expect({ lost: figures.lost, halfWritten: figures.halfWritten }).toEqual({ lost: 0, halfWritten: 0 });
  }, 120_000);
});
