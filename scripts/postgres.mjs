// A throwaway PostgreSQL server for a test run: a temporary data directory, reached through a
// Unix socket in that directory only (no TCP port to collide with), stopped and deleted at the end.
// Uses Debian's PostgreSQL (`/usr/lib/postgresql/<major>/bin`, package `postgresql`); as root it
// installs the package when missing and runs the server as the `postgres` user (initdb refuses root).
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { installDebianPackage } from './lib.mjs';

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** The bin directory of the newest installed PostgreSQL (`PROCEDO_PG_BIN` to choose one). */
export function postgresBin() {
  const chosen = process.env.PROCEDO_PG_BIN;
  if (chosen) return existsSync(path.join(chosen, 'initdb')) ? chosen : null;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const majors = readdirSync(base)
    .filter((name) => /^\d+$/.test(name) && existsSync(path.join(base, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors.length > 0 ? path.join(base, majors[0], 'bin') : null;
}

/** The PostgreSQL bin directory, installing Debian's `postgresql` first when root and missing. */
export function ensurePostgres() {
  const found = postgresBin();
  if (found) return found;
  installDebianPackage('postgresql', 'The server tests on PostgreSQL need PostgreSQL 15 or newer.');
  const installed = postgresBin();
  if (!installed) {
    console.error("Debian's package 'postgresql' installed no server binaries under /usr/lib/postgresql.");
    process.exit(1);
  }
  return installed;
}

function runAsOwner(bin, tool, args) {
  const command = path.join(bin, tool);
  const result = isRoot()
    ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
    : spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(
      `${tool} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
    );
  }
}

/**
 * Starts a throwaway server and returns its URL and `stop()`. Durability is off (fsync, full page
 * writes) unless `durable`: the tests kill our server, never PostgreSQL, and a lost test database
 * costs nothing; benchmarks compare with SQLite's `synchronous=FULL` and ask for `durable`.
 * Text sorts byte by byte (`--locale=C`), as on SQLite.
 */
export function startThrowawayPostgres({
  bin = ensurePostgres(),
  maxConnections = 300,
  durable = false,
} = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'procedo-pg-'));
  if (isRoot())
    chownSync(dir, Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim()), 0);
  const data = path.join(dir, 'data');
  runAsOwner(bin, 'initdb', [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  const settings = [
    `-k ${dir}`,
    "-c listen_addresses=''",
    `-c max_connections=${maxConnections}`,
    ...(durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
    '-c shared_buffers=128MB',
  ].join(' ');
  runAsOwner(bin, 'pg_ctl', ['-D', data, '-o', settings, '-l', path.join(dir, 'log'), '-w', 'start']);
  let stopped = false;
  return {
    url: `postgres://postgres@localhost/postgres?host=${encodeURIComponent(dir)}`,
    dir,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        runAsOwner(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
