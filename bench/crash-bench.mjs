// Crash benchmark (run after `corepack pnpm --filter @procedo/client-api --filter
// @procedo/mock-server run build`): BENCH_CYCLES (default 100) kill -9 cycles against the built
// server (apps/mock-server/dist/server.js in a child process), first on SQLite (a temporary data
// folder), then on a throwaway durable PostgreSQL (scripts/postgres.mjs). Each cycle drives
// concurrent record creates and updates, process creates and step runs, and uploads for a random 50–400 ms,
// kills the server with SIGKILL, restarts it on the same data and checks every acknowledged write
// and every record and process written to (apps/mock-server/src/testing/crash-cycles.ts).
// Prints and writes `bench/results/crash.json`: per engine cycles, writes attempted,
// acknowledged, lost, half-written, seconds. Exits 1 when anything was lost or half-written.
// Env: BENCH_CYCLES, BENCH_WRITERS (concurrent writers, default 6), BENCH_SEED.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startThrowawayPostgres } from '../scripts/postgres.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const appDir = path.join(root, 'apps/mock-server');
const dist = path.join(appDir, 'dist');
const cycles = Number(process.env.BENCH_CYCLES ?? 100);
const writers = Number(process.env.BENCH_WRITERS ?? 6);
const seed = process.env.BENCH_SEED === undefined ? undefined : Number(process.env.BENCH_SEED);

let runCrashCycles;
try {
  ({ runCrashCycles } = await import(pathToFileURL(path.join(dist, 'bench-support.js')).href));
} catch (error) {
  console.error(
    `Build the server first (corepack pnpm --filter @procedo/mock-server build): ${error.message}`,
  );
  process.exit(1);
}

async function runOn(engine, env) {
  const dataDir = await mkdtemp(path.join(tmpdir(), `procedo-crash-${engine}-`));
  try {
    const figures = await runCrashCycles({
      launch: {
        entry: path.join(dist, 'server.js'),
        cwd: appDir,
        env: { PROCEDO_DATA_DIR: dataDir, ...env },
      },
      cycles,
      writers,
      seed,
      log: (line) => console.error(`${engine} ${line}`),
    });
    return figures;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const report = { date: new Date().toISOString(), cycles, writers, engines: {} };
report.engines.sqlite = await runOn('sqlite', {});
// Durable (fsync on), as SQLite runs with synchronous=FULL.
const postgres = startThrowawayPostgres({ durable: true });
try {
  report.engines.postgres = await runOn('postgres', { PROCEDO_DATABASE_URL: postgres.url });
} finally {
  postgres.stop();
}

console.log(JSON.stringify(report, null, 2));
const results = path.join(root, 'bench/results');
await mkdir(results, { recursive: true });
await writeFile(path.join(results, 'crash.json'), `${JSON.stringify(report, null, 2)}\n`);
const bad = Object.values(report.engines).some((figures) => figures.lost > 0 || figures.halfWritten > 0);
process.exitCode = bad ? 1 : 0;
