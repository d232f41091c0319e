import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { procedoProject } from '../../vitest.shared';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The server tests that run on PostgreSQL too: every test file that starts a test server and does
 * not reach into SQLite itself (those that do name it — the SQLite engine's own tests, and tests
 * that read or alter the file behind the server's back), plus the PostgreSQL-only `*.pg.test.ts`.
 */
function engineNeutralServerTests(): string[] {
  const files = readdirSync(path.join(here, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts') && !file.endsWith('.pg.test.ts'))
    .map((file) => path.join('src', file));
  return files.filter((file) => {
    const text = readFileSync(path.join(here, file), 'utf8');
    return /startTestServer|startSignedInServer/.test(text) && !/sqlite/i.test(text);
  });
}

/**
 * The server's tests on PostgreSQL: a throwaway PostgreSQL server for the run
 * (test/pg-global-setup.ts), each test server in a database of its own (testing/harness.ts).
 */
export default procedoProject('mock-server-pg', {
  include: ['src/**/*.pg.test.ts', ...engineNeutralServerTests()],
  globalSetup: ['./test/pg-global-setup.ts'],
  env: { PROCEDO_TEST_ENGINE: 'postgres' },
  // A limit, not a speed check: parity tests compare whole seeded databases on a shared machine.
  testTimeout: 30_000,
});
