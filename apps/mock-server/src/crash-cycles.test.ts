import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from './db/sqlite';
import { appDir, buildServer } from './testing/built-server';
import { runCrashCycles, type ServerLaunch } from './testing/crash-cycles';

/** The server built for this file alone (test files run in parallel). */
let entry: string;
const dataDirs: string[] = [];

const launchOn = async (): Promise<ServerLaunch> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'procedo-crash-cycles-'));
  dataDirs.push(dataDir);
  return { entry, cwd: appDir, env: { PROCEDO_DATA_DIR: dataDir } };
};

beforeAll(() => {
  entry = buildServer('procedo-crash-cycles-test');
}, 130_000);

afterAll(async () => {
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

describe('kill -9 during concurrent writes, on SQLite', () => {
  it('loses no acknowledged write and shows no half-written record or process after each restart', async () => {
    const figures = await runCrashCycles({ launch: await launchOn(), cycles: 6 });
    expect(figures.acknowledged, `seed ${figures.seed}`).toBeGreaterThan(0);
    expect(figures.problems, `seed ${figures.seed}`).toEqual([]);
    expect({ lost: figures.lost, halfWritten: figures.halfWritten }).toEqual({ lost: 0, halfWritten: 0 });
  }, 120_000);

  it('counts acknowledged values, steps and file bytes changed behind the server as lost, and broken audit chains and step orders as half-written', async () => {
    const launch = await launchOn();
    const figures = await runCrashCycles({
      launch,
      cycles: 3,
      afterKill: (cycle) => {
        if (cycle !== 3) return;
        // Stands in for a store that does not keep what it acknowledged.
        const db = openSqlite(path.join(launch.env.PROCEDO_DATA_DIR!, 'demo.sqlite'));
        try {
          db.exec('DROP TRIGGER record_versions_append_only_update');
          db.exec(
            `UPDATE record_versions SET values_json = json_set(values_json, '$.InternalNotes', 'tampered')
             WHERE json_extract(values_json, '$.Name') LIKE 'Crash %'`,
          );
          db.exec("UPDATE process_steps SET state = 'active' WHERE state = 'completed'");
        } finally {
          db.close();
        }
        const files = path.join(launch.env.PROCEDO_DATA_DIR!, 'files');
        for (const name of existsSync(files) ? readdirSync(files) : [])
          writeFileSync(path.join(files, name), 'tampered');
      },
    });
    expect(figures.byKind.recordCreate, `seed ${figures.seed}`).toBeGreaterThan(0);
    expect(figures.lost).toBeGreaterThan(0);
    expect(figures.halfWritten).toBeGreaterThan(0);
    expect(figures.problems).toContainEqual(
      expect.stringMatching(/^lost: record \d+ version \d+: read .*tampered/),
    );
    expect(figures.problems).toContainEqual(
      expect.stringMatching(/^half-written: record \d+: audit chain .*"Intact":false/),
    );
  }, 120_000);
});
