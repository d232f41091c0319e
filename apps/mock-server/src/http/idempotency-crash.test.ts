import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDir, buildServer } from '../testing/built-server';
import { type CreateKind, createCrashRetry, writeCrashPreload } from '../testing/crash-after-commit';
import type { ServerLaunch } from '../testing/crash-client';

/** The server built for this file alone (test files run in parallel). */
let entry: string;
let dataDir: string;
let launch: ServerLaunch;
let preload: string;

beforeAll(async () => {
  entry = buildServer('procedo-idempotency-crash-test');
  dataDir = await mkdtemp(path.join(tmpdir(), 'procedo-idempotency-crash-'));
  preload = await writeCrashPreload(dataDir);
  launch = { entry, cwd: appDir, env: { PROCEDO_DATA_DIR: dataDir } };
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
