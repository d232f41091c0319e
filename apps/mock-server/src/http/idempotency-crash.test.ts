import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreateKind, createCrashRetry, writeCrashPreload } from '../testing/crash-after-commit';
import type { ServerLaunch } from '../testing/crash-client';

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// A build of its own (other test files build into other folders and run in parallel).
const outDir = path.join(appDir, 'node_modules', '.cache', 'procedo-idempotency-crash-test');

let dataDir: string;
let launch: ServerLaunch;
let preload: string;

beforeAll(async () => {
  const build = spawnSync(path.join(appDir, 'node_modules', '.bin', 'tsup'), ['--out-dir', outDir], {
    cwd: appDir,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (build.status !== 0) throw new Error(`tsup failed: ${build.stderr}${build.stdout}`);
  dataDir = await mkdtemp(path.join(tmpdir(), 'procedo-idempotency-crash-'));
  preload = await writeCrashPreload(dataDir);
  launch = { entry: path.join(outDir, 'server.js'), cwd: appDir, env: { PROCEDO_DATA_DIR: dataDir } };
}, 130_000);

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('a crash right after a create with an Idempotency-Key commits, on SQLite', () => {
  it.each<CreateKind>(['record', 'process', 'file'])(
    'answers the retry after the abandonment time with the first %s, replayed, and stores it once',
    async (kind) => {
      const after = await createCrashRetry({ launch, preload, kind, name: `Crashed ${kind} create` });
      expect(after.firstAnswered).toBe(false);
      expect(after.stored).toHaveLength(1);
      expect(after.retry).toEqual({ status: 201, replayed: 'true', id: after.stored[0] });
    },
    60_000,
  );
});
