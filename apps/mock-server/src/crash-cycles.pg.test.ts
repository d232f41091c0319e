import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCrashCycles } from './testing/crash-cycles';
import { createTestPgDatabase, type TestPgDatabase } from './testing/pg';

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// A build of its own (other test files build into other folders and run in parallel).
const outDir = path.join(appDir, 'node_modules', '.cache', 'procedo-crash-cycles-pg-test');

let dataDir: string;
let database: TestPgDatabase;

beforeAll(async () => {
  const build = spawnSync(path.join(appDir, 'node_modules', '.bin', 'tsup'), ['--out-dir', outDir], {
    cwd: appDir,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (build.status !== 0) throw new Error(`tsup failed: ${build.stderr}${build.stdout}`);
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
        entry: path.join(outDir, 'server.js'),
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
